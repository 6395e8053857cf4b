import { routeUrl } from '@xpark/contract/kit'
import { eq, getTableColumns, getTableName, ne, notInArray, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ADMINISTRATOR } from '../core/auth/route-permissions.js'
import type { Resource } from '../core/crud/index.js'
import { nextId } from '../core/ids.js'
import { columnKind } from '../core/query/values.js'
import { scoped } from '../core/tenancy.js'
import { changedTables, fingerprint } from './fingerprint.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from './harness.js'
import { formSample, insertSample, SAMPLES, targetTable, wireValue } from './samples.js'

/**
 * The write sweep (issue 26): every write route the app registers, built from its route table, so a
 * new module is swept without an edit here.
 *
 * Kit routes (the route names its resource): for every resource, a live row of the caller's is the
 * base; every form field in turn gets values that are not what it is — booleans, arrays and objects
 * for numbers, days that do not exist for dates, 100 KB for text, an unknown id and another tenant's
 * id for every declared reference — on the resource's update (the row plus the one bad field) and
 * insert; each must be refused with a 4xx and a message, and the resource's tables must be as they
 * were. Then each required field left out of an insert must be refused, and no field left out may
 * answer 5xx. Hand-written routes get the same values in every property their body schema declares:
 * never a 5xx, a message on every 4xx, and the database unchanged by what was refused.
 *
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */

const API = '/xparkApi'
const TENANT = '100001'
const OTHER_TENANT = '000000'
const UNKNOWN_ID = '9000000000000000001'
/** 100 KB of text, or one character past a field's own limit where that is longer (a notice's content) */
const LONG = 102_400
function longTextFor(schema: unknown): string {
  let max: number | undefined
  try {
    max = (
      z.toJSONSchema(schema as z.ZodType, { unrepresentable: 'any', io: 'input' }) as { maxLength?: number }
    ).maxLength
  } catch {
    max = undefined
  }
  return '长'.repeat(Math.max(LONG, (max ?? 0) + 1))
}

/** Resources the sweep cannot start from a row of, and why (their writes are swept elsewhere). */
const UNSWEPT: Readonly<Record<string, string>> = {
  'blade-resource/attach': 'rows come from uploads (attach.test.ts); its only form field is the name',
}

/** Fields whose schema takes an array by design (a comma list sent as an array). */
const TAKES_ARRAYS: Readonly<Record<string, readonly string[]>> = {
  'blade-system/menu': ['roles'],
  'blade-system/menuApp': ['roles'],
}

type Json = Record<string, unknown>
type Columns = Record<string, PgColumn>

interface JsonSchema {
  type?: string | string[]
  anyOf?: JsonSchema[]
  maxLength?: number
}

interface Operation {
  parameters?: { name: string; in: string; schema?: JsonSchema }[]
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, JsonSchema> } }> }
}

/** The JSON types a schema admits (through anyOf). */
function typesOf(schema: JsonSchema): Set<string> {
  const out = new Set<string>([schema.type ?? []].flat())
  for (const s of schema.anyOf ?? []) for (const t of typesOf(s)) out.add(t)
  return out
}

/** Values a property of a declared type is not. */
function junkOfSchema(name: string, schema: JsonSchema): unknown[] {
  const types = typesOf(schema)
  const out: unknown[] = [{ a: 1 }]
  if (!types.has('array')) out.push([1])
  if (!types.has('boolean')) out.push(true)
  if ((types.has('number') || types.has('integer')) && !types.has('string')) out.push('abc')
  if (types.has('string') && !types.has('number') && !types.has('integer'))
    out.push('长'.repeat(Math.max(LONG, (schema.maxLength ?? 0) + 1)))
  if (types.has('string') && /date$/i.test(name)) out.push('2026-02-30')
  if (types.has('string') && /time$/i.test(name)) out.push('2026-13-01 10:00:00')
  return out
}

interface Reply {
  status: number
  msg: unknown
  body: string
}

function replyOf(res: LightMyRequestResponse): Reply {
  let msg: unknown
  try {
    msg = (res.json() as { msg?: unknown }).msg
  } catch {
    msg = undefined
  }
  return { status: res.statusCode, msg, body: res.body.slice(0, 300) }
}

/** A refusal as the sweep wants it: a 4xx (not 401) with a message. */
function isRefusal(r: Reply): boolean {
  return r.status >= 400 && r.status < 500 && r.status !== 401 && typeof r.msg === 'string' && r.msg !== ''
}

describe('write sweep: every write route refuses what is not its input, and changes nothing', () => {
  let t: TestContext
  let park: Headers
  let platform: Headers
  /** per referenced table: an id of another tenant's row (made when the seed has none) */
  const foreignIds = new Map<PgTable, string | undefined>()

  const send = async (url: string, headers: Headers, payload: unknown, query?: Record<string, string>) =>
    replyOf(
      await t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
        ...(query ? { query } : {}),
      }),
    )

  /** One digest of a table's rows (in a stable order). */
  const digest = async (table: PgTable): Promise<string> => {
    const name = getTableName(table)
    const result = (await t.database.db.execute(
      sql.raw(
        `select md5(coalesce(string_agg(md5(r::text), '' order by md5(r::text)), '')) as d from "${name}" r`,
      ),
    )) as unknown as { rows: { d: string }[] } | { d: string }[]
    const rows = Array.isArray(result) ? result : result.rows
    return rows[0]?.d ?? ''
  }

  /** Another tenant's row of a table: the seed's, or a copy of one of the park's with a new id. */
  const foreignIdOf = async (table: PgTable): Promise<string | undefined> => {
    if (foreignIds.has(table)) return foreignIds.get(table)
    const columns = getTableColumns(table) as Columns
    let found: string | undefined
    if (columns.tenantId && columns.id) {
      const [row] = (await t.database.db
        .select({ id: columns.id })
        .from(table)
        .where(ne(columns.tenantId, TENANT))
        .limit(1)) as { id: string }[]
      found = row?.id
      if (!found) {
        const [own] = (await t.database.db
          .select({ id: columns.id })
          .from(table)
          .where(eq(columns.tenantId, TENANT))
          .limit(1)) as { id: string }[]
        if (own) {
          const name = getTableName(table)
          const id = nextId()
          await t.database.db.execute(
            sql.raw(
              `insert into "${name}" select (jsonb_populate_record(null::"${name}", to_jsonb(x) || jsonb_build_object('id', ${id}::bigint, 'tenant_id', '${OTHER_TENANT}'))).* from "${name}" x where x.id = ${own.id}`,
            ),
          )
          found = id
        }
      }
    }
    foreignIds.set(table, found)
    return found
  }

  /** Values that are not what a field is, by its column and its declaration. */
  const junkFor = async (r: Resource, field: string, required: boolean): Promise<unknown[]> => {
    const column = (getTableColumns(r.table) as Columns)[field]
    if (!column) return []
    const arrays = TAKES_ARRAYS[r.path]?.includes(field) ? [] : [[1], ['x', 'y']]
    const shapes: unknown[] = [{ a: 1 }, ...arrays]
    const reference = r.references?.[field]
    if (reference !== undefined && reference !== false) {
      const table = targetTable(reference)
      const foreign = table ? await foreignIdOf(table) : undefined
      return [UNKNOWN_ID, ...(foreign ? [foreign] : []), true, ...shapes]
    }
    switch (columnKind(column)) {
      case 'integer':
      case 'number':
        return [true, false, 'abc', '1,5', ...shapes, ...(required ? [''] : [])]
      case 'date':
        return ['2026-02-30', '2026-13-01 10:00:00', '2026-01-01 24:00:00', 'tomorrow', true, ...shapes]
      case 'boolean':
        return ['maybe', 2, ...shapes]
      case 'id':
        return [true, 'abc', '-1', ...shapes]
      default:
        return [
          true,
          longTextFor(r.schema.shape[field]),
          ...shapes,
          ...(/date$/i.test(field) ? ['2026-02-30', '2026-13-01'] : []),
        ]
    }
  }

  beforeAll(async () => {
    t = await startTestApp()
    park = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
    platform = bearer(await signIn(t.app))
  })
  afterAll(() => t.close())

  it('kit resources: bad fields refused on update and insert, tables unchanged; required fields required', {
    timeout: 900_000,
  }, async () => {
    const resources = new Map<Resource, Set<string>>()
    for (const e of t.app.routeTable)
      if (e.method === 'POST' && e.resource) {
        const r = e.resource as Resource
        const urls = resources.get(r) ?? new Set<string>()
        urls.add(e.url)
        resources.set(r, urls)
      }
    expect(resources.size).toBeGreaterThan(60)

    const problems: string[] = []
    const swept: string[] = []
    const noBase: string[] = []
    const insertOnly: string[] = []
    let variants = 0
    // XPARK_SWEEP_ONLY=<path> sweeps one resource and checks its tables after every request
    const only = process.env.XPARK_SWEEP_ONLY
    for (const [r, registered] of resources) {
      if (only && r.path !== only) continue
      const urlOf = (verb: keyof Resource['routes']) => {
        const spec = r.routes[verb]
        const url = spec && `${API}/${routeUrl(r.contract, spec)}`
        return url && registered.has(url) && spec.methods.includes('POST') ? url : undefined
      }
      const partial = urlOf('update')
      const whole = urlOf('submit')
      const update = partial ?? whole
      const insert = urlOf('save') ?? whole
      if (!update && !insert) continue
      const headers = r.writeGuard === 'administrator' ? platform : park
      const tenantOfCaller = headers === platform ? OTHER_TENANT : TENANT
      const form = r.schema.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>
      const linesField = r.contract.lines?.field
      const fields = Object.keys(form).filter((f) => f !== linesField)

      if (UNSWEPT[r.path]) continue
      const sample =
        SAMPLES[r.path] ??
        ((await t.database.db.$count(r.table, scoped(r.table, { tenantId: tenantOfCaller }))) === 0
          ? formSample(r)
          : undefined)
      if (sample && insert) {
        const made = await insertSample(t, headers, r, insert, sample, tenantOfCaller)
        if (made.status !== 200) problems.push(`${r.path}: the sample was refused: ${made.body}`)
      }
      // a live row of the caller's that an update with its own values is accepted for (not a posted bill)
      const frozen = r.readonlyWhen
      const rowsWhere = (changeable: boolean) =>
        t.database.db
          .select()
          .from(r.table)
          .where(
            scoped(
              r.table,
              { tenantId: tenantOfCaller },
              frozen && changeable
                ? notInArray((getTableColumns(r.table) as Columns)[frozen.field]!, [...frozen.in] as never[])
                : undefined,
            ),
          )
          .limit(10) as Promise<Json[]>
      // rows that may still change first (a draft bill), else any (every order paid: inserts only)
      let rows = await rowsWhere(true)
      if (!rows.length && frozen) rows = await rowsWhere(false)
      const pick = (row: Json, keys: readonly string[]) => {
        const out: Json = {}
        for (const f of keys)
          if (row[f] !== null && row[f] !== undefined && !r.omit?.includes(f)) out[f] = wireValue(row[f])
        return out
      }
      const baseOf = async (row: Json) => {
        const out = pick(row, fields)
        const lines = r.contract.lines
        if (lines && r.lines) {
          const columns = getTableColumns(r.lines.table) as Columns
          const read = (await t.database.db
            .select()
            .from(r.lines.table)
            .where(
              scoped(r.lines.table, { tenantId: tenantOfCaller }, eq(columns[lines.key]!, row.id)),
            )) as Json[]
          out[lines.field] = read.map((line) => ({
            ...pick(line, Object.keys(lines.form.shape)),
            id: String(line.id),
          }))
        }
        return out
      }
      let id = ''
      let base: Json = {}
      let refusedBase = 'no row to start from'
      for (const row of rows) {
        const candidate = await baseOf(row)
        const res = update ? await send(update, headers, { ...candidate, id: String(row.id) }) : undefined
        if (!res || res.status === 200) {
          id = String(row.id)
          base = candidate
          break
        }
        refusedBase = `${res.status} ${String(res.msg)}`
      }
      let updateUrl = update
      if (!id) {
        // every row is past changing (paid orders): the inserts are swept from the first one
        if (!rows[0]) {
          noBase.push(`${r.path}: ${refusedBase}`)
          continue
        }
        id = String(rows[0].id)
        base = await baseOf(rows[0])
        updateUrl = undefined
        insertOnly.push(`${r.path} (${refusedBase})`)
      }
      swept.push(r.path)
      // the values first: another tenant's row may have to be made for a reference (a write of the sweep's)
      const junks = new Map<string, unknown[]>()
      for (const field of fields)
        junks.set(field, await junkFor(r, field, !form[field]!.safeParse(undefined).success))
      const tables = [r.table, ...(r.lines ? [r.lines.table] : [])]
      const start = await Promise.all(tables.map(digest))

      for (const field of fields) {
        for (const junk of junks.get(field) ?? []) {
          const shown = JSON.stringify(junk)?.slice(0, 30)
          if (updateUrl) {
            const res = await send(updateUrl, headers, { ...(partial ? {} : base), id, [field]: junk })
            variants++
            if (!isRefusal(res)) problems.push(`${updateUrl} ${field}=${shown} → ${res.status} ${res.body}`)
            if (only && (await digest(r.table)) !== start[0])
              problems.push(`${updateUrl} ${field}=${shown} wrote`)
          }
          if (insert) {
            const res = await send(insert, headers, { ...base, [field]: junk })
            variants++
            if (!isRefusal(res))
              problems.push(`${insert} (new) ${field}=${shown} → ${res.status} ${res.body}`)
          }
        }
      }
      const after = await Promise.all(tables.map(digest))
      tables.forEach((table, i) => {
        if (after[i] !== start[i]) problems.push(`${r.path}: refused writes changed ${getTableName(table)}`)
      })
      // fields left out of an insert: a required one is refused, none answers 5xx
      if (insert)
        for (const field of fields) {
          const { [field]: _left, ...rest } = base
          const res = await send(insert, headers, rest)
          variants++
          const required = !form[field]!.safeParse(undefined).success
          if (res.status >= 500) problems.push(`${insert} without ${field} → ${res.status} ${res.body}`)
          else if (required && !isRefusal(res))
            problems.push(`${insert} without required ${field} → ${res.status} ${res.body}`)
        }
    }
    console.log(
      `write sweep: ${swept.length} resources, ${variants} requests; inserts only: ${insertOnly.join('; ') || 'none'}; no base row: ${noBase.join('; ') || 'none'}`,
    )
    expect(problems).toEqual([])
    // every resource with a write route was swept from a row of its own, or says why not
    expect(noBase).toEqual([])
    if (!only) expect(swept.length).toBeGreaterThan(60)
  })

  it('hand-written write routes: wrong values in every declared property, never a 5xx, nothing changed by a refusal', {
    timeout: 900_000,
  }, async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API}/docs/json` })).json() as {
      paths: Record<string, Record<string, Operation>>
    }
    const routes = t.app.routeTable.filter(
      (e) =>
        e.method === 'POST' &&
        !e.resource &&
        !e.public &&
        // the sweep's own session, and streams that never end
        !/logout|update-password|\/stream$|\/oauth\/token/.test(e.url),
    )
    // the routes left outside the kit's resources (fewer as hand routes become resource verbs)
    expect(routes.length).toBeGreaterThan(60)
    const problems: string[] = []
    let variants = 0
    let typed = 0
    let before = await fingerprint(t)
    for (const route of routes) {
      const op = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.post
      const body = op?.requestBody?.content?.['application/json']?.schema?.properties ?? {}
      const query = (op?.parameters ?? []).filter((p) => p.in === 'query')
      if (!Object.keys(body).length && !query.length) continue
      typed++
      const url = route.url.replace(/:(\w+)/g, '1')
      const headers = route.permission === ADMINISTRATOR ? platform : park
      let accepted = false
      const check = (what: string, res: Reply) => {
        variants++
        if (res.status >= 500) problems.push(`${url} ${what} → ${res.status} ${res.body}`)
        else if (res.status >= 400 && !isRefusal(res))
          problems.push(`${url} ${what} → ${res.status} without a message`)
        if (res.status < 300) accepted = true
      }
      for (const [name, schema] of Object.entries(body))
        for (const junk of junkOfSchema(name, schema))
          check(`${name}=${JSON.stringify(junk)?.slice(0, 30)}`, await send(url, headers, { [name]: junk }))
      for (const p of query)
        for (const junk of junkOfSchema(p.name, p.schema ?? {}).filter((j) => typeof j === 'string'))
          check(
            `?${p.name}=${String(junk).slice(0, 30)}`,
            await send(url, headers, {}, { [p.name]: String(junk) }),
          )
      const after = await fingerprint(t)
      if (!accepted) {
        const changed = changedTables(before, after)
        if (changed.length) problems.push(`${url}: refused calls changed ${changed.join(', ')}`)
      }
      before = after
    }
    console.log(`write sweep: ${typed} hand-written routes with declared input, ${variants} requests`)
    expect(problems).toEqual([])
    expect(typed).toBeGreaterThan(40)
  })
})

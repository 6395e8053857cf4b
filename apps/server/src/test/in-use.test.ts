import { routeUrl } from '@xpark/contract/kit'
import { and, eq, exists, getTableColumns, inArray, not, type SQL, sql } from 'drizzle-orm'
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InUseRule, Resource } from '../core/crud/index.js'
import { scoped } from '../core/tenancy.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from './harness.js'
import { copyRow, formSample, insertSample, SAMPLES } from './samples.js'

/**
 * Removal that holds for every id (issue 26): for every resource of the route table with an in-use
 * rule, and every rule of it, a batch of a row the rule holds and a row no rule holds is refused with
 * 409 and removes neither. The rows come from the demo data; a rule the demo data gives no held row
 * for fails here, so a new rule comes with data that exercises it.
 */

const TENANT = '100001'
type Columns = Record<string, PgColumn>
type Json = Record<string, unknown>

describe('in-use rules hold for every id of a batch', () => {
  let t: TestContext
  let park: Headers

  beforeAll(async () => {
    t = await startTestApp()
    park = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
  })
  afterAll(() => t.close())

  /** The condition "this rule holds the row", written here apart from the kit's own. */
  const holds = (r: Resource, rule: InUseRule): SQL => {
    if ('when' in rule) return rule.when
    const other = rule.table === r.table ? alias(rule.table, 'holder') : rule.table
    const columns = getTableColumns(other) as Columns
    const pointing = rule.many
      ? sql`string_to_array(${columns[rule.column]!}, ',') && array[${r.idColumn}::text]`
      : eq(columns[rule.column]!, r.idColumn)
    const live = columns.isDeleted ? eq(columns.isDeleted, 0) : undefined
    const tenant = rule.anyTenant || !columns.tenantId ? undefined : eq(columns.tenantId, TENANT)
    return exists(
      t.database.db
        .select({ one: sql`1` })
        .from(other)
        .where(and(pointing, live, tenant, rule.where)),
    )
  }

  it('a batch with one held row is refused (409) and removes none', { timeout: 300_000 }, async () => {
    const resources = new Set<Resource>()
    for (const e of t.app.routeTable)
      if (e.resource && (e.resource as Resource).inUse?.length) resources.add(e.resource as Resource)
    expect(resources.size).toBeGreaterThan(10)
    const problems: string[] = []
    let rules = 0
    const byTable = new Map<PgTable, Resource>()
    for (const e of t.app.routeTable)
      if (e.resource) byTable.set((e.resource as Resource).table, e.resource as Resource)
    const insertUrl = (r: Resource) => {
      const spec = r.routes.save ?? r.routes.submit
      return spec && `/xparkApi/${routeUrl(r.contract, spec)}`
    }
    for (const r of resources) {
      const spec = r.routes.remove
      if (!spec) continue
      const url = `/xparkApi/${routeUrl(r.contract, spec)}`
      const columns = getTableColumns(r.table) as Columns
      // a tree's node with children is refused by the tree's own rule: rows without children here
      const leaf = r.contract.tree
        ? sql`not exists (select 1 from ${r.table} c where c.${sql.identifier(
            columns[r.contract.tree.parent ?? 'parentId']!.name,
          )} = ${r.idColumn} and c.is_deleted = 0)`
        : undefined
      const anyRule = r.inUse!.map((rule) => holds(r, rule))
      const rowWhere = (...c: (SQL | undefined)[]) => scoped(r.table, { tenantId: TENANT }, leaf, ...c)
      const pick = async (...c: (SQL | undefined)[]) =>
        (
          (await t.database.db
            .select()
            .from(r.table)
            .where(rowWhere(...c))
            .limit(1)) as Json[]
        )[0]
      for (const [i, rule] of r.inUse!.entries()) {
        rules++
        const what = `${r.path} rule ${i + 1}`
        let held = await pick(holds(r, rule))
        let free = await pick(
          not(
            sql.join(
              anyRule.map((c) => sql`(${c})`),
              sql` or `,
            ),
          ),
        )
        const any = held ?? free ?? (await pick())
        // no free row in the demo data: a new one like any row, through the insert route
        if (!free && any && insertUrl(r)) {
          const made = await copyRow(t, park, r, insertUrl(r)!, any)
          if (made.id) free = { id: made.id }
          else problems.push(`${what}: could not make a free row: ${made.body}`)
        }
        // no held row: a row pointing at one, through the pointing resource's insert route
        if (!held && free && 'table' in rule) {
          const pointer = byTable.get(rule.table)
          const sample = pointer && (SAMPLES[pointer.path] ?? formSample(pointer))
          const [like] = pointer ? ((await t.database.db.select().from(rule.table).limit(1)) as Json[]) : []
          const made =
            pointer && insertUrl(pointer)
              ? like
                ? await copyRow(t, park, pointer, insertUrl(pointer)!, like, { [rule.column]: free.id })
                : sample
                  ? await insertSample(t, park, pointer, insertUrl(pointer)!, {
                      ...sample,
                      [rule.column]: free.id,
                    })
                  : undefined
              : undefined
          if (made?.id) {
            held = free
            free = await pick(
              not(
                sql.join(
                  anyRule.map((c) => sql`(${c})`),
                  sql` or `,
                ),
              ),
            )
            if (!free && any) free = { id: (await copyRow(t, park, r, insertUrl(r)!, any)).id }
          } else problems.push(`${what}: could not make a held row: ${made?.body ?? 'no route'}`)
        }
        if (!held?.id || !free?.id) {
          problems.push(`${what}: no ${held ? 'free' : 'held'} row`)
          continue
        }
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: park,
          query: { [spec.idParam]: `${free.id},${held.id}` },
        })
        if (res.statusCode !== 409) problems.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`)
        if (columns.isDeleted) {
          const gone = await t.database.db
            .select({ id: r.idColumn })
            .from(r.table)
            .where(and(inArray(r.idColumn, [String(free.id), String(held.id)]), eq(columns.isDeleted, 1)))
          if (gone.length) problems.push(`${what}: a refused batch removed ${gone.length}`)
        }
      }
    }
    expect(problems).toEqual([])
    expect(rules).toBeGreaterThan(15)
  })
})

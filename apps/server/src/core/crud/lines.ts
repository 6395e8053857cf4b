import type { LinesContract } from '@xpark/contract/kit'
import { and, asc, eq, getTableColumns, inArray } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import type { Db, Tx } from '../../db/client.js'
import type { AuthContext } from '../auth/tokens.js'
import { AppError, notFound } from '../errors.js'
import { isId, nextId } from '../ids.js'
import { scoped, stamped, touched } from '../tenancy.js'
import { selection } from './expand.js'
import { assertReferences } from './references.js'
import type { LinesOptions, Resource } from './resource.js'
import { columnValues, whereOf } from './rows.js'
import { assertChangeable, insertIn, LINE_PREFIX, plannedRow, planWrite, updateIn } from './store.js'

/**
 * Header + lines (a bill and its details), written and read together: a save replaces the header's
 * lines in the header's own transaction, so a bad line — refused at the edge, or by a rule — leaves
 * nothing written. Lines are rows of their own table (tenant-scoped like any row) pointing at the
 * header through the contract's `key`.
 */

type Row = Record<string, unknown>
type Columns = Record<string, PgColumn>

const DEFAULT_MAX = 1000

interface Lines {
  wire: LinesContract
  server: LinesOptions
  key: PgColumn
  columns: Columns
}

function linesOf(r: Resource): Lines {
  const wire = r.contract.lines
  const server = r.lines
  if (!wire || !server) throw new Error(`resource ${r.path} has no lines`)
  const columns = getTableColumns(server.table) as Columns
  const key = columns[wire.key]
  if (!key) throw new Error(`resource ${r.path}: lines have no column ${wire.key}`)
  return { wire, server, key, columns }
}

/** A submit body: the header's form plus its lines (each may keep its `id`), at most `max`. */
export function withLinesSchema(r: Resource): z.ZodObject {
  const wire = r.contract.lines!
  const line = wire.form.extend({
    id: z
      .string()
      .regex(/^\d{1,19}$/)
      .optional(),
  })
  const max = wire.max ?? DEFAULT_MAX
  return r.schema.extend({
    [wire.field]: z
      .array(line, { error: `${wire.field}: 应为明细行的列表` })
      .max(max, `${wire.field}: 最多 ${max} 行`),
  })
}

async function linesIn(tx: Tx | Db, r: Resource, auth: AuthContext, headerIds: readonly string[]) {
  const l = linesOf(r)
  return (await tx
    .select(selection(l.server.table, l.server.expand))
    .from(l.server.table)
    .where(scoped(l.server.table, auth, inArray(l.key, [...headerIds])))
    .orderBy(asc(l.columns.id!))) as Row[]
}

/** Write a header and replace its lines, in one transaction. Returns the header's id. */
export async function saveWithLines(
  db: Db,
  r: Resource,
  auth: AuthContext,
  id: string | undefined,
  body: Row,
): Promise<string> {
  const l = linesOf(r)
  const { [l.wire.field]: sent, ...header } = body
  const lines = ((sent as Row[] | undefined) ?? []).map((line) => ({ ...line }))
  const plan = await planWrite(r, auth)
  return db.transaction(async (tx) => {
    const headerId = id ?? nextId()
    let previous: Row[] = []
    if (id) {
      const [found] = await tx
        .select({ id: r.idColumn })
        .from(r.table)
        .where(plannedRow(r, auth, plan, id))
        .for('update')
      if (!found) throw notFound('数据不存在')
      await assertChangeable(tx, r, [id])
      previous = await linesIn(tx, r, auth, [id])
    }
    for (const [i, line] of lines.entries())
      await assertReferences(tx, auth, l.server.references, line, plan.references, LINE_PREFIX).catch(
        (error: unknown) => {
          // which line, as the lines' own rules say it (`第 2 行: 物品不存在`)
          throw error instanceof AppError
            ? new AppError(error.code, `第 ${i + 1} 行: ${error.message}`)
            : error
        },
      )
    await l.server.prepare?.({ tx, auth, headerId, created: !id, header, lines, previous })
    if (id) await updateIn(tx, r, auth, id, header, plan)
    else await insertIn(tx, r, auth, header, plan, headerId)
    await replaceLines(tx, r, auth, headerId, lines, previous)
    return headerId
  })
}

async function replaceLines(
  tx: Tx,
  r: Resource,
  auth: AuthContext,
  headerId: string,
  lines: Row[],
  previous: Row[],
) {
  const l = linesOf(r)
  // replaced lines are drafts nobody else points at: they go for good (a posted header is read-only)
  if (previous.length)
    await tx.delete(l.server.table).where(scoped(l.server.table, auth, eq(l.key, headerId)))
  if (!lines.length) return
  const kept = new Set(previous.map((p) => String(p.id)))
  const rows = lines.map((line) => {
    const { id, ...values } = line
    const row = stamped(l.server.table, auth, {
      ...columnValues({ ...r, table: l.server.table } as Resource, values),
      [l.wire.key]: headerId,
    })
    // a line sent back with its id keeps it (the console's rows keep their keys)
    if (typeof id === 'string' && kept.has(id) && isId(id)) row.id = id
    return row
  })
  await tx.insert(l.server.table).values(rows as never)
}

/** A header's lines, if the caller may see the header (404 otherwise). */
export async function readLines(db: Db, r: Resource, auth: AuthContext, headerId: string): Promise<Row[]> {
  const [found] = await db
    .select({ id: r.idColumn })
    .from(r.table)
    .where(await whereOf(r, auth, eq(r.idColumn, headerId)))
  if (!found) throw notFound('数据不存在')
  return linesIn(db, r, auth, [headerId])
}

/** The lines of several headers the caller has already read (detail, export), by header id. */
export async function linesByHeader(db: Db, r: Resource, auth: AuthContext, headerIds: readonly string[]) {
  const l = linesOf(r)
  const out = new Map<string, Row[]>()
  if (!headerIds.length) return out
  for (const line of await linesIn(db, r, auth, headerIds)) {
    const key = String(line[l.wire.key])
    out.set(key, [...(out.get(key) ?? []), line])
  }
  return out
}

/**
 * Remove lines by id: all of them must be the caller's, under headers the caller may change. Each
 * header's `prepare` sees its lines before and after, so derived header fields (a total) follow.
 */
export async function removeLines(db: Db, r: Resource, auth: AuthContext, ids: readonly string[]) {
  const l = linesOf(r)
  const wanted = [...new Set(ids)]
  const headerWhere = await whereOf(r, auth)
  await db.transaction(async (tx) => {
    const found = (await tx
      .select({ id: l.columns.id!, header: l.key })
      .from(l.server.table)
      .where(scoped(l.server.table, auth, inArray(l.columns.id!, wanted)))) as {
      id: string
      header: string
    }[]
    if (found.length !== wanted.length) throw notFound('数据不存在')
    const headerIds = [...new Set(found.map((f) => String(f.header)))]
    const headers = await tx
      .select({ id: r.idColumn })
      .from(r.table)
      .where(and(headerWhere, inArray(r.idColumn, headerIds)))
      .for('update')
    if (headers.length !== headerIds.length) throw notFound('数据不存在')
    await assertChangeable(tx, r, headerIds)
    const gone = new Set(wanted)
    for (const headerId of headerIds) {
      const previous = await linesIn(tx, r, auth, [headerId])
      const lines = previous.filter((p) => !gone.has(String(p.id)))
      const header: Row = {}
      await l.server.prepare?.({ tx, auth, headerId, created: false, header, lines, previous })
      if (Object.keys(header).length)
        await tx
          .update(r.table)
          .set(touched(r.table, auth, columnValues(r, header)) as never)
          .where(eq(r.idColumn, headerId))
    }
    await tx.delete(l.server.table).where(scoped(l.server.table, auth, inArray(l.columns.id!, wanted)))
  })
}

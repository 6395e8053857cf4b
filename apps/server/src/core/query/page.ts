import type { Page } from '@xpark/contract'
import {
  and,
  Column,
  count,
  getTableColumns,
  getTableName,
  inArray,
  is,
  SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm'
import { type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client.js'
import { page } from '../envelope.js'
import { countStatement, hasMatchesAnywhere, largeForm, wholeListOf } from './forms.js'
import type { Keyset, Paging } from './paging.js'

export interface PageQuery {
  table: PgTable
  where: SQL | undefined
  orderBy: SQL[]
  paging: Paging
  /** the order is this one column alone (`SortSet.order` tells): deep pages start by keyset */
  keyset?: Keyset | undefined
  /** columns never sent to a client (password hashes and the like) */
  omit?: readonly string[]
  /** only these columns (a picker's few fields) instead of the table's; `R` is their row type */
  columns?: Record<string, PgColumn>
  /** totals are exact up to this many rows, the planner's estimate above (default EXACT_TOTAL_MAX) */
  exactTotalMax?: number
  /** count and ids in one pass up to this many estimated rows (default ONE_PASS_MAX) */
  onePassMax?: number
  /** the same for a condition with a large form (default LINKED_ONE_PASS_MAX) */
  linkedOnePassMax?: number
  /** deep keyset pages start from a kept key every this many rows (default ANCHOR_STEP) */
  anchorStep?: number
}

/**
 * Above this many matching rows a page's `total` is the planner's estimate instead of a count
 * (NocoBase switches to paging without a count above about 300,000 rows; Directus users wait 11 s for
 * counts of 6 million). docs/architecture.md, "Lists at scale".
 */
export const EXACT_TOTAL_MAX = 300_000

/**
 * Up to this many matching rows (as the planner estimates them) the count and the page's ids come
 * from one pass: `count(*)` and `array_agg(id order by …)[from:to]`. Its cost follows the matching
 * rows, wherever they lie; walking the id index instead may read most of the tenant before it finds a
 * page of a search whose matches are old rows (the filtered page of bench/ read 40,000 rows for 10).
 */
export const ONE_PASS_MAX = 50_000

/** One pass for a condition with a large form only up to this many estimated rows (see selectPage). */
export const LINKED_ONE_PASS_MAX = 1_000

/** Deep pages start from the key at the nearest lower multiple of this offset (see readRows). */
export const ANCHOR_STEP = 1_000

interface CountedIds {
  n: number
  ids: string[]
}

/**
 * One page and its total, exact for every table below EXACT_TOTAL_MAX rows:
 * - small answers (estimate ≤ ONE_PASS_MAX): count and the page's ids in one statement, then the
 *   page's rows by id;
 * - larger ones: the page read on its own (`size + 1` rows: the extra one says whether more follow),
 *   a deep page of the id order starting at the id found by an index-only scan (keyset under the
 *   hood, no rows fetched for the offset), and the total counted only when the page cannot tell it
 *   (a page with no next row ends the list), or estimated above EXACT_TOTAL_MAX. A condition with a
 *   large form (core/query/forms.ts: a data scope through a link table) is always read with that form,
 *   counted with its own (or the count statement attached to it), and its total estimated above
 *   ONE_PASS_MAX already. A narrowed list of a tenant whose whole list is above EXACT_TOTAL_MAX is read
 *   the same way, with an exact total only up to LINKED_ONE_PASS_MAX: its administrator's page costs
 *   a walk of 11 rows there, and counting what a scoped page shows would cost many times that.
 */
export async function selectPage<R = Record<string, unknown>>(db: DbOrTx, q: PageQuery): Promise<Page<R>> {
  const all = getTableColumns(q.table) as Record<string, PgColumn>
  const columns = { ...(q.columns ?? all) }
  for (const name of q.omit ?? []) delete columns[name]
  const { current, size } = q.paging
  const id = all.id
  // a condition with a form for many rows (core/query/forms.ts) is planned and read with it when large
  const large = largeForm(q.where)
  const estimate = await plannedRows(db, q.table, large)

  const onePassMax = q.onePassMax ?? ONE_PASS_MAX
  const exactTotalMax = q.exactTotalMax ?? EXACT_TOTAL_MAX
  const linkedMax = Math.min(onePassMax, q.linkedOnePassMax ?? LINKED_ONE_PASS_MAX)
  // a narrowed list of a tenant too long to count is read like a linked scope: one pass and an exact
  // total only for a few rows (core/query/forms.ts `narrowed`)
  const whole = wholeListOf(q.where)
  const inLongList =
    whole !== undefined && estimate > linkedMax && (await plannedRows(db, q.table, whole)) > exactTotalMax
  const linked = large !== q.where || inLongList
  // a condition with a large form is read by walking the order with it (the planner stops when the
  // page is full) and counted with its own form: above a few hundred matches that is cheaper than one
  // pass sorting them all (a scoped role's 10,000 of 100,000 users)
  if (id && columns.id === id && estimate <= (linked ? linkedMax : onePassMax)) {
    const found = await countAndIds(db, q, id, onePassMax)
    if (found) {
      const records = found.ids.length ? await rowsByIds<R>(db, q, columns, id, found.ids) : []
      return page(records, found.n, current, size)
    }
    // more rows than the estimate said by far (stale statistics): read them as a large answer
  }

  const read =
    id && columns.id === id && hasMatchesAnywhere(q.where)
      ? await readFromMatches<R>(db, { ...q, where: large }, columns, id, size + 1)
      : await readRows<R>(db, { ...q, where: large }, columns, size + 1)
  const total = await pageTotal(read.length, q.paging, {
    estimate,
    exactTotalMax: inLongList ? linkedMax : linked ? onePassMax : exactTotalMax,
    count: () => countRows(db, q.table, q.where),
  })
  return page(read.slice(0, size), total, current, size)
}

/**
 * Figures about a database's lists kept a minute by statement: they pick the way a page is read, and
 * are cheap to be a minute old (plannedRows' estimates, readRows' deep-page anchors).
 */
const keptFigures = new WeakMap<DbOrTx, Map<string, { value: string | number; until: number }>>()
const KEPT_TTL_MS = 60_000
const KEPT_KEYS_MAX = 10_000
const dialect = new PgDialect()

/** Drops the kept figures of a database (a test that changes a list and its statistics at once). */
export function forgetKeptFigures(db: DbOrTx): void {
  keptFigures.delete(db)
}

async function keptFigure<T extends string | number>(
  db: DbOrTx,
  statement: SQL,
  load: () => Promise<T | null>,
): Promise<T | null> {
  const query = dialect.sqlToQuery(statement)
  const key = `${query.sql}|${JSON.stringify(query.params, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`
  const kept = keptFigures.get(db) ?? new Map<string, { value: string | number; until: number }>()
  keptFigures.set(db, kept)
  const now = Date.now()
  const known = kept.get(key)
  if (known && known.until > now) return known.value as T
  const value = await load()
  if (value === null) return null
  if (kept.size >= KEPT_KEYS_MAX) kept.clear()
  kept.set(key, { value, until: now + KEPT_TTL_MS })
  return value
}

/**
 * The planner's row estimate of a page condition, kept a minute: planning a data scope's semi-join
 * costs more than running its page (0.2 ms against 0.1 ms at a million users), and a page planned it
 * twice. An estimate only picks the way a page is read and stands for totals above the thresholds, so
 * a minute's drift is what the planner's statistics allow anyway.
 */
async function plannedRows(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const rows = await keptFigure(db, sql`explain ${table}|${where ?? sql`true`}`, () =>
    estimateRows(db, table, where),
  )
  return rows ?? 0
}

/** The rows matching a condition, by the cheaper statement attached to it when there is one. */
async function countRows(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const statement = countStatement(where)
  if (!statement) return (await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0
  const result = (await db.execute(statement)) as unknown as { rows: { n: number | string }[] }
  return Number(result.rows[0]?.n ?? 0)
}

/**
 * The total of a page read with one row more than its size (`read` rows came back): exact from the
 * page when nothing follows it, the planner's estimate above `exactTotalMax` (at least the rows up to
 * the page and one more; past the end, no more than the offset), else counted.
 */
export async function pageTotal(
  read: number,
  { size, offset }: Pick<Paging, 'size' | 'offset'>,
  how: { estimate: number | (() => Promise<number>); exactTotalMax?: number; count: () => Promise<number> },
): Promise<number> {
  const records = Math.min(read, size)
  if (read <= size && (records > 0 || offset === 0)) return offset + records
  const estimate = typeof how.estimate === 'number' ? how.estimate : await how.estimate()
  if (estimate > (how.exactTotalMax ?? EXACT_TOTAL_MAX))
    return records ? Math.max(estimate, offset + size + 1) : Math.min(estimate, offset)
  return how.count()
}

/**
 * The count and the ids of the page in one pass over the matching rows, or null when they are more
 * than twice `limit` (the estimate was wrong: the pass stops there instead of sorting them all). Only
 * the id and the order's columns are read, so an index holding them answers alone.
 */
async function countAndIds(
  db: DbOrTx,
  q: PageQuery,
  id: PgColumn,
  limit: number,
): Promise<CountedIds | null> {
  const { offset, size } = q.paging
  const cap = Math.max(2 * limit, offset + size) + 1
  const picked = idAndOrderColumns(q, id)
  // the subquery takes the table's name, so the order's "table"."column" names read its columns
  const matching = db.select(picked).from(q.table).where(q.where).limit(cap)
  const result = (await db.execute(
    // the ids are aggregated as they are and only the page's slice is turned into text: converting
    // every matching id first doubled the cost of the pass (10,000 ids: 3.7 ms against 2.0 ms)
    sql`select count(*)::int as n, ((array_agg(${id} order by ${sql.join(q.orderBy, sql`, `)}))[${
      offset + 1
    }:${offset + size}])::text[] as ids from (${matching}) as ${sql.identifier(getTableName(q.table))}`,
  )) as unknown as { rows: { n: number | string; ids: string[] | null }[] }
  const n = Number(result.rows[0]?.n ?? 0)
  if (n >= cap) return null
  return { n, ids: result.rows[0]?.ids ?? [] }
}

/** The id and the order's columns: what a pass over the matching rows reads (an index can hold them). */
function idAndOrderColumns(q: PageQuery, id: PgColumn): Record<string, PgColumn> {
  const picked: Record<string, PgColumn> = { id }
  for (const column of q.orderBy.flatMap(columnsOf)) picked[column.name] = column
  return picked
}

/** The columns an ORDER BY item names (`asc(column)` and the like). */
function columnsOf(item: SQL): PgColumn[] {
  return item.queryChunks.flatMap((chunk) =>
    is(chunk, Column) ? [chunk as PgColumn] : is(chunk, SQL) ? columnsOf(chunk as SQL) : [],
  )
}

/**
 * The rows of a page of a condition matched anywhere (core/query/forms.ts `matchedAnywhere`): its
 * matches are found by their own index and sorted (the top-N of them), never by walking the order's
 * index with the condition as a filter. The subquery's `offset 0` keeps the planner from merging it.
 */
async function readFromMatches<R>(
  db: DbOrTx,
  q: PageQuery,
  columns: Record<string, PgColumn>,
  id: PgColumn,
  limit: number,
): Promise<R[]> {
  const picked = idAndOrderColumns(q, id)
  // (the builder leaves out an offset of 0, so the fence is written here)
  const matching = db.select(picked).from(q.table).where(q.where)
  const result = (await db.execute(
    sql`select ${id}::text as id from (${matching} offset 0) as ${sql.identifier(getTableName(q.table))} order by ${sql.join(
      q.orderBy,
      sql`, `,
    )} limit ${limit} offset ${q.paging.offset}`,
  )) as unknown as { rows: { id: string }[] }
  const ids = result.rows.map((r) => r.id)
  return ids.length ? rowsByIds<R>(db, q, columns, id, ids) : []
}

/** The rows of a page: offset 0 walks the order's index; a deep keyset page starts at its first id. */
async function readRows<R>(
  db: DbOrTx,
  q: PageQuery,
  columns: Record<string, PgColumn>,
  limit: number,
): Promise<R[]> {
  const { offset } = q.paging
  if (q.keyset && offset > 0) {
    const { column, descending } = q.keyset
    const direction = descending ? sql`desc` : sql`asc`
    const from = (key: string) => (descending ? sql`${column} <= ${key}` : sql`${column} >= ${key}`)
    // the key at the nearest lower multiple of ANCHOR_STEP, kept a minute: paging through page 5,000
    // and the pages around it skips 49,000 index entries once, not on every page. Rows written above it
    // since shift those pages by as many rows, as offset paging does under writes anyway.
    const step = q.anchorStep ?? ANCHOR_STEP
    const base = offset - (offset % step)
    const anchorAt = sql`select ${column}::text as key from ${q.table} where ${q.where ?? sql`true`} order by ${column} ${direction} offset ${base} limit 1`
    const anchor =
      base > 0
        ? await keptFigure(db, anchorAt, async () => {
            const found = (await db.execute(anchorAt)) as unknown as { rows: { key: string }[] }
            return found.rows[0]?.key ?? null
          })
        : undefined
    if (anchor === null) return [] // nothing at the anchor: the page is past the end
    const within = anchor === undefined ? q.where : and(q.where, from(anchor))
    // the first id of the page, read index-only: the skipped rows are never fetched
    const first = sql`(select ${column} from ${q.table} where ${within ?? sql`true`} order by ${column} ${direction} offset ${
      offset - base
    } limit 1)`
    return (await db
      .select(columns)
      .from(q.table)
      .where(and(q.where, descending ? sql`${column} <= ${first}` : sql`${column} >= ${first}`))
      .orderBy(...q.orderBy)
      .limit(limit)) as R[]
  }
  return (await db
    .select(columns)
    .from(q.table)
    .where(q.where)
    .orderBy(...q.orderBy)
    .limit(limit)
    .offset(offset)) as R[]
}

/**
 * The rows of these ids, in their order. The ids come from the page's own condition a moment before,
 * so it is not evaluated again (a data scope's subquery would run twice for ten primary-key reads).
 */
async function rowsByIds<R>(
  db: DbOrTx,
  q: PageQuery,
  columns: Record<string, PgColumn>,
  id: PgColumn,
  ids: string[],
): Promise<R[]> {
  const rows = (await db.select(columns).from(q.table).where(inArray(id, ids))) as Record<string, unknown>[]
  const byId = new Map(rows.map((r) => [String(r.id), r]))
  return ids.map((i) => byId.get(i)).filter((r) => r !== undefined) as R[]
}

/** The planner's row estimate for a condition (an explain, nothing read): one planning, no scan. */
export function estimateRows(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  return estimateQueryRows(db, sql`select 1 from ${table} where ${where ?? sql`true`}`)
}

/** The planner's row estimate for the rows of a query (joins too): one planning, no scan. */
export async function estimateQueryRows(db: DbOrTx, query: SQLWrapper): Promise<number> {
  const result = (await db.execute(sql`explain (format json) ${query}`)) as unknown as {
    rows: Record<string, unknown>[]
  }
  const cell = Object.values(result.rows[0] ?? {})[0]
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan?: { 'Plan Rows'?: number } }[]
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0)
}

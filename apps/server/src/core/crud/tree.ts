import type { TreeNode } from '@xpark/contract/schemas'
import { asc, eq, getTableColumns, getTableName, inArray, notInArray, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../db/client.js'
import type { AuthContext } from '../auth/tokens.js'
import { badRequest } from '../errors.js'
import { scoped } from '../tenancy.js'
import { forestOf, treeOf } from '../tree.js'
import { hasChildren } from './expand.js'
import type { Resource } from './resource.js'
import { rowSelection, whereOf } from './rows.js'

/**
 * Trees by a parent column (`0` the root): goods classifications, supplier sorts, food categories,
 * asset types. Writes keep it a tree — the parent must be a live row of the caller's, a node never
 * moves under itself or a descendant, a node with children is not removed — and, where the table has
 * an `ancestors` column, keep that path up to date for the node and everything under it.
 */

type Row = Record<string, unknown>
type Columns = Record<string, PgColumn>

export const PARENT_MISSING = '上级节点不存在'
export const PARENT_CYCLE = '上级节点不能是自身或其下级'
export const HAS_CHILDREN = '请先删除子节点!'
/** a tree answers at most this many rows at once (a select's options, a tree table) */
const TREE_LIMIT = 5000

function parts(r: Resource) {
  const columns = getTableColumns(r.table) as Columns
  const parentKey = r.contract.tree?.parent ?? 'parentId'
  return {
    columns,
    parentKey,
    parent: columns[parentKey]!,
    sort: columns.sort,
    ancestors: r.ancestors ? columns[r.ancestors] : undefined,
  }
}

/** Parent, cycle and ancestors rules of a tree write (inside its transaction). */
export async function treeWrite(tx: Tx, r: Resource, auth: AuthContext, values: Row, id?: string) {
  if (!r.contract.tree) return
  const p = parts(r)
  if (id && values[p.parentKey] === undefined) return // not moved
  const parentId = String(values[p.parentKey] || '0')
  values[p.parentKey] = parentId
  let path = '0'
  if (parentId !== '0') {
    const [parent] = (await tx
      .select({ id: r.idColumn, ...(p.ancestors ? { ancestors: p.ancestors } : {}) })
      .from(r.table)
      .where(scoped(r.table, auth, eq(r.idColumn, parentId)))) as { id: string; ancestors?: string }[]
    if (!parent) throw badRequest(PARENT_MISSING)
    if (id && (await isSelfOrBelow(tx, r, auth, parentId, id))) throw badRequest(PARENT_CYCLE)
    path = `${parent.ancestors ?? ''},${parent.id}`
  }
  if (!p.ancestors || !r.ancestors) return
  values[r.ancestors] = path
  if (!id) return
  // moved: every descendant's path changes with it
  const [self] = (await tx.select({ ancestors: p.ancestors }).from(r.table).where(eq(r.idColumn, id))) as {
    ancestors: string
  }[]
  const oldPrefix = `${self?.ancestors ?? '0'},${id}`
  const newPrefix = `${path},${id}`
  if (oldPrefix === newPrefix) return
  await tx
    .update(r.table)
    .set({ [r.ancestors]: sql`${newPrefix} || substr(${p.ancestors}, ${oldPrefix.length + 1})` } as never)
    .where(
      scoped(r.table, auth, sql`(${p.ancestors} = ${oldPrefix} or ${p.ancestors} like ${`${oldPrefix},%`})`),
    )
}

/** Whether `candidate` is `node` or lies under it (walking up from the candidate, bounded). */
async function isSelfOrBelow(tx: Tx, r: Resource, auth: AuthContext, candidate: string, node: string) {
  if (candidate === node) return true
  const p = parts(r)
  const tenant = p.columns.tenantId ? sql` and t.tenant_id = ${auth.tenantId}` : sql``
  const table = sql.identifier(getTableName(r.table))
  const result = await tx.execute(sql`
    with recursive up(id, parent_id, depth) as (
      select t.id, t.${sql.identifier(p.parent.name)}, 0 from ${table} t where t.id = ${candidate}${tenant}
      union all
      select t.id, t.${sql.identifier(p.parent.name)}, up.depth + 1 from ${table} t
        join up on t.id = up.parent_id where up.depth < 200${tenant}
    )
    select 1 as hit from up where id = ${node} limit 1`)
  return rowsOf(result).length > 0
}

/** `execute` answers `{rows}` on both drivers. */
function rowsOf(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? []) as Row[]
}

/** Refuse to remove nodes that still have live children (other than the ones removed with them). */
export async function treeRemove(tx: Tx, r: Resource, auth: AuthContext, ids: readonly string[]) {
  if (!r.contract.tree) return
  const p = parts(r)
  const [child] = await tx
    .select({ id: r.idColumn })
    .from(r.table)
    .where(scoped(r.table, auth, inArray(p.parent, [...ids]), notInArray(r.idColumn, [...ids])))
    .limit(1)
  if (child) throw badRequest(HAS_CHILDREN)
}

function orderOf(r: Resource): SQL[] {
  const p = parts(r)
  return [...(p.sort ? [asc(p.sort)] : []), asc(r.idColumn)]
}

async function treeWhere(r: Resource, auth: AuthContext, query: Row, more?: SQL): Promise<SQL> {
  return whereOf(r, auth, ...r.filterSet.conditions(query), await r.queryFilter?.(query, auth), more)
}

/** The whole tree (or the filter's hits, each under its nearest listed ancestor) as rows with children. */
export async function treeRows(db: Db, r: Resource, auth: AuthContext, query: Row) {
  const p = parts(r)
  const rows = (await db
    .select(rowSelection(r))
    .from(r.table)
    .where(await treeWhere(r, auth, query))
    .orderBy(...orderOf(r))
    .limit(TREE_LIMIT)) as Row[]
  return forestOf(rows.map((row) => ({ ...row, id: String(row.id), parentId: String(row[p.parentKey]) })))
}

/** The tree as BladeX TreeNodes (`title` the label, `key`/`value` the id) for tree selects. */
export async function treeNodes(db: Db, r: Resource, auth: AuthContext, query: Row): Promise<TreeNode[]> {
  const p = parts(r)
  const columns = p.columns
  const label = columns[r.contract.tree?.title ?? r.contract.label]
  if (!label) throw new Error(`resource ${r.path}: the tree title is not a column`)
  const rows = (await db
    .select({ id: r.idColumn, parentId: p.parent, title: label })
    .from(r.table)
    .where(await treeWhere(r, auth, query))
    .orderBy(...orderOf(r))
    .limit(TREE_LIMIT)) as { id: string; parentId: string; title: string }[]
  return treeOf(
    rows.map((row) => ({ ...row, parentId: String(row.parentId), title: String(row.title ?? '') })),
  )
}

/** One level under `parentId` (default the root), each row saying whether it has children. */
export async function levelRows(db: Db, r: Resource, auth: AuthContext, query: Row) {
  const p = parts(r)
  const parentId = String(query.parentId || '0')
  if (!/^\d{1,19}$/.test(parentId)) throw badRequest('参数校验失败: parentId: must be an id or 0')
  const { parentId: _skip, ...filters } = query
  return db
    .select({ ...rowSelection(r), hasChildren: hasChildren(p.parentKey)(r.table) })
    .from(r.table)
    .where(await treeWhere(r, auth, filters, eq(p.parent, parentId)))
    .orderBy(...orderOf(r))
    .limit(TREE_LIMIT)
}

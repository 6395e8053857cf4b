import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/types.js'
import { user } from '../../identity/index.js'

/** A group a task may be offered to: a role, department or post (the `search/*` lookups). */
export interface Group {
  kind: 'role' | 'dept' | 'post'
  ref: string
}

/** Who belongs to what: the engine asks, the organisation answers (tests may answer themselves). */
export interface Directory {
  /** the live users of the tenant in any of the groups */
  usersIn(tx: DbOrTx, tenantId: string, groups: Group[]): Promise<string[]>
  /** the groups a user is in */
  groupsOf(tx: DbOrTx, tenantId: string, userId: string): Promise<Group[]>
  /** the leader of a user's department, or null when none is known */
  deptLeaderOf(tx: DbOrTx, tenantId: string, userId: string): Promise<string | null>
}

const COLUMN = { role: user.roleId, dept: user.deptId, post: user.postId } as const
const listHas = (column: (typeof COLUMN)[keyof typeof COLUMN], ref: string) =>
  sql`${ref} = any(string_to_array(${column}, ','))`

/** The directory over BladeX's user table (comma-joined role, department and post ids). */
export const userDirectory: Directory = {
  async usersIn(tx, tenantId, groups) {
    if (groups.length === 0) return []
    const rows = await tx
      .select({ id: user.id })
      .from(user)
      .where(
        and(
          eq(user.tenantId, tenantId),
          eq(user.isDeleted, 0),
          or(...groups.map((g) => listHas(COLUMN[g.kind], g.ref))),
        ),
      )
      .orderBy(user.id)
    return rows.map((r) => r.id)
  },
  async groupsOf(tx, tenantId, userId) {
    const [row] = await tx
      .select({ roleId: user.roleId, deptId: user.deptId, postId: user.postId })
      .from(user)
      .where(and(eq(user.tenantId, tenantId), inArray(user.id, [userId])))
    if (!row) return []
    const of = (kind: Group['kind'], joined: string) =>
      joined
        .split(',')
        .filter(Boolean)
        .map((ref) => ({ kind, ref }))
    return [...of('role', row.roleId), ...of('dept', row.deptId), ...of('post', row.postId)]
  },
  // BladeX's department has no leader column: a deployment using ${initiatorDeptLeader} needs a
  // directory that knows (the routes' session wires the organisation's answer)
  async deptLeaderOf() {
    return null
  },
}

/** The names of users as history writes them (`张三, 李四`); an id the tenant does not know stays an id. */
export async function userNames(tx: DbOrTx, tenantId: string, ids: readonly string[]): Promise<string> {
  if (ids.length === 0) return ''
  const rows = await tx
    .select({ id: user.id, name: user.realName })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), inArray(user.id, [...ids])))
  const name = new Map(rows.map((r) => [r.id, r.name || r.id]))
  return ids.map((id) => name.get(id) ?? id).join(', ')
}

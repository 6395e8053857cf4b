import { inArray } from 'drizzle-orm'
import { isAdministrator, isTenantAdmin } from '../../core/auth/guards.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { forbidden } from '../../core/errors.js'
import { idsIn } from '../../core/ids.js'
import { scoped } from '../../core/tenancy.js'
import type { DbOrTx } from '../../db/client.js'
import { ADMIN, ADMINISTRATOR, assertMayConfigure, role } from '../authority/index.js'
import { user } from '../identity/index.js'

/**
 * Who may act on whom. A caller governs a role when it holds that role or one above it in the role
 * tree (a child role never holds more than its parent); a tenant administrator (`admin`) governs
 * every role of its tenant but `administrator`, the platform administrator every role. A write on
 * another account (edit, status, roles, password, removal, avatar, import over it) is allowed only
 * when the caller governs every role that account holds: otherwise whoever holds the user screen's
 * buttons could reset an administrator's password and sign in as them. Roles handed out follow the
 * same rule (a caller must not make an account it could then sign in as, with a role it lacks).
 */

export const NOT_GOVERNED = (account: string) => `无权操作用户 [${account}]: 该用户拥有您未持有的角色`

type RoleRow = { id: string; parentId: string; alias: string; name: string }

export interface RoleAuthority {
  /** true when the caller may act on holders of this role, and hand it out */
  governs(roleId: string): boolean
  role(roleId: string): RoleRow | undefined
}

/** The caller's authority over the roles of its tenant (one small read: a tenant's roles). */
export async function roleAuthority(db: DbOrTx, auth: AuthContext): Promise<RoleAuthority> {
  const rows = await db
    .select({ id: role.id, parentId: role.parentId, alias: role.roleAlias, name: role.roleName })
    .from(role)
    .where(scoped(role, auth))
  const byId = new Map(
    rows.map((r) => [String(r.id), { ...r, id: String(r.id), parentId: String(r.parentId) }]),
  )
  const held = new Set(auth.roleIds)
  const platform = isAdministrator(auth)
  const tenantAdmin = isTenantAdmin(auth)
  /** the role or one of its ancestors is held by the caller */
  const heldOrBelow = (id: string): boolean => {
    const seen = new Set<string>()
    for (let at: RoleRow | undefined = byId.get(id); at && !seen.has(at.id); at = byId.get(at.parentId)) {
      if (held.has(at.id)) return true
      seen.add(at.id)
    }
    return false
  }
  return {
    role: (id) => byId.get(id),
    governs(id) {
      if (platform) return true
      const r = byId.get(id)
      // a role id that no longer names a live role of the tenant grants nothing
      if (!r) return true
      if (r.alias === ADMINISTRATOR) return false
      if (r.alias === ADMIN) return tenantAdmin
      return tenantAdmin || heldOrBelow(id)
    },
  }
}

/**
 * Refuse (403) when one of these accounts holds a role the caller does not govern. Accounts outside
 * the caller's tenant are not found here (the write itself then answers 404).
 */
export async function assertMayManage(
  db: DbOrTx,
  auth: AuthContext,
  userIds: readonly string[],
  authority?: RoleAuthority,
): Promise<void> {
  const problem = await manageProblem(db, auth, userIds, authority)
  if (problem) throw forbidden(problem)
}

/** The refusal message for the first account the caller may not act on, or null. */
export async function manageProblem(
  db: DbOrTx,
  auth: AuthContext,
  userIds: readonly string[],
  authority?: RoleAuthority,
): Promise<string | null> {
  if (!userIds.length || isAdministrator(auth)) return null
  const rule = authority ?? (await roleAuthority(db, auth))
  const targets = await db
    .select({ id: user.id, account: user.account, roleId: user.roleId })
    .from(user)
    .where(scoped(user, auth, inArray(user.id, [...new Set(userIds)])))
  const refused = targets.find((target) => !mayManage(auth, rule, target))
  return refused ? NOT_GOVERNED(refused.account) : null
}

/** One account already read (id and roles): the caller may act on it. */
export function mayManage(
  auth: AuthContext,
  rule: RoleAuthority,
  target: { id: string; roleId: string | null },
): boolean {
  if (isAdministrator(auth) || String(target.id) === auth.userId) return true
  return idsIn(target.roleId).every((id) => rule.governs(id))
}

/**
 * Roles a caller may hand out (added ones; roles an account keeps are not re-checked): BladeX's alias
 * messages for `administrator` / `admin`, and only roles the caller governs.
 */
export function handOutProblem(
  auth: AuthContext,
  rule: RoleAuthority,
  roleIds: readonly string[],
  previous: readonly string[] = [],
): string | null {
  for (const id of roleIds) {
    if (previous.includes(id)) continue
    const r = rule.role(id)
    if (!r) continue
    try {
      assertMayConfigure(auth, r.alias)
    } catch (err) {
      return (err as Error).message
    }
    if (!rule.governs(id)) return `无权分配未持有的角色: ${r.name}`
  }
  return null
}

import { and, eq, inArray } from 'drizzle-orm'
import type { Principal } from '../../core/auth/principals.js'
import { idsIn } from '../../core/ids.js'
import type { DbOrTx } from '../../db/client.js'
import { role } from '../authority/index.js'
import { user, userTenant } from '../identity/index.js'
import { dept } from '../org/index.js'
import { tenant } from '../tenant/index.js'

/** What sign-in needs to know of an account: the system module's public answer to the auth module. */
export interface Account {
  id: string
  tenantId: string
  account: string
  passwordHash: string
  passwordDefault: boolean
  mustChangePassword: boolean
  name: string
  realName: string
  avatar: string
  roleIds: string[]
  roleAliases: string[]
  deptIds: string[]
  postIds: string[]
  status: number
}

export type TenantState = 'ok' | 'missing' | 'expired'

export async function tenantState(db: DbOrTx, tenantId: string): Promise<TenantState> {
  const [row] = await db
    .select({ expireTime: tenant.expireTime })
    .from(tenant)
    .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)))
  if (!row) return 'missing'
  // the platform tenant never expires
  if (tenantId !== '000000' && row.expireTime && row.expireTime.getTime() < Date.now()) return 'expired'
  return 'ok'
}

async function toAccount(db: DbOrTx, row: typeof user.$inferSelect): Promise<Account> {
  const roleIds = idsIn(row.roleId)
  const roles = roleIds.length
    ? await db
        .select({ alias: role.roleAlias })
        .from(role)
        .where(and(inArray(role.id, roleIds), eq(role.tenantId, row.tenantId), eq(role.isDeleted, 0)))
    : []
  return {
    id: row.id,
    tenantId: row.tenantId,
    account: row.account,
    passwordHash: row.password,
    passwordDefault: row.passwordDefault,
    mustChangePassword: row.mustChangePassword,
    name: row.name,
    realName: row.realName,
    avatar: row.avatar,
    roleIds,
    roleAliases: roles.map((r) => r.alias),
    deptIds: idsIn(row.deptId),
    postIds: idsIn(row.postId),
    status: row.status,
  }
}

export async function findAccount(db: DbOrTx, tenantId: string, account: string): Promise<Account | null> {
  const [row] = await db
    .select()
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.account, account), eq(user.isDeleted, 0)))
  return row ? toAccount(db, row) : null
}

export async function findAccountById(db: DbOrTx, id: string): Promise<Account | null> {
  const [row] = await db
    .select()
    .from(user)
    .where(and(eq(user.id, id), eq(user.isDeleted, 0)))
  return row ? toAccount(db, row) : null
}

/** The account a user becomes in another tenant, if that switch was granted. */
export async function switchTarget(db: DbOrTx, userId: string, tenantId: string): Promise<string | null> {
  const [row] = await db
    .select({ target: userTenant.targetUserId })
    .from(userTenant)
    .where(and(eq(userTenant.userId, userId), eq(userTenant.tenantId, tenantId)))
  return row?.target ?? null
}

export async function deptNames(db: DbOrTx, tenantId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return []
  const rows = await db
    .select({ name: dept.deptName })
    .from(dept)
    .where(and(inArray(dept.id, ids), eq(dept.tenantId, tenantId), eq(dept.isDeleted, 0)))
  return rows.map((r) => r.name)
}

/** The tenant of each of these accounts (removed ones too). */
export async function accountTenants(
  db: DbOrTx,
  ids: readonly string[],
): Promise<{ id: string; tenantId: string }[]> {
  if (!ids.length) return []
  return db
    .select({ id: user.id, tenantId: user.tenantId })
    .from(user)
    .where(inArray(user.id, [...ids]))
}

/** An account's current record for the authentication of each request (core/auth/principals.ts). */
export async function loadPrincipal(db: DbOrTx, tenantId: string, userId: string): Promise<Principal> {
  const account = await findAccountById(db, userId)
  const base = {
    roleIds: account?.roleIds ?? [],
    roleAliases: account?.roleAliases ?? [],
    deptIds: account?.deptIds ?? [],
    tenantExpiresAt: null,
    passwordChangeRequired: account?.mustChangePassword ?? false,
  }
  if (!account || account.tenantId !== tenantId) return { ...base, refused: 'missing' }
  if (account.status !== 1) return { ...base, refused: 'disabled' }
  const [row] = await db
    .select({ expireTime: tenant.expireTime })
    .from(tenant)
    .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)))
  if (!row) return { ...base, refused: 'tenant-missing' }
  // the platform tenant never expires (tenantState)
  const expires = tenantId === '000000' ? null : (row.expireTime?.getTime() ?? null)
  return { ...base, refused: null, tenantExpiresAt: expires }
}

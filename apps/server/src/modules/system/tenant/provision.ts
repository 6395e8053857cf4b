import { and, eq, inArray, sql } from 'drizzle-orm'
import type { AuthContext } from '../../../core/auth/tokens.js'
import { nextId } from '../../../core/ids.js'
import type { Tx } from '../../../db/client.js'
import { dept, dictBiz, menu, post, role, roleMenu, tenant, user } from '../schema.js'

/** The platform tenant (BladeX `ADMIN_TENANT_ID`): its business dicts are the template of a new tenant's. */
const PLATFORM_TENANT = '000000'

/** A screen's menu code and its `<code>_add/_edit/_delete/_view` buttons, plus extra buttons. */
const screenCodes = (code: string, ...extra: string[]) => [
  code,
  ...['add', 'edit', 'delete', 'view'].map((b) => `${code}_${b}`),
  ...extra,
]

/**
 * The menus a park's 管理员 (`admin`) is granted: the demo park's admin and every provisioned
 * tenant's (BladeX `tenant.default.menuCode`). Never the platform-only screens (param writes, dict,
 * client, tenant).
 */
export const PARK_ADMIN_MENU_CODES: readonly string[] = [
  ...['system', 'param', 'param_view', 'api_docs', 'wel_dashboard'],
  ...['dictbiz', 'dictbiz_add', 'dictbiz_edit', 'dictbiz_delete', 'dictbiz_view'],
  ...['topmenu', 'topmenu_add', 'topmenu_edit', 'topmenu_delete', 'topmenu_view', 'topmenu_setting'],
  ...screenCodes('user', 'user_reset', 'user_role'),
  ...screenCodes('dept'),
  ...screenCodes('post'),
  ...screenCodes('role', 'role_grant'),
  // the data and api scope definitions are platform data: the park admin reads them only
  ...['authority', 'datascope', 'datascope_view', 'apiscope', 'apiscope_view'],
  ...screenCodes('notice'),
  ...['monitor', 'log', 'log_usual', 'log_api', 'log_error', 'log_view'],
]

export interface ProvisionInput {
  tenantName: string
  domain?: string
  linkman?: string
  contactNumber?: string
  address?: string
  accountNumber?: number
  expireTime?: Date | null
  logo?: string
  /** argon2id of the MD5 hex of the admin's initial password */
  adminPasswordHash: string
}

/**
 * The next free 6-digit tenant id: one above the highest in use (deleted tenants keep theirs, the
 * id is unique over all rows). Serialised by a transaction-scoped advisory lock.
 */
async function nextTenantId(tx: Tx): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('blade_tenant.tenant_id'))`)
  const [row] = await tx
    .select({ max: sql<string | null>`max(${tenant.tenantId})` })
    .from(tenant)
    .where(sql`${tenant.tenantId} ~ '^[0-9]{6}$'`)
  const next = Math.max(Number(row?.max ?? 0) + 1, 100_001)
  if (next > 999_999) throw new Error('no 6-digit tenant id left')
  return String(next).padStart(6, '0')
}

/**
 * Create a tenant and what it needs to be used (BladeX TenantServiceImpl#submitTenant): role
 * 管理员/`admin` with the park admin's menus, a dept named after the tenant, post `ceo`, user
 * `admin` (initial password, to be changed at first sign-in) and copies of the platform tenant's
 * business dicts. Runs inside the caller's transaction: any failure leaves nothing behind.
 */
export async function provisionTenant(tx: Tx, auth: AuthContext, input: ProvisionInput): Promise<string> {
  const tenantId = await nextTenantId(tx)
  const now = new Date()
  const audit = {
    createUser: auth.userId,
    createDept: auth.deptIds[0] ?? null,
    createTime: now,
    updateUser: auth.userId,
    updateTime: now,
  }
  const { adminPasswordHash, ...fields } = input
  await tx.insert(tenant).values({ id: nextId(), tenantId, ...fields, ...audit })

  const roleId = nextId()
  await tx.insert(role).values({ id: roleId, tenantId, roleName: '管理员', roleAlias: 'admin', sort: 1 })
  const menus = await tx
    .select({ id: menu.id })
    .from(menu)
    .where(and(inArray(menu.code, [...PARK_ADMIN_MENU_CODES]), eq(menu.isDeleted, 0)))
  if (menus.length)
    await tx.insert(roleMenu).values(menus.map((m) => ({ id: nextId(), roleId, menuId: m.id })))

  const deptId = nextId()
  await tx.insert(dept).values({
    id: deptId,
    tenantId,
    deptName: input.tenantName,
    fullName: input.tenantName,
  })
  const postId = nextId()
  await tx
    .insert(post)
    .values({ id: postId, tenantId, postCode: 'ceo', postName: '首席执行官', category: 1, sort: 1, ...audit })
  await tx.insert(user).values({
    id: nextId(),
    tenantId,
    account: 'admin',
    password: adminPasswordHash,
    passwordDefault: true,
    name: '管理员',
    realName: '管理员',
    roleId,
    deptId,
    postId,
    ...audit,
  })

  // business dicts: the platform tenant's, with new ids (children follow their root)
  const dicts = await tx
    .select()
    .from(dictBiz)
    .where(and(eq(dictBiz.tenantId, PLATFORM_TENANT), eq(dictBiz.isDeleted, 0)))
  if (dicts.length) {
    const ids = new Map(dicts.map((d) => [d.id, nextId()]))
    await tx.insert(dictBiz).values(
      dicts.map((d) => ({
        ...d,
        id: ids.get(d.id)!,
        parentId: ids.get(d.parentId) ?? d.parentId,
        tenantId,
        ...audit,
      })),
    )
  }
  return tenantId
}

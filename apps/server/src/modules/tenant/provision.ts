import { and, eq, sql } from 'drizzle-orm'
import { PLATFORM_TENANT } from '../../core/auth/guards.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { nextId } from '../../core/ids.js'
import type { Tx } from '../../db/client.js'
import { role } from '../authority/index.js'
import { dictBiz } from '../dict/index.js'
import { user } from '../identity/index.js'
import { menu, menuApp, roleMenuApp } from '../menu/index.js'
import { dept, post } from '../org/index.js'
import { setTenantProducts } from './products.js'
import { production, productionMenu, tenant } from './schema.js'

/** A screen's menu code and its `<code>_add/_edit/_delete/_view` buttons, plus extra buttons. */
const screenCodes = (code: string, ...extra: string[]) => [
  code,
  ...['add', 'edit', 'delete', 'view'].map((b) => `${code}_${b}`),
  ...extra,
]

/**
 * The menus of the demo park's 管理员 (`admin`) and of the 基础版 product (BladeX
 * `tenant.default.menuCode`). Never the platform-only screens (param writes, dict, client, tenant).
 */
export const PARK_ADMIN_MENU_CODES: readonly string[] = [
  ...['system', 'param', 'param_view', 'api_docs', 'wel_dashboard'],
  ...['dictbiz', 'dictbiz_add', 'dictbiz_edit', 'dictbiz_delete', 'dictbiz_view'],
  ...['topmenu', 'topmenu_add', 'topmenu_edit', 'topmenu_delete', 'topmenu_view', 'topmenu_setting'],
  ...screenCodes('user', 'user_reset', 'user_role', 'user_export', 'user_import'),
  ...screenCodes('dept'),
  ...screenCodes('post'),
  ...screenCodes('role', 'role_grant'),
  // guests who registered after a third-party sign-in (modules/social)
  ...screenCodes('user_guest', 'user_guest_approve', 'user_guest_reject'),
  // the data and api scope definitions are platform data: the park admin reads them only
  ...['authority', 'datascope', 'datascope_view', 'apiscope', 'apiscope_view'],
  ...screenCodes('notice'),
  ...screenCodes('shortcut'),
  ...screenCodes('stafftype'),
  ...['app', ...screenCodes('appinfo'), ...screenCodes('appstartup')],
  ...['monitor', 'log', 'log_usual', 'log_api', 'log_error', 'log_view'],
  ...['log_usual_view', 'log_api_view', 'log_error_view'],
  ...['resource', ...screenCodes('oss', 'oss_enable'), ...screenCodes('sms', 'sms_enable', 'sms_send')],
  ...['attach', 'attach_upload', 'attach_download', 'attach_delete', 'attach_view'],
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
  backgroundUrl?: string
  proxyId?: string | null
  /** the tenant's products: its `admin` role gets the union of their menus */
  productIds: readonly string[]
  /** argon2id of the MD5 hex of the admin's initial password */
  adminPasswordHash: string
}

/**
 * The next free 6-digit tenant id: one above the highest in use (deleted tenants keep theirs, the
 * id is unique over all rows). Serialised by a transaction-scoped advisory lock.
 */
export async function nextTenantId(tx: Tx): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('blade_tenant.tenant_id'))`)
  const [row] = await tx
    .select({ max: sql<string | null>`max(${tenant.tenantId})` })
    .from(tenant)
    .where(sql`${tenant.tenantId} ~ '^[0-9]{6}$'`)
  const next = Math.max(Number(row?.max ?? 0) + 1, 100_001)
  if (next > 999_999) throw new Error('no 6-digit tenant id left')
  return String(next).padStart(6, '0')
}

function auditOf(auth: AuthContext) {
  const now = new Date()
  return {
    createUser: auth.userId,
    createDept: auth.deptIds[0] ?? null,
    createTime: now,
    updateUser: auth.userId,
    updateTime: now,
  }
}

/**
 * Create a tenant and what it needs to be used (BladeX TenantServiceImpl#submitTenant): its row, then
 * `furnishTenant`. Runs inside the caller's transaction: any failure leaves nothing behind.
 */
export async function provisionTenant(tx: Tx, auth: AuthContext, input: ProvisionInput): Promise<string> {
  const tenantId = await nextTenantId(tx)
  const { adminPasswordHash, productIds, ...fields } = input
  await tx.insert(tenant).values({ id: nextId(), tenantId, ...fields, ...auditOf(auth) })
  await furnishTenant(tx, auth, { tenantId, tenantName: input.tenantName, productIds, adminPasswordHash })
  return tenantId
}

/** A new tenant (its row written) and what it starts with. */
export interface TenantStart {
  tenantId: string
  tenantName: string
  /** the tenant's products: its `admin` role gets the union of their menus */
  productIds: readonly string[]
  /** argon2id of the MD5 hex of the admin's initial password */
  adminPasswordHash: string
}

/**
 * What a new tenant needs beside its row: role 管理员/`admin` with the menus of the tenant's products,
 * a dept named after the tenant, post `ceo`, user `admin` (initial password, to be changed at first
 * sign-in) and copies of the platform tenant's business dicts. Inside the caller's transaction.
 */
export async function furnishTenant(tx: Tx, auth: AuthContext, start: TenantStart): Promise<void> {
  const { tenantId, tenantName, productIds, adminPasswordHash } = start
  const audit = auditOf(auth)
  const roleId = nextId()
  await tx.insert(role).values({ id: roleId, tenantId, roleName: '管理员', roleAlias: 'admin', sort: 1 })
  await setTenantProducts(tx, tenantId, productIds)
  // the mobile app's menus: products bundle console screens only, so a new park's admin holds every
  // app menu and hands them to its roles (without them it could grant none)
  const appMenus = await tx.select({ id: menuApp.id }).from(menuApp).where(eq(menuApp.isDeleted, 0))
  if (appMenus.length)
    await tx.insert(roleMenuApp).values(appMenus.map((m) => ({ id: nextId(), menuId: m.id, roleId })))

  const deptId = nextId()
  await tx.insert(dept).values({ id: deptId, tenantId, deptName: tenantName, fullName: tenantName })
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
    // the platform administrator chose it: the new admin must choose their own before anything else
    mustChangePassword: true,
    name: '管理员',
    realName: '管理员',
    roleId,
    deptId,
    postId,
    ...audit,
  })

  // business dicts: the platform tenant's (BladeX `ADMIN_TENANT_ID`), with new ids (children follow their root)
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
}

/** Demo park products: bundles of the menus that exist so far (meeting, storage, canteen … join with their modules). */
export const DEMO_PRODUCTS: readonly { name: string; remark: string; codes: readonly string[] }[] = [
  { name: '基础版', remark: '系统管理、权限、公告与日志', codes: PARK_ADMIN_MENU_CODES },
  { name: '通知公告', remark: '通知公告', codes: screenCodes('notice') },
  {
    name: '日志审计',
    remark: '通用、接口与错误日志',
    codes: ['monitor', 'log', 'log_usual', 'log_api', 'log_error', 'log_view'],
  },
  { name: '行政区划', remark: '行政区划查询', codes: ['base', 'region', 'region_view'] },
]

/** Seed the demo products and the modules' own (their menus by code); answers the product ids by name. */
export async function seedProducts(
  tx: Tx,
  more: readonly { name: string; remark: string; codes: readonly string[] }[] = [],
): Promise<Map<string, string>> {
  const menus = await tx.select({ id: menu.id, code: menu.code }).from(menu).where(eq(menu.isDeleted, 0))
  const byCode = new Map(menus.map((m) => [m.code, m.id]))
  const ids = new Map<string, string>()
  for (const [i, p] of [...DEMO_PRODUCTS, ...more].entries()) {
    const productId = nextId()
    ids.set(p.name, productId)
    await tx.insert(production).values({ id: productId, name: p.name, remark: p.remark, sort: i + 1 })
    const menuIds = p.codes.map((c) => byCode.get(c)).filter((id): id is string => id !== undefined)
    if (menuIds.length)
      await tx.insert(productionMenu).values(menuIds.map((menuId) => ({ id: nextId(), productId, menuId })))
  }
  return ids
}

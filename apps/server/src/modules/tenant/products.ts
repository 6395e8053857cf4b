import {
  productionContract,
  productionGrantCall,
  productionGrantTreeCall,
  productionSelectCall,
  productionTreeKeysCall,
} from '@xpark/contract/schemas'
import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import { PLATFORM_TENANT } from '../../core/auth/guards.js'
import { defineResource, registerResource } from '../../core/crud/index.js'
import { badRequest, notFound } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import { nextId } from '../../core/ids.js'
import type { ModuleContext } from '../../core/module.js'
import { bySort, treeOf } from '../../core/tree.js'
import type { DbOrTx, Tx } from '../../db/client.js'
import { role } from '../authority/index.js'
import { menu, roleMenu } from '../menu/index.js'
import { production, productionMenu, proxyProduction, tenant, tenantProduction } from './schema.js'

/**
 * blade-system/production (产品管理): park products, each a named bundle of menus. A tenant has
 * products (`proIds`); its `admin` role holds the union of their menus, kept in step here whenever
 * a tenant's products or a product's menus change. Platform administrator only.
 */

/** Menus (and their buttons) whose routes answer the platform administrator only: never part of a product. */
const PLATFORM_MENUS = [
  'tenant',
  'client',
  'menu',
  'dict',
  'production',
  'proxy',
  'datasource',
  'oauth_provider',
]

/** Menu, role grant and permission caches of every role set live under this prefix (modules/menu/menus.ts). */
export const SYSTEM_CACHE = 'sys:'

export const productionResource = defineResource({
  // platform data, reads included: a tenant must not learn what others bought (the contract's `view`)
  contract: productionContract,
  table: production,
  tenant: false,
  beforeWrite: async ({ tx, values, id }) => {
    if (values.name === undefined) return
    const [clash] = await tx
      .select({ id: production.id })
      .from(production)
      .where(
        and(
          eq(production.name, values.name),
          eq(production.isDeleted, 0),
          id ? ne(production.id, id) : undefined,
        ),
      )
      .limit(1)
    if (clash) throw badRequest(`产品名称已存在: ${values.name}`)
  },
  beforeRemove: async ({ tx, ids }) => {
    const [used] = await tx
      .select({ tenantId: tenantProduction.tenantId })
      .from(tenantProduction)
      .innerJoin(tenant, and(eq(tenant.tenantId, tenantProduction.tenantId), eq(tenant.isDeleted, 0)))
      .where(inArray(tenantProduction.productId, [...ids]))
      .limit(1)
    if (used) throw badRequest(`产品仍被租户使用,不能删除: ${used.tenantId}`)
    await tx.delete(proxyProduction).where(inArray(proxyProduction.productId, [...ids]))
    await tx.delete(productionMenu).where(inArray(productionMenu.productId, [...ids]))
  },
})

/** Live menus a product may bundle: all but the platform-only screens and their buttons. */
async function bundlableMenus(db: DbOrTx) {
  const all = await db
    .select({ id: menu.id, parentId: menu.parentId, code: menu.code, name: menu.name, sort: menu.sort })
    .from(menu)
    .where(eq(menu.isDeleted, 0))
    .orderBy(asc(menu.sort))
  const platform = new Set(all.filter((m) => PLATFORM_MENUS.includes(m.code)).map((m) => m.id))
  return all.filter((m) => !platform.has(m.id) && !platform.has(m.parentId))
}

/** Live menu ids bundled by the live products of each tenant. */
export async function productMenusOf(
  tx: DbOrTx,
  tenantIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const out = new Map(tenantIds.map((t) => [t, new Set<string>()]))
  if (!tenantIds.length) return out
  const rows = await tx
    .selectDistinct({ tenantId: tenantProduction.tenantId, menuId: productionMenu.menuId })
    .from(tenantProduction)
    .innerJoin(production, and(eq(production.id, tenantProduction.productId), eq(production.isDeleted, 0)))
    .innerJoin(productionMenu, eq(productionMenu.productId, tenantProduction.productId))
    // a removed menu is granted to nobody any more
    .innerJoin(menu, and(eq(menu.id, productionMenu.menuId), eq(menu.isDeleted, 0)))
    .where(inArray(tenantProduction.tenantId, [...tenantIds]))
  for (const r of rows) out.get(r.tenantId)?.add(r.menuId)
  return out
}

/**
 * After the products of some tenants, or the menus of their products, changed (`before` = their
 * product menus until then): each tenant's `admin` role gains the menus its products now bundle,
 * and every role of the tenant loses the menus no product of it bundles any more. Menus no product
 * ever gave (granted by hand) stay. The platform tenant is left alone. Runs in the caller's transaction; the caller clears `sys:`.
 */
export async function syncTenantMenus(
  tx: Tx,
  before: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<void> {
  const after = await productMenusOf(tx, [...before.keys()])
  for (const [tenantId, old] of before) {
    // the platform tenant's roles are set by hand (its administrator holds every menu anyway)
    if (tenantId === PLATFORM_TENANT) continue
    const now = after.get(tenantId) ?? new Set<string>()
    const roles = await tx
      .select({ id: role.id, alias: role.roleAlias })
      .from(role)
      .where(and(eq(role.tenantId, tenantId), eq(role.isDeleted, 0)))
    if (!roles.length) continue
    const dropped = [...old].filter((m) => !now.has(m))
    if (dropped.length)
      await tx.delete(roleMenu).where(
        and(
          inArray(
            roleMenu.roleId,
            roles.map((r) => r.id),
          ),
          inArray(roleMenu.menuId, dropped),
        ),
      )
    for (const adminRole of roles.filter((r) => r.alias === 'admin')) {
      const held = new Set(
        (
          await tx.select({ menuId: roleMenu.menuId }).from(roleMenu).where(eq(roleMenu.roleId, adminRole.id))
        ).map((r) => r.menuId),
      )
      const missing = [...now].filter((m) => !held.has(m))
      if (missing.length)
        await tx
          .insert(roleMenu)
          .values(missing.map((menuId) => ({ id: nextId(), roleId: adminRole.id, menuId })))
    }
  }
}

/**
 * The products a tenant may get: live ones, and (with an agent) only those the agent may sell.
 * Answers their names in the order given.
 */
export async function assertSellable(
  tx: DbOrTx,
  productIds: readonly string[],
  proxyId: string | null,
): Promise<void> {
  const rows = await tx
    .select({ id: production.id, name: production.name })
    .from(production)
    .where(and(inArray(production.id, [...productIds]), eq(production.isDeleted, 0)))
  if (rows.length !== new Set(productIds).size) throw badRequest('产品不存在')
  if (!proxyId) return
  const allowed = new Set(
    (
      await tx
        .select({ productId: proxyProduction.productId })
        .from(proxyProduction)
        .where(eq(proxyProduction.proxyId, proxyId))
    ).map((r) => r.productId),
  )
  const refused = rows.filter((r) => !allowed.has(r.id))
  if (refused.length) throw badRequest(`代理商无权销售产品: ${refused.map((r) => r.name).join(',')}`)
}

/** Set the products of a tenant (replacing the old set) and bring its roles' menus in step. */
export async function setTenantProducts(
  tx: Tx,
  tenantId: string,
  productIds: readonly string[],
): Promise<void> {
  const before = await productMenusOf(tx, [tenantId])
  await tx.delete(tenantProduction).where(eq(tenantProduction.tenantId, tenantId))
  const unique = [...new Set(productIds)]
  if (unique.length)
    await tx
      .insert(tenantProduction)
      .values(unique.map((productId) => ({ id: nextId(), tenantId, productId })))
  await syncTenantMenus(tx, before)
}

/** Product ids of each tenant (for `proIds` on tenant reads). */
export async function productIdsOf(db: DbOrTx, tenantIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map(tenantIds.map((t) => [t, [] as string[]]))
  if (!tenantIds.length) return out
  const rows = await db
    .select({ tenantId: tenantProduction.tenantId, productId: tenantProduction.productId })
    .from(tenantProduction)
    .innerJoin(production, and(eq(production.id, tenantProduction.productId), eq(production.isDeleted, 0)))
    .where(inArray(tenantProduction.tenantId, [...tenantIds]))
    .orderBy(asc(production.sort), asc(production.id))
  for (const r of rows) out.get(r.tenantId)?.push(r.productId)
  return out
}

export async function productionRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  await registerResource(api, db, productionResource)

  handle(api, productionSelectCall, () =>
    db
      .select({ id: production.id, name: production.name })
      .from(production)
      .where(eq(production.isDeleted, 0))
      .orderBy(asc(production.sort), asc(production.id)),
  )

  handle(api, productionGrantTreeCall, async () => {
    const rows = await bundlableMenus(db)
    return { menu: treeOf(bySort(rows).map((m) => ({ ...m, title: m.name }))) }
  })

  handle(api, productionTreeKeysCall, async ({ productId }) => {
    const [found] = await db
      .select({ id: production.id })
      .from(production)
      .where(and(eq(production.id, productId), eq(production.isDeleted, 0)))
    if (!found) throw notFound('产品不存在')
    const rows = await db
      .select({ menuId: productionMenu.menuId })
      .from(productionMenu)
      .where(eq(productionMenu.productId, productId))
    return { menu: rows.map((r) => r.menuId) }
  })

  handle(api, productionGrantCall, async ({ productId, menuIds: asked }) => {
    const menuIds = [...new Set(asked)]
    const allowed = new Set((await bundlableMenus(db)).map((m) => m.id))
    const refused = menuIds.filter((id) => !allowed.has(id))
    if (refused.length) throw badRequest(`不可授权的菜单: ${refused.slice(0, 5).join(',')}`)
    await db.transaction(async (tx) => {
      const [found] = await tx
        .select({ id: production.id })
        .from(production)
        .where(and(eq(production.id, productId), eq(production.isDeleted, 0)))
        .for('update')
      if (!found) throw notFound('产品不存在')
      const holders = await tx
        .select({ tenantId: tenantProduction.tenantId })
        .from(tenantProduction)
        .where(eq(tenantProduction.productId, productId))
      const before = await productMenusOf(
        tx,
        holders.map((h) => h.tenantId),
      )
      await tx.delete(productionMenu).where(eq(productionMenu.productId, productId))
      if (menuIds.length)
        await tx.insert(productionMenu).values(menuIds.map((menuId) => ({ id: nextId(), productId, menuId })))
      await syncTenantMenus(tx, before)
    })
    await ctx.cache.clearPrefix(SYSTEM_CACHE)
    return {}
  })
}

import { passwordProblem } from '@xpark/contract'
import { type TenantInfo, tenantContract } from '@xpark/contract/schemas'
import { and, asc, eq, getTableName, inArray, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { PLATFORM_TENANT } from '../../core/auth/guards.js'
import { hashPassword, md5 } from '../../core/auth/passwords.js'
import { defineResource, type Expand, registerResource } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import type { ModuleContext } from '../../core/module.js'
import type { DbOrTx, Tx } from '../../db/client.js'
import { param } from '../param/index.js'
import { licenceChanged } from './licence.js'
import { assertSellable, SYSTEM_CACHE, setTenantProducts } from './products.js'
import { furnishTenant, nextTenantId } from './provision.js'
import { production, proxyTenant, tenant, tenantProduction } from './schema.js'

/**
 * blade-system/tenant (spec 01 §7): the parks, a kit resource of the tenant contract. Platform
 * administrator only, reads included, but for `info` (public: the login page of a park's own domain)
 * — BladeX #41/#42: a tenant's `admin` must not see or change other tenants. The table carries
 * `tenant_id` as the tenant's own key (`keyedByTenant`): the kit does not scope by it, and a new
 * tenant's key is made here. A submit without id provisions the tenant (provision.ts) in the write's
 * transaction; `select`, `info`, `listInfo`, `setting` and `datasource` are declared calls.
 */

const alive = eq(tenant.isDeleted, 0)

/** The public face of the tenant whose own domain this is (its login page), or null. */
export async function tenantOfDomain(db: DbOrTx, domain: string): Promise<TenantInfo | null> {
  const [row] = await db
    .select({
      tenantId: tenant.tenantId,
      tenantName: tenant.tenantName,
      logo: tenant.logo,
      backgroundUrl: tenant.backgroundUrl,
    })
    .from(tenant)
    .where(and(eq(tenant.domain, domain), alive))
    .orderBy(asc(tenant.tenantId))
    .limit(1)
  return row ?? null
}

/** `"table".column` of a table, for hand-written correlated subqueries (expands). */
const ref = (table: PgTable, column: string) => sql`${sql.identifier(getTableName(table))}.${sql.raw(column)}`

/** `proIds`: the tenant's live products, comma-joined in their order (what the submit takes back). */
const productIds: Expand = (outer) => {
  const held = (column: string) => ref(tenantProduction, column)
  const product = (column: string) => ref(production, column)
  return sql`coalesce((select string_agg(${held('product_id')}::text, ',' order by ${product('sort')}, ${product('id')})
    from ${tenantProduction} join ${production} on ${product('id')} = ${held('product_id')} and ${product('is_deleted')} = 0
    where ${held('tenant_id')} = ${ref(outer, 'tenant_id')}), '')`
}

/** The new admin's initial password: the form's, else the platform's default setting (if strong enough). */
async function initialPassword(tx: Tx, given: string | undefined): Promise<string> {
  if (given) return given
  const rows = await tx
    .select({ key: param.paramKey, value: param.paramValue })
    .from(param)
    .where(
      and(
        inArray(param.paramKey, ['tenant.default.password', 'account.initPassword']),
        eq(param.isDeleted, 0),
      ),
    )
  const value =
    rows.find((r) => r.key === 'tenant.default.password')?.value ??
    rows.find((r) => r.key === 'account.initPassword')?.value
  if (!value || passwordProblem(value))
    throw badRequest('please enter admin password (the default initial password is too weak)')
  return value
}

/** The products a submit names, once each. */
const productsOf = (values: { proIds?: string | undefined }) => [...new Set((values.proIds ?? '').split(','))]

/** The tenant id (6 digits) of a tenant row. */
async function tenantIdOf(tx: DbOrTx, id: string): Promise<string> {
  const [row] = await tx.select({ tenantId: tenant.tenantId }).from(tenant).where(eq(tenant.id, id))
  return row!.tenantId
}

export const tenantResource = defineResource({
  contract: tenantContract,
  table: tenant,
  tenant: false,
  // the products and the new admin's password go with a submit, not into blade_tenant
  inputs: ['proIds', 'adminPassword'],
  expand: { proIds: productIds },
  references: {
    proxyId: { to: proxyTenant, message: '代理商不存在' },
    // live, and (with an agent) the agent's to sell: assertSellable below
    proIds: 'checked',
  },
  // the login page finds a tenant by its domain
  unique: [{ fields: ['domain'], message: '域名已被其他租户使用: {domain}' }],
  beforeWrite: async ({ tx, values, id }) => {
    // an update keeps the agent it does not name, and its limits
    const [current] = id
      ? await tx.select({ proxyId: tenant.proxyId }).from(tenant).where(eq(tenant.id, id))
      : []
    const proxyId = values.proxyId === undefined ? (current?.proxyId ?? null) : values.proxyId || null
    await assertSellable(tx, productsOf(values), proxyId)
    if (id) return
    values.adminPassword = await initialPassword(tx, values.adminPassword)
    // the row's key: the next free tenant id
    ;(values as Record<string, unknown>).tenantId = await nextTenantId(tx)
  },
  afterWrite: async ({ tx, auth, values, id, created }) => {
    const tenantId = await tenantIdOf(tx, id)
    if (!created) return setTenantProducts(tx, tenantId, productsOf(values))
    await furnishTenant(tx, auth, {
      tenantId,
      tenantName: values.tenantName!,
      productIds: productsOf(values),
      adminPasswordHash: await hashPassword(md5(values.adminPassword!)),
    })
  },
  beforeRemove: async ({ tx, ids }) => {
    const [platform] = await tx
      .select({ id: tenant.id })
      .from(tenant)
      .where(and(inArray(tenant.id, [...ids]), eq(tenant.tenantId, PLATFORM_TENANT)))
    if (platform) throw badRequest('不能删除平台租户')
  },
})

/** The resource's routes, with what follows a committed write (sessions, cached menus). */
export async function registerTenants(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  await registerResource(api, db, {
    ...tenantResource,
    afterCommit: async ({ ids, verb, values }) => {
      const rows = () =>
        db
          .select({ tenantId: tenant.tenantId, expireTime: tenant.expireTime })
          .from(tenant)
          .where(inArray(tenant.id, [...ids]))
      // every session in a removed tenant ends at once
      if (verb === 'remove') return api.sessionControl.endTenants((await rows()).map((r) => r.tenantId))
      if (verb === 'update' && values?.expireTime !== undefined)
        for (const row of await rows()) await licenceChanged(api, [row.tenantId], row.expireTime)
      // the admin role's menus follow the products: drop the cached menu trees and codes
      await ctx.cache.clearPrefix(SYSTEM_CACHE)
    },
  })
}

import {
  proxyTenantContract,
  proxyTenantFaceCall,
  proxyTenantGrantCall,
  proxyTenantProductKeysCall,
  proxyTenantSelectCall,
  type TenantLogo,
} from '@xpark/contract/schemas'
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm'
import { defineResource, registerResource } from '../../core/crud/index.js'
import { badRequest, notFound } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import { publicRateLimit, TENANT_FACE_RATE_PER_MINUTE } from '../../core/http/public-limit.js'
import { nextId } from '../../core/ids.js'
import type { ModuleContext } from '../../core/module.js'
import type { DbOrTx } from '../../db/client.js'
import { production, proxyProduction, proxyTenant, tenant, tenantProduction } from './schema.js'

/**
 * blade-system/proxyTenant (代理商管理): agents that resell the platform. An agent may sell the
 * products of its grant; a tenant it sold (`blade_tenant.proxy_id`) may hold only those. Platform
 * administrator only, except `getTenant` (public: the logo a page shows before sign-in).
 */

/** A live tenant's name and the logo to show for it: its own, else its agent's, else empty. */
export async function tenantFace(db: DbOrTx, tenantId: string): Promise<TenantLogo | null> {
  const [row] = await db
    .select({
      tenantId: tenant.tenantId,
      tenantName: tenant.tenantName,
      logo: tenant.logo,
      proxyLogo: proxyTenant.logo,
    })
    .from(tenant)
    .leftJoin(proxyTenant, and(eq(proxyTenant.id, tenant.proxyId), eq(proxyTenant.isDeleted, 0)))
    .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)))
  if (!row) return null
  return { tenantId: row.tenantId, tenantName: row.tenantName, logo: row.logo || row.proxyLogo || '' }
}

export const proxyTenantResource = defineResource({
  contract: proxyTenantContract,
  table: proxyTenant,
  tag: 'proxyTenant',
  tenant: false,
  beforeRemove: async ({ tx, ids }) => {
    const [owned] = await tx
      .select({ tenantId: tenant.tenantId })
      .from(tenant)
      .where(and(inArray(tenant.proxyId, [...ids]), eq(tenant.isDeleted, 0)))
      .limit(1)
    if (owned) throw badRequest(`代理商仍有租户,不能删除: ${owned.tenantId}`)
    await tx.delete(proxyProduction).where(inArray(proxyProduction.proxyId, [...ids]))
  },
})

export async function proxyTenantRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  await registerResource(api, db, proxyTenantResource)

  handle(api, proxyTenantSelectCall, () =>
    db
      .select({ id: proxyTenant.id, name: proxyTenant.name })
      .from(proxyTenant)
      .where(eq(proxyTenant.isDeleted, 0))
      .orderBy(asc(proxyTenant.name)),
  )

  handle(api, proxyTenantProductKeysCall, async ({ proxyId }) => {
    const rows = await db
      .select({ productId: proxyProduction.productId })
      .from(proxyProduction)
      .innerJoin(production, and(eq(production.id, proxyProduction.productId), eq(production.isDeleted, 0)))
      .where(eq(proxyProduction.proxyId, proxyId))
    return rows.map((r) => r.productId)
  })

  handle(api, proxyTenantGrantCall, async ({ proxyId, productIds: asked }) => {
    const productIds = [...new Set(asked)]
    await db.transaction(async (tx) => {
      const [found] = await tx
        .select({ id: proxyTenant.id })
        .from(proxyTenant)
        .where(and(eq(proxyTenant.id, proxyId), eq(proxyTenant.isDeleted, 0)))
        .for('update')
      if (!found) throw notFound('代理商不存在')
      if (productIds.length) {
        const live = await tx
          .select({ id: production.id })
          .from(production)
          .where(and(inArray(production.id, productIds), eq(production.isDeleted, 0)))
        if (live.length !== productIds.length) throw badRequest('产品不存在')
      }
      // a product one of the agent's tenants still holds stays sellable until the tenant gives it up
      const [inUse] = await tx
        .select({ tenantId: tenant.tenantId, name: production.name })
        .from(tenantProduction)
        .innerJoin(tenant, eq(tenant.tenantId, tenantProduction.tenantId))
        .innerJoin(production, eq(production.id, tenantProduction.productId))
        .where(
          and(
            eq(tenant.proxyId, proxyId),
            eq(tenant.isDeleted, 0),
            eq(production.isDeleted, 0),
            productIds.length ? notInArray(tenantProduction.productId, productIds) : undefined,
          ),
        )
        .limit(1)
      if (inUse) throw badRequest(`代理商的租户仍在使用产品: ${inUse.name} (${inUse.tenantId})`)
      await tx.delete(proxyProduction).where(eq(proxyProduction.proxyId, proxyId))
      if (productIds.length)
        await tx
          .insert(proxyProduction)
          .values(productIds.map((productId) => ({ id: nextId(), proxyId, productId })))
    })
    return {}
  })

  // spec 01 §7 logo lookup: public, as the login page asks it before anyone has signed in
  handle(
    api,
    proxyTenantFaceCall,
    async ({ tenantId }) => {
      const face = await tenantFace(db, tenantId)
      if (!face) throw notFound('租户不存在')
      return face
    },
    { preHandler: [publicRateLimit(ctx.cache, 'tenant-face', TENANT_FACE_RATE_PER_MINUTE)] },
  )
}

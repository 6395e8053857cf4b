import {
  tenantDatasourceCall,
  tenantInfoCall,
  tenantLicenceCall,
  tenantListInfoCall,
  tenantSelectCall,
} from '@xpark/contract/schemas'
import { and, asc, count, eq, inArray } from 'drizzle-orm'
import { authOf } from '../../core/auth/plugin.js'
import { listRows } from '../../core/crud/index.js'
import { badRequest, notFound } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import { publicRateLimit, TENANT_FACE_RATE_PER_MINUTE } from '../../core/http/public-limit.js'
import type { ModuleContext } from '../../core/module.js'
import type { Db } from '../../db/client.js'
import { user } from '../identity/index.js'
import { expireDate, licenceChanged } from './licence.js'
import { datasource, production, proxyTenant, tenant, tenantProduction } from './schema.js'
import { tenantOfDomain, tenantResource } from './tenants.js'

/**
 * The tenant routes beside the resource's (declared calls, packages/contract schemas/tenant-calls.ts):
 * the list with product names, agent and accounts (`listInfo`), the picker (`select`), the login
 * page's lookup (`info`, public), a tenant's licence (`setting`) and its datasource (`datasource`).
 */

const alive = eq(tenant.isDeleted, 0)

type Row = Record<string, unknown>

/** Tenants of a page with their products' names, their agent's name and their live accounts. */
async function withListInfo(db: Db, rows: Row[]) {
  const tenantIds = rows.map((r) => String(r.tenantId))
  const proxyIds = [...new Set(rows.map((r) => r.proxyId).filter((p): p is string => !!p))]
  const [names, proxies, users] = await Promise.all([
    tenantIds.length
      ? db
          .select({ tenantId: tenantProduction.tenantId, name: production.name })
          .from(tenantProduction)
          .innerJoin(
            production,
            and(eq(production.id, tenantProduction.productId), eq(production.isDeleted, 0)),
          )
          .where(inArray(tenantProduction.tenantId, tenantIds))
          .orderBy(asc(production.sort), asc(production.id))
      : [],
    proxyIds.length
      ? db
          .select({ id: proxyTenant.id, name: proxyTenant.name })
          .from(proxyTenant)
          .where(and(inArray(proxyTenant.id, proxyIds), eq(proxyTenant.isDeleted, 0)))
      : [],
    tenantIds.length
      ? db
          .select({ tenantId: user.tenantId, n: count() })
          .from(user)
          .where(and(inArray(user.tenantId, tenantIds), eq(user.isDeleted, 0)))
          .groupBy(user.tenantId)
      : [],
  ])
  const proxyName = new Map(proxies.map((p) => [p.id, p.name]))
  const userCount = new Map(users.map((u) => [u.tenantId, u.n]))
  return rows.map((r) => ({
    ...r,
    productNames: names
      .filter((n) => n.tenantId === r.tenantId)
      .map((n) => n.name)
      .join(','),
    proxyName: (typeof r.proxyId === 'string' && proxyName.get(r.proxyId)) || '',
    userCount: userCount.get(String(r.tenantId)) ?? 0,
  }))
}

export async function tenantCallRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db

  handle(api, tenantListInfoCall, async (query, request) => {
    const found = await listRows(db, tenantResource, authOf(request), query)
    return { ...found, records: await withListInfo(db, found.records) }
  })

  handle(api, tenantSelectCall, () =>
    db
      .select({ id: tenant.id, tenantId: tenant.tenantId, tenantName: tenant.tenantName })
      .from(tenant)
      .where(alive)
      .orderBy(asc(tenant.tenantId)),
  )

  // no tenant on this domain is the usual answer (the platform's own host), not an error: data is an
  // empty object, as BladeX (its clients read fields of it)
  handle(api, tenantInfoCall, async ({ domain }) => (await tenantOfDomain(db, domain)) ?? {}, {
    preHandler: [publicRateLimit(ctx.cache, 'tenant-face', TENANT_FACE_RATE_PER_MINUTE)],
  })

  handle(api, tenantDatasourceCall, async ({ tenantId, datasourceId }, request) => {
    const auth = authOf(request)
    await db.transaction(async (tx) => {
      if (datasourceId) {
        const [found] = await tx
          .select({ id: datasource.id })
          .from(datasource)
          .where(and(eq(datasource.id, datasourceId), eq(datasource.isDeleted, 0)))
        if (!found) throw badRequest('数据源不存在')
      }
      const done = await tx
        .update(tenant)
        .set({ datasourceId: datasourceId || null, updateUser: auth.userId, updateTime: new Date() })
        .where(and(eq(tenant.tenantId, tenantId), alive))
        .returning({ id: tenant.id })
      if (!done.length) throw notFound('租户不存在')
    })
    return {}
  })

  handle(api, tenantLicenceCall, async ({ ids: joined, accountNumber, expireTime }, request) => {
    const ids = [...new Set(joined.split(','))]
    const when = expireDate(expireTime ?? '') ?? null
    const auth = authOf(request)
    const changed = await db.transaction(async (tx) => {
      const done = await tx
        .update(tenant)
        .set({ accountNumber, expireTime: when, updateUser: auth.userId, updateTime: new Date() })
        .where(and(inArray(tenant.id, ids), alive))
        .returning({ id: tenant.id, tenantId: tenant.tenantId })
      if (done.length !== ids.length) throw notFound('数据不存在')
      return done.map((d) => d.tenantId)
    })
    await licenceChanged(request.server, changed, when)
    return {}
  })
}

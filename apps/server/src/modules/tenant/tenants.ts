import { passwordProblem } from '@xpark/contract'
import { integerInput } from '@xpark/contract/fields'
import {
  TenantDatasourceSchema,
  type TenantInfo,
  type TenantSchema,
  TenantSubmitSchema,
} from '@xpark/contract/schemas'
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { hashPassword, md5 } from '../../core/auth/passwords.js'
import { authOf } from '../../core/auth/plugin.js'
import { ADMINISTRATOR } from '../../core/auth/route-permissions.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { ok, status } from '../../core/envelope.js'
import { badRequest, notFound } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { publicRateLimit, TENANT_FACE_RATE_PER_MINUTE } from '../../core/http/public-limit.js'
import { isId } from '../../core/ids.js'
import type { ModuleContext } from '../../core/module.js'
import { FilterSet, parseDateTime, readPaging, SortSet, selectPage } from '../../core/query/index.js'
import type { DbOrTx, Tx } from '../../db/client.js'
import { user } from '../identity/index.js'
import { param } from '../param/index.js'
import { datasourceRoutes } from './datasource.js'
import { tenantOwnSettingRoutes } from './own-setting.js'
import {
  assertSellable,
  productIdsOf,
  productionRoutes,
  SYSTEM_CACHE,
  setTenantProducts,
} from './products.js'
import { provisionTenant } from './provision.js'
import { proxyTenantRoutes } from './proxy.js'
import { datasource, production, proxyTenant, tenant, tenantProduction } from './schema.js'

/**
 * blade-system/tenant (spec 01 §7): the parks. Platform administrator only, except `info` (public:
 * the login page of a park's own domain) — BladeX #41/#42: a tenant's `admin` must not see or
 * change other tenants. The table carries `tenant_id` as the tenant's own key, not as an owner, so
 * these routes are written by hand instead of through the CRUD factory (which would scope by it).
 */

const PLATFORM_TENANT = '000000'
const tags = ['tenant']

const idSchema = z.string().refine(isId, 'must be a 64-bit id')
const idList = z
  .string({ error: 'ids is required' })
  .refine((s) => s.split(',').length <= 1000 && s.split(',').every(isId), 'ids: comma-separated 64-bit ids')

const filters = new FilterSet(tenant, { tenantId: 'like', tenantName: 'like', createTime: 'eq' })
const sorts = new SortSet(tenant, ['tenantId', 'tenantName', 'expireTime', 'createTime'])
const listQuery = z
  .object({
    current: z.string().optional(),
    size: z.string().optional(),
    ascs: z.string().optional(),
    descs: z.string().optional(),
    tenantId: z.string().optional().describe('like filter'),
    tenantName: z.string().optional().describe('like filter'),
  })
  .loose()

const alive = eq(tenant.isDeleted, 0)

/** '' or null: never expires; otherwise `yyyy-MM-dd[ HH:mm:ss]`. */
function expireDate(raw: string | null | undefined): Date | null | undefined {
  if (raw === undefined) return undefined
  if (!raw) return null
  const date = parseDateTime(raw)
  if (!date) throw badRequest(`expireTime: not a date: ${raw}`)
  return date
}

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

/** A domain names one tenant (the login page finds the tenant by it). */
async function checkDomain(tx: DbOrTx, domain: string | undefined, id?: string): Promise<void> {
  if (!domain) return
  const [clash] = await tx
    .select({ id: tenant.id })
    .from(tenant)
    .where(and(eq(tenant.domain, domain), alive, id ? ne(tenant.id, id) : undefined))
    .limit(1)
  if (clash) throw badRequest(`域名已被其他租户使用: ${domain}`)
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

type TenantFields = z.infer<typeof TenantSchema>

function columnsOf(values: Partial<TenantFields>) {
  const { expireTime, proxyId, ...rest } = values
  const when = expireDate(expireTime)
  return {
    ...rest,
    ...(when === undefined ? {} : { expireTime: when }),
    ...(proxyId === undefined ? {} : { proxyId: proxyId || null }),
  }
}

async function update(
  tx: Tx,
  auth: AuthContext,
  id: string,
  values: Partial<TenantFields>,
  productIds: readonly string[],
): Promise<{ tenantId: string; expireTime: Date | null | undefined }> {
  const [found] = await tx
    .select({ id: tenant.id, tenantId: tenant.tenantId, proxyId: tenant.proxyId })
    .from(tenant)
    .where(and(eq(tenant.id, id), alive))
    .for('update')
  if (!found) throw notFound('数据不存在')
  await checkDomain(tx, values.domain, id)
  const columns = columnsOf(values)
  await assertSellable(tx, productIds, columns.proxyId === undefined ? found.proxyId : columns.proxyId)
  await tx
    .update(tenant)
    .set({ ...columns, updateUser: auth.userId, updateTime: new Date() })
    .where(eq(tenant.id, id))
  await setTenantProducts(tx, found.tenantId, productIds)
  return { tenantId: found.tenantId, expireTime: columns.expireTime }
}

/**
 * After a tenant's licence changed (committed): its accounts' records are read again, so a new expiry
 * counts at their next request; an expiry already past ends the tenant's sessions at once.
 */
async function licenceChanged(app: FastifyInstance, tenantIds: readonly string[], expireTime: Date | null) {
  if (expireTime && expireTime.getTime() <= Date.now()) await app.sessionControl.endTenants(tenantIds)
  else for (const tenantId of tenantIds) await app.principals.forget(tenantId)
}

/** The agent must exist; '' or null: none. */
async function checkProxy(tx: Tx, proxyId: string | null | undefined): Promise<void> {
  if (!proxyId) return
  const [found] = await tx
    .select({ id: proxyTenant.id })
    .from(proxyTenant)
    .where(and(eq(proxyTenant.id, proxyId), eq(proxyTenant.isDeleted, 0)))
  if (!found) throw badRequest('代理商不存在')
}

/** Tenant rows with their product ids (`proIds`, comma-joined as the submit takes them). */
async function withProducts<T extends { tenantId: unknown }>(
  db: DbOrTx,
  rows: T[],
): Promise<(T & { proIds: string })[]> {
  const ids = await productIdsOf(
    db,
    rows.map((r) => String(r.tenantId)),
  )
  return rows.map((r) => ({ ...r, proIds: (ids.get(String(r.tenantId)) ?? []).join(',') }))
}

export async function tenantRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  const base = '/blade-system/tenant'

  for (const verb of ['list', 'page'] as const)
    api.get(
      `${base}/${verb}`,
      {
        schema: { tags, summary: `tenant: paged ${verb}`, querystring: listQuery },
        config: { permission: ADMINISTRATOR },
      },
      async (request) => {
        const query = request.query as Record<string, unknown>
        const paging = readPaging(query)
        const orderBy = sorts.orderBy(query)
        const where = and(alive, ...filters.conditions(query))!
        const found = await selectPage(db, { table: tenant, where, orderBy, paging })
        return ok({ ...found, records: await withProducts(db, found.records as { tenantId: string }[]) })
      },
    )

  api.get(
    `${base}/listInfo`,
    {
      schema: {
        tags,
        summary: 'tenant: page with product names, agent name and live accounts beside the account quota',
        querystring: listQuery,
      },
      config: { permission: ADMINISTRATOR },
    },
    async (request) => {
      const query = request.query as Record<string, unknown>
      const paging = readPaging(query)
      const orderBy = sorts.orderBy(query)
      const where = and(alive, ...filters.conditions(query))!
      const found = await selectPage(db, { table: tenant, where, orderBy, paging })
      const rows = await withProducts(db, found.records as { tenantId: string; proxyId: string | null }[])
      const tenantIds = rows.map((r) => r.tenantId)
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
      const records = rows.map((r) => ({
        ...r,
        productNames: names
          .filter((n) => n.tenantId === r.tenantId)
          .map((n) => n.name)
          .join(','),
        proxyName: (r.proxyId && proxyName.get(r.proxyId)) || '',
        userCount: userCount.get(r.tenantId) ?? 0,
      }))
      return ok({ ...found, records })
    },
  )

  api.get(
    `${base}/detail`,
    {
      schema: { tags, summary: 'tenant: one row', querystring: z.object({ id: idSchema }) },
      config: { permission: ADMINISTRATOR },
    },
    async (request) => {
      const [row] = await db
        .select()
        .from(tenant)
        .where(and(eq(tenant.id, request.query.id), alive))
      if (!row) throw notFound('数据不存在')
      const [withIds] = await withProducts(db, [row])
      return ok(withIds)
    },
  )

  api.get(
    `${base}/select`,
    {
      schema: { tags, summary: 'tenant: id, tenantId and name of every tenant' },
      config: { permission: ADMINISTRATOR },
    },
    async () =>
      ok(
        await db
          .select({ id: tenant.id, tenantId: tenant.tenantId, tenantName: tenant.tenantName })
          .from(tenant)
          .where(alive)
          .orderBy(asc(tenant.tenantId)),
      ),
  )

  api.get(
    `${base}/info`,
    {
      config: { public: true },
      preHandler: publicRateLimit(ctx.cache, 'tenant-face', TENANT_FACE_RATE_PER_MINUTE),
      schema: {
        tags,
        summary: 'tenant: the public face (id, name, logo) of the tenant of a domain, for its login page',
        querystring: z.object({ domain: z.string().min(1).max(255) }),
      },
    },
    // no tenant on this domain is the usual answer (the platform's own host), not an error: data is
    // an empty object, as BladeX (its clients read fields of it)
    async (request) => ok((await tenantOfDomain(db, request.query.domain)) ?? {}),
  )

  api.post(
    `${base}/submit`,
    {
      schema: {
        tags,
        summary: 'tenant: update (with id), or create and provision a tenant (no id)',
        body: TenantSubmitSchema.extend({ id: z.union([idSchema, z.literal('')]).nullish() }),
      },
      config: { permission: ADMINISTRATOR },
    },
    async (request) => {
      const { id, adminPassword, proIds, ...values } = request.body
      const productIds = [...new Set(proIds.split(','))]
      const auth = authOf(request)
      const updated = await db.transaction(async (tx) => {
        await checkProxy(tx, values.proxyId)
        if (id) return update(tx, auth, id, values, productIds)
        await checkDomain(tx, values.domain)
        const { expireTime, proxyId, ...rest } = columnsOf(values)
        await assertSellable(tx, productIds, proxyId ?? null)
        const plain = await initialPassword(tx, adminPassword)
        await provisionTenant(tx, auth, {
          ...rest,
          tenantName: values.tenantName,
          expireTime: expireTime ?? null,
          proxyId: proxyId ?? null,
          productIds,
          adminPasswordHash: await hashPassword(md5(plain)),
        })
        return null
      })
      if (updated && updated.expireTime !== undefined)
        await licenceChanged(request.server, [updated.tenantId], updated.expireTime)
      // the admin role's menus follow the products: drop the cached menu trees and codes
      await ctx.cache.clearPrefix(SYSTEM_CACHE)
      return status(true)
    },
  )

  api.post(
    `${base}/remove`,
    {
      schema: {
        tags,
        summary: 'tenant: soft delete (never the platform tenant)',
        querystring: z.object({ ids: idList }),
      },
      config: { permission: ADMINISTRATOR },
    },
    async (request) => {
      const ids = [...new Set(request.query.ids.split(','))]
      const auth = authOf(request)
      const removed = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: tenant.id, tenantId: tenant.tenantId })
          .from(tenant)
          .where(and(inArray(tenant.id, ids), alive))
        if (rows.length !== ids.length) throw notFound('数据不存在')
        if (rows.some((r) => r.tenantId === PLATFORM_TENANT)) throw badRequest('不能删除平台租户')
        await tx
          .update(tenant)
          .set({ isDeleted: 1, updateUser: auth.userId, updateTime: new Date() })
          .where(inArray(tenant.id, ids))
        return rows.map((r) => r.tenantId)
      })
      // every session in a removed tenant ends at once
      await request.server.sessionControl.endTenants(removed)
      return status(true)
    },
  )

  api.post(
    `${base}/datasource`,
    {
      schema: {
        tags,
        summary:
          'tenant: bind a tenant to a datasource (stored and shown; xpark keeps every tenant in one database)',
        querystring: TenantDatasourceSchema.partial(),
        body: TenantDatasourceSchema.partial().nullish(),
      },
      config: { permission: ADMINISTRATOR },
    },
    async (request) => {
      // Saber sends these as query parameters; a JSON body works too
      const parsed = TenantDatasourceSchema.safeParse({ ...request.query, ...(request.body ?? {}) })
      if (!parsed.success)
        throw badRequest(
          `参数校验失败: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        )
      const { tenantId, datasourceId } = parsed.data
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
      return status(true)
    },
  )

  api.post(
    `${base}/setting`,
    {
      schema: {
        tags,
        summary: 'tenant: licence (account number, -1 unlimited; expire time, empty never) of some tenants',
        querystring: z.object({
          ids: idList,
          accountNumber: integerInput('accountNumber: a whole number, -1 for unlimited', -1, 1_000_000),
          expireTime: z.string().optional(),
        }),
      },
      config: { permission: ADMINISTRATOR },
    },
    async (request) => {
      const { ids: joined, accountNumber, expireTime } = request.query
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
      return status(true)
    },
  )

  await productionRoutes(api, ctx)
  await proxyTenantRoutes(api, ctx)
  await datasourceRoutes(api, ctx)
  await tenantOwnSettingRoutes(api, ctx)
}

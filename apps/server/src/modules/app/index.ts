import { AppInfoSchema, AppStartupSchema } from '@xpark/contract/schemas'
import { asc, desc, eq, gte, isNull, lte, ne, or } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { defineResource, registerResource } from '../../core/crud/index.js'
import { ok } from '../../core/envelope.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { publicRateLimit } from '../../core/http/public-limit.js'
import type { ModuleContext } from '../../core/module.js'
import { parseDateTime } from '../../core/query/index.js'
import { scoped } from '../../core/tenancy.js'
import { appInfo, appStartup } from './schema.js'

/**
 * blade-app: the mobile app's releases (`appInfo`) and splash pages (`appStartup`) of a tenant, with
 * CRUD for the tenant's admins and two public lookups for the app before anyone signs in:
 * `appInfo/public-detail` (also `blade-app/detail`, the spec's "public detail": the newest enabled
 * release of a platform) and `appStartup/current` (the enabled splash pages of now). A public lookup
 * answers one tenant only (`tenantId` parameter, else the `Tenant-Id` header, else 000000), carries
 * no row ids, and is limited per address.
 */

const ENABLED = 1

export const appInfoResource = defineResource({
  table: appInfo,
  schema: AppInfoSchema,
  path: 'blade-app/appInfo',
  tag: 'appInfo',
  permissions: { add: 'appinfo_add', edit: 'appinfo_edit', delete: 'appinfo_delete', view: 'appinfo_view' },
  filters: { appName: 'like', platform: 'eq', versionName: 'like', status: 'eq' },
  sorts: ['versionCode', 'createTime', 'platform'],
  tenant: true,
  beforeWrite: async ({ tx, auth, values, id }) => {
    if (values.platform === undefined && values.versionCode === undefined) return
    // one release per version code and platform: the app compares codes to decide on an update
    const [current] = id
      ? await tx
          .select({ platform: appInfo.platform, versionCode: appInfo.versionCode })
          .from(appInfo)
          .where(eq(appInfo.id, id))
      : []
    const platform = values.platform ?? current?.platform
    const versionCode = values.versionCode ?? current?.versionCode
    if (platform === undefined || versionCode === undefined) return
    const [clash] = await tx
      .select({ id: appInfo.id })
      .from(appInfo)
      .where(
        scoped(
          appInfo,
          auth,
          eq(appInfo.platform, platform),
          eq(appInfo.versionCode, versionCode),
          id ? ne(appInfo.id, id) : undefined,
        ),
      )
      .limit(1)
    if (clash) throw badRequest(`版本号已存在: ${platform} ${versionCode}`)
  },
})

/** `yyyy-MM-dd HH:mm:ss` → Date, '' / null → null (no bound). */
function readTime(values: Record<string, unknown>, field: 'startTime' | 'endTime'): Date | null | undefined {
  if (!(field in values)) return undefined
  const raw = values[field]
  if (raw === '' || raw === null || raw === undefined) return null
  const date = parseDateTime(String(raw))
  if (!date) throw badRequest(`${field}: not a date: ${String(raw)}`)
  return date
}

export const appStartupResource = defineResource({
  table: appStartup,
  schema: AppStartupSchema,
  path: 'blade-app/appStartup',
  tag: 'appStartup',
  permissions: {
    add: 'appstartup_add',
    edit: 'appstartup_edit',
    delete: 'appstartup_delete',
    view: 'appstartup_view',
  },
  filters: { title: 'like', status: 'eq' },
  sorts: ['sort', 'startTime', 'createTime'],
  tenant: true,
  beforeWrite: async ({ tx, values, id }) => {
    const row = values as Record<string, unknown>
    const start = readTime(row, 'startTime')
    const end = readTime(row, 'endTime')
    if (start !== undefined) row.startTime = start
    if (end !== undefined) row.endTime = end
    const [current] = id
      ? await tx
          .select({ startTime: appStartup.startTime, endTime: appStartup.endTime })
          .from(appStartup)
          .where(eq(appStartup.id, id))
      : []
    const from = start === undefined ? current?.startTime : start
    const to = end === undefined ? current?.endTime : end
    if (from && to && to < from) throw badRequest('结束时间不能早于开始时间')
  },
})

const tenantIdSchema = z
  .string()
  .regex(/^[0-9A-Za-z]{1,12}$/, 'tenantId: at most 12 letters or digits')
  .optional()
const publicQuery = z.object({
  tenantId: tenantIdSchema,
  platform: z.enum(['android', 'ios'], { error: 'platform must be android or ios' }).optional(),
})

/** The tenant a public lookup answers for: the parameter, else the Tenant-Id header, else 000000. */
function publicTenant(request: FastifyRequest, fromQuery: string | undefined): string {
  if (fromQuery) return fromQuery
  const header = request.headers['tenant-id']
  const value = Array.isArray(header) ? header[0] : header
  const parsed = tenantIdSchema.safeParse(value)
  return (parsed.success && parsed.data) || '000000'
}

export async function appModule(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  await registerResource(api, db, appInfoResource)
  await registerResource(api, db, appStartupResource)

  const limited = publicRateLimit(ctx.cache, 'app')
  const publicRelease = {
    config: { public: true },
    preHandler: limited,
    schema: {
      tags: ['appInfo'],
      summary: 'appInfo (public): the newest enabled release of a tenant (tenantId) and platform, or null',
      querystring: publicQuery,
    },
  } as const
  for (const path of ['/blade-app/appInfo/public-detail', '/blade-app/detail', '/blade-app/appDetail'])
    api.get(path, publicRelease, async (request) => {
      const { platform, tenantId } = request.query
      const [row] = await db
        .select({
          tenantId: appInfo.tenantId,
          appName: appInfo.appName,
          platform: appInfo.platform,
          versionName: appInfo.versionName,
          versionCode: appInfo.versionCode,
          downloadUrl: appInfo.downloadUrl,
          releaseNotes: appInfo.releaseNotes,
          forceUpdate: appInfo.forceUpdate,
          releaseTime: appInfo.createTime,
        })
        .from(appInfo)
        .where(
          scoped(
            appInfo,
            { tenantId: publicTenant(request, tenantId) },
            eq(appInfo.status, ENABLED),
            platform ? eq(appInfo.platform, platform) : undefined,
          ),
        )
        .orderBy(desc(appInfo.versionCode), desc(appInfo.createTime))
        .limit(1)
      return ok(row ?? null)
    })

  api.get(
    '/blade-app/appStartup/current',
    {
      config: { public: true },
      preHandler: limited,
      schema: {
        tags: ['appStartup'],
        summary: 'appStartup (public): the enabled splash pages of a tenant (tenantId) shown now, by sort',
        querystring: publicQuery.pick({ tenantId: true }),
      },
    },
    async (request) => {
      const now = new Date()
      return ok(
        await db
          .select({
            title: appStartup.title,
            imageUrl: appStartup.imageUrl,
            linkUrl: appStartup.linkUrl,
            sort: appStartup.sort,
            startTime: appStartup.startTime,
            endTime: appStartup.endTime,
          })
          .from(appStartup)
          .where(
            scoped(
              appStartup,
              { tenantId: publicTenant(request, request.query.tenantId) },
              eq(appStartup.status, ENABLED),
              or(isNull(appStartup.startTime), lte(appStartup.startTime, now)),
              or(isNull(appStartup.endTime), gte(appStartup.endTime, now)),
            ),
          )
          .orderBy(asc(appStartup.sort), asc(appStartup.id)),
      )
    },
  )
}

import { AppPublicQuery, appReleaseCall, appSplashCall } from '@xpark/contract/schemas'
import { asc, desc, eq, gte, isNull, lte, or } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import { publicRateLimit } from '../../../core/http/public-limit.js'
import type { ModuleContext } from '../../../core/module.js'
import { scoped } from '../../../core/tenancy.js'
import { appInfo, appStartup } from '../schema.js'

const ENABLED = 1

const tenantIdSchema = AppPublicQuery.shape.tenantId

/** The tenant a public lookup answers for: the parameter, else the Tenant-Id header, else 000000. */
function publicTenant(request: FastifyRequest, fromQuery: string | undefined): string {
  if (fromQuery) return fromQuery
  const header = request.headers['tenant-id']
  const value = Array.isArray(header) ? header[0] : header
  const parsed = tenantIdSchema.safeParse(value)
  return (parsed.success && parsed.data) || '000000'
}

/** The two public lookups the app makes before anyone signs in: the newest release and the splash pages of now. */
export function registerPublicRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const limited = { preHandler: [publicRateLimit(ctx.cache, 'app')] }
  handle(
    api,
    appReleaseCall,
    async ({ platform, tenantId }, request) => {
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
      return row ?? null
    },
    limited,
  )

  handle(
    api,
    appSplashCall,
    async ({ tenantId }, request) => {
      const now = new Date()
      return await db
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
            { tenantId: publicTenant(request, tenantId) },
            eq(appStartup.status, ENABLED),
            or(isNull(appStartup.startTime), lte(appStartup.startTime, now)),
            or(isNull(appStartup.endTime), gte(appStartup.endTime, now)),
          ),
        )
        .orderBy(asc(appStartup.sort), asc(appStartup.id))
    },
    limited,
  )
}

import { appInfoContract, appStartupContract } from '@xpark/contract/schemas'
import { eq, ne } from 'drizzle-orm'
import { BLADEX_SYSTEM_SCOPES, defineResource } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import { parseDateTime } from '../../core/query/index.js'
import { scoped } from '../../core/tenancy.js'
import { appInfo, appStartup } from './schema.js'

/** The app's resources: releases (`appInfo`) and splash pages (`appStartup`), CRUD for the tenant's admins. */

export const appInfoResource = defineResource({
  contract: appInfoContract,
  table: appInfo,
  tag: 'appInfo',
  tenant: true,
  ...BLADEX_SYSTEM_SCOPES,
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
  contract: appStartupContract,
  table: appStartup,
  tag: 'appStartup',
  tenant: true,
  ...BLADEX_SYSTEM_SCOPES,
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

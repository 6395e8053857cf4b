import { z } from 'zod'
import { defineCall } from '../calls.js'
import { wire } from '../fields.js'
import { defineContract } from '../kit.js'
import { numberInput, optionalDateTimeInput, optionalNumberInput } from '../values.js'
import { optionalText, requiredText } from './common.js'

/**
 * The mobile app's releases (`blade-app/appInfo`) and splash pages (`blade-app/appStartup`) of a
 * tenant. `status`: 1 enabled, 0 disabled.
 */
export const APP_PLATFORMS = ['android', 'ios'] as const

/** `yyyy-MM-dd HH:mm:ss` (or `yyyy-MM-dd`), as the console's date picker sends it */
const dateTime = (field: string) => optionalDateTimeInput(`${field}: yyyy-MM-dd HH:mm:ss`)

/** An http(s) address (or a path on this server, for uploaded files). */
const url = (field: string, max: number) =>
  z
    .string({ error: `${field}: must be text` })
    .trim()
    .max(max, `${field}: at most ${max} characters`)
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v) || /^\/[^\s/]\S*$/.test(v), {
      message: `${field} must start with http or https`,
    })

const status = optionalNumberInput(
  'status must be 1 (enabled) or 0 (disabled)',
  z
    .number()
    .int('status must be 1 (enabled) or 0 (disabled)')
    .min(0, 'status must be 1 (enabled) or 0 (disabled)')
    .max(1, 'status must be 1 (enabled) or 0 (disabled)'),
)

export const AppInfoSchema = z.object({
  appName: requiredText('please enter app name', 64),
  platform: z.enum(APP_PLATFORMS, { error: 'platform must be android or ios' }),
  versionName: requiredText('please enter version name', 32),
  versionCode: numberInput(
    'please enter version code',
    z
      .number()
      .int('version code must be a whole number')
      .min(1, 'version code must be at least 1')
      .max(2_000_000_000, 'version code is too large'),
  ),
  downloadUrl: url('download url', 1000).optional(),
  releaseNotes: optionalText('release notes', 20_000),
  forceUpdate: z.boolean({ error: 'forceUpdate must be true or false' }).optional(),
  status,
})
export type AppInfoForm = z.infer<typeof AppInfoSchema>

export const AppStartupSchema = z.object({
  title: requiredText('please enter title', 64),
  imageUrl: url('image url', 1000).refine((v) => v !== '', 'please enter image url'),
  linkUrl: url('link url', 1000).optional(),
  sort: optionalNumberInput(
    'sort must be a number',
    z
      .number()
      .int('sort must be a whole number')
      .min(0, 'sort: at least 0')
      .max(1_000_000, 'sort: at most 1000000'),
  ),
  startTime: dateTime('start time'),
  endTime: dateTime('end time'),
  status,
})
export type AppStartupForm = z.infer<typeof AppStartupSchema>

/** blade-app/appInfo as the page and detail answer it. */
export const AppInfoRow = z.object({
  id: wire.id,
  appName: wire.text,
  platform: wire.text,
  versionName: wire.text,
  versionCode: wire.number,
  downloadUrl: wire.text,
  releaseNotes: wire.text,
  forceUpdate: z.boolean(),
  status: wire.number,
  createTime: wire.date,
})
export type AppInfoRow = z.infer<typeof AppInfoRow>

/** blade-app/appInfo: the app's releases. The writes answer BladeX's `R.status(true)`. */
export const appInfoContract = defineContract({
  path: 'blade-app/appInfo',
  code: 'appinfo',
  form: AppInfoSchema,
  row: AppInfoRow,
  label: 'versionName',
  filters: { appName: 'like', platform: 'eq', versionName: 'like', status: 'eq' },
  sorts: ['versionCode', 'createTime', 'platform'],
  writeReply: 'status',
})

/** blade-app/appStartup as the page and detail answer it. */
export const AppStartupRow = z.object({
  id: wire.id,
  title: wire.text,
  imageUrl: wire.text,
  linkUrl: wire.text,
  sort: wire.number,
  startTime: wire.optionalDate,
  endTime: wire.optionalDate,
  status: wire.number,
  createTime: wire.date,
})
export type AppStartupRow = z.infer<typeof AppStartupRow>

/** blade-app/appStartup: the app's splash pages. The writes answer BladeX's `R.status(true)`. */
export const appStartupContract = defineContract({
  path: 'blade-app/appStartup',
  code: 'appstartup',
  form: AppStartupSchema,
  row: AppStartupRow,
  label: 'title',
  filters: { title: 'like', status: 'eq' },
  sorts: ['sort', 'startTime', 'createTime'],
  writeReply: 'status',
})

// —— the two public lookups the app makes before anyone signs in (rate limited per address) ——

/** The tenant a public lookup answers for (else the Tenant-Id header, else 000000) and the platform. */
export const AppPublicQuery = z.object({
  tenantId: z
    .string()
    .regex(/^[0-9A-Za-z]{1,12}$/, 'tenantId: at most 12 letters or digits')
    .optional(),
  platform: z.enum(APP_PLATFORMS, { error: 'platform must be android or ios' }).optional(),
})

/** A release as the public lookup answers it (no row id). */
export const AppReleaseReply = z.object({
  tenantId: wire.text,
  appName: wire.text,
  platform: wire.text,
  versionName: wire.text,
  versionCode: wire.number,
  downloadUrl: wire.text,
  releaseNotes: wire.text,
  forceUpdate: z.boolean(),
  releaseTime: wire.date,
})
export type AppReleaseReply = z.infer<typeof AppReleaseReply>

export const appReleaseCall = defineCall({
  path: 'blade-app/appInfo/public-detail',
  // the spec's "public detail", and BladeX clients' older name
  also: ['blade-app/detail', 'blade-app/appDetail'],
  method: 'GET',
  public: true,
  params: AppPublicQuery,
  reply: AppReleaseReply.nullable(),
  summary: 'appInfo (public): the newest enabled release of a tenant (tenantId) and platform, or null',
})

/** A splash page as the public lookup answers it (no row id). */
export const AppSplashReply = z.object({
  title: wire.text,
  imageUrl: wire.text,
  linkUrl: wire.text,
  sort: wire.number,
  startTime: wire.optionalDate,
  endTime: wire.optionalDate,
})

export const appSplashCall = defineCall({
  path: 'blade-app/appStartup/current',
  method: 'GET',
  public: true,
  params: AppPublicQuery.pick({ tenantId: true }),
  reply: z.array(AppSplashReply),
  summary: 'appStartup (public): the enabled splash pages of a tenant (tenantId) shown now, by sort',
})

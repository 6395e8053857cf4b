import { z } from 'zod'
import { choice, numberInput, optionalNumberInput, optionalText, requiredText } from '../../fields.js'

/** The intercom console's paths, permissions, forms and reply rows. */

export const INTERCOM_PATHS = {
  authInfo: 'wirelessauth/getAuthInfo',
  authUpdate: 'wirelessauth/update',
  session: 'intercom/session',
  sessionRefresh: 'intercom/session/refresh',
  orgs: 'intercom/orgs',
  members: 'intercom/members',
  user: 'intercom/user',
  permission: 'intercom/permission',
  monitors: 'intercom/monitors',
  monitorChange: 'intercom/monitors/change',
  fences: 'intercom/fences',
  fenceSave: 'intercom/fences/save',
  fenceRemove: 'intercom/fences/remove',
  alarms: 'intercom/fences/alarms',
  broadcasts: 'intercom/broadcasts',
  broadcastSave: 'intercom/broadcasts/save',
  broadcastMembers: 'intercom/broadcasts/members',
  broadcastRemove: 'intercom/broadcasts/remove',
  locations: 'intercom/locations',
  track: 'intercom/track',
  stream: 'intercom/stream',
  simulator: 'intercom/simulator',
  settings: 'intercom/settings',
} as const

/** Button codes (seeded under the console's menu). */
export const INTERCOM_PERMISSIONS = {
  view: 'intercom_view',
  /** re-obtain the tenant's session id (every dispatcher of the tenant shares it) */
  session: 'intercom_session',
  permission: 'intercom_permission',
  monitor: 'intercom_monitor',
  fence: 'intercom_fence',
  broadcast: 'intercom_broadcast',
  authView: 'wirelessauth_view',
  authEdit: 'wirelessauth_edit',
} as const

/** Spec 01 §5 warnings: i18n keys, and the English texts as the spec writes them. */
export const INTERCOM_WARNINGS = {
  passwordExpired: 'dispatcher password has expired, contact administrator to change it',
  sessionInvalid: 'intercom interface error, session id verification failed, re-obtain session id',
} as const

/** Broadcast list page size (spec 01 §9): everything in one page. */
export const BROADCAST_PAGE_SIZE = 999999999

const secret = (field: string) =>
  z
    .string({ error: `${field}: must be text` })
    .max(128)
    .optional()

/** wirelessauth/update: a secret left empty keeps the stored one. */
export const AuthInfoForm = z.object({
  url: z
    .union([z.literal(''), z.string().regex(/^https?:\/\/[^\s"'<>]+$/, 'url: must be an http(s) address')])
    .optional(),
  hostIp: optionalText('hostIp', 64),
  customId: requiredText('please enter customId', 64),
  customPwdSecret: secret('customPwdSecret'),
  dispatcherId: requiredText('please enter dispatcherId', 64),
  dispatcherPwd: secret('dispatcherPwd'),
  dispatcherPwdSecret: secret('dispatcherPwdSecret'),
})
export type AuthInfoForm = z.infer<typeof AuthInfoForm>

/** What getAuthInfo answers: the secrets only as "set or not". */
export const AuthInfoView = z.object({
  id: z.string(),
  url: z.string(),
  hostIp: z.string(),
  customId: z.string(),
  dispatcherId: z.string(),
  customPwdSecretSet: z.boolean(),
  dispatcherPwdSet: z.boolean(),
  dispatcherPwdSecretSet: z.boolean(),
})
export type AuthInfoView = z.infer<typeof AuthInfoView>

const flag = choice('must be 0 or 1', 0, 1)
const uid = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'uid: letters and digits')

/**
 * The permissions panel (spec 01 §4): videoView 1 allow / 0 deny; callIn/callOut 1 limited;
 * broadcastCall 0 when the member is in the broadcast-call list, 1 otherwise; monitored 1 when not
 * in the monitor list, else 0.
 */
export const PermissionForm = z.object({
  uid,
  videoView: flag.optional(),
  callIn: flag.optional(),
  callOut: flag.optional(),
  broadcastCall: flag.optional(),
  monitored: flag.optional(),
})
export type PermissionForm = z.infer<typeof PermissionForm>

export const MonitorChangeForm = z.object({
  add: z.array(uid).max(5000).default([]),
  remove: z.array(uid).max(5000).default([]),
})

const hhmmss = (field: string) => z.string().regex(/^\d{2}:\d{2}:\d{2}$/, `${field}: HH:mm:ss`)
const latitude = numberInput('lat: -90 to 90', z.number().min(-90).max(90))
const longitude = numberInput('lng: -180 to 180', z.number().min(-180).max(180))

/** LocationType 1 polygon (3+ corners), 2 circle (one centre with a radius in metres). */
export const FenceForm = z
  .object({
    fenceId: z.string().max(32).optional(),
    fenceName: requiredText('please enter fence name', 64),
    startTime: hhmmss('startTime'),
    stopTime: hhmmss('stopTime'),
    locationType: choice('locationType: 1 polygon or 2 circle', 1, 2),
    locations: z
      .array(
        z.object({
          lat: latitude,
          lng: longitude,
          radius: optionalNumberInput('radius: 1 to 100000 metres', z.number().min(1).max(100_000)),
        }),
      )
      .min(1)
      .max(200),
    members: z.array(uid).max(5000).default([]),
  })
  .refine((f) => (f.locationType === 1 ? f.locations.length >= 3 : f.locations[0]?.radius !== undefined), {
    message: 'a polygon needs 3 corners, a circle a centre with a radius',
    path: ['locations'],
  })
export type FenceForm = z.input<typeof FenceForm>

/** Rich text arrives sanitised by the console and is sanitised again by the server. */
export const BroadcastForm = z.object({
  title: requiredText('please enter broadcast title', 100),
  html: z.string().max(20_000).default(''),
  uids: z.array(uid).min(1, 'please select recipients').max(5000),
})
export type BroadcastForm = z.input<typeof BroadcastForm>

export const BroadcastMembersForm = z.object({
  broadcastId: z.string().min(1).max(32),
  uids: z.array(uid).max(5000),
})

export const SimulatorFaults = z.object({
  passwordExpired: z.boolean().optional(),
  passwordChangeRefused: z.boolean().optional(),
  verificationFails: z.boolean().optional(),
  networkDown: z.boolean().optional(),
})

/** Every intercom reply's data: the platform's result (200 success), the spec's warning when refused. */
export const IntercomResult = z.object({ result: z.number(), warning: z.string().optional() })
export type IntercomResult = z.infer<typeof IntercomResult>

export const IntercomOrg = z.object({ orgId: z.string(), orgParentId: z.string(), orgName: z.string() })
export type IntercomOrg = z.infer<typeof IntercomOrg>

export const IntercomUser = z.object({
  uid: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  role: z.number(),
  orgId: z.string(),
})
export type IntercomUser = z.infer<typeof IntercomUser>

export const IntercomPermissions = z.object({
  uid: z.string(),
  videoView: z.number(),
  callIn: z.number(),
  callOut: z.number(),
  broadcastCall: z.number(),
  monitored: z.number(),
})
export type IntercomPermissions = z.infer<typeof IntercomPermissions>

export const IntercomFence = z.object({
  fenceId: z.string(),
  fenceName: z.string(),
  startTime: z.string(),
  stopTime: z.string(),
  locationType: z.union([z.literal(1), z.literal(2)]),
  locations: z.array(z.object({ lat: z.number(), lng: z.number(), radius: z.number().optional() })),
  members: z.array(z.string()),
})
export type IntercomFence = z.infer<typeof IntercomFence>

export const IntercomAlarm = z.object({
  alarmId: z.string(),
  fenceId: z.string(),
  uid: z.string(),
  type: z.union([z.literal(1), z.literal(2)]),
  time: z.string(),
})
export type IntercomAlarm = z.infer<typeof IntercomAlarm>

export const IntercomBroadcast = z.object({
  broadcastId: z.string(),
  title: z.string(),
  html: z.string(),
  uids: z.array(z.string()),
  ownerFlag: z.number(),
  createTime: z.string(),
})
export type IntercomBroadcast = z.infer<typeof IntercomBroadcast>

/** [uid, lat, lng, time ms]: compact, a batch of thousands stays small */
export const LocationTuple = z.tuple([z.string(), z.number(), z.number(), z.number()])
export type LocationTuple = z.infer<typeof LocationTuple>

import { z } from 'zod'
import { type CallInput, defineCall, TENANT_ADMIN } from '../../calls.js'
import {
  AuthInfoForm,
  AuthInfoView,
  BroadcastForm,
  BroadcastMembersForm,
  FenceForm,
  INTERCOM_PATHS,
  INTERCOM_PERMISSIONS,
  IntercomAlarm,
  IntercomBroadcast,
  IntercomFence,
  IntercomOrg,
  IntercomPermissions,
  IntercomResult,
  IntercomUser,
  LocationTuple,
  MonitorChangeForm,
  PermissionForm,
  SimulatorFaults,
} from './forms.js'

/** The intercom console's declared calls. */
// —— the console's routes (every reply HTTP 200 with `result`; the data only when it is 200) ——

/** A reply: the result, the warning, and the data when the platform answered 200. */
const outcome = <T extends z.ZodRawShape>(data: T) => IntercomResult.extend(z.object(data).partial().shape)

function intercomCall<
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(input: Omit<CallInput<P, R>, 'tag'>, tag = 'intercom') {
  return defineCall<P, R>({ ...input, tag })
}

const P = INTERCOM_PATHS
const PERM = INTERCOM_PERMISSIONS
const uidQuery = z.object({ uid: z.string().min(1).max(32) })
/** the dispatcher account's screen: its holders, or the tenant's administrator */
const authPermission = (code: string) => [code, TENANT_ADMIN]

export const authInfoCall = intercomCall(
  {
    path: P.authInfo,
    method: 'GET',
    permission: authPermission(PERM.authView),
    params: z.object({ customId: z.string().max(64).optional() }),
    reply: AuthInfoView.nullable(),
    summary: 'dispatcher auth info (secrets only as set/not set)',
  },
  'wirelessauth',
)

export const updateAuthInfoCall = intercomCall(
  {
    path: P.authUpdate,
    method: 'POST',
    in: 'body',
    permission: authPermission(PERM.authEdit),
    params: AuthInfoForm,
    reply: z.object({}),
    summary: 'create or change the dispatcher auth info (empty secret: kept)',
  },
  'wirelessauth',
)

export const sessionCall = intercomCall({
  path: P.session,
  method: 'GET',
  permission: PERM.view,
  reply: IntercomResult,
  summary: 'the wireless session state (result 200, 405, -1, 504)',
})

export const refreshSessionCall = intercomCall({
  path: P.sessionRefresh,
  method: 'POST',
  permission: PERM.session,
  reply: IntercomResult,
  summary: 're-obtain the session id now',
})

export const intercomSettingsCall = intercomCall({
  path: P.settings,
  method: 'GET',
  permission: PERM.view,
  reply: z.object({ tileUrl: z.string(), simulator: z.boolean() }),
  summary: 'console settings: the map tile URL, whether the embedded simulator runs',
})

export const orgsCall = intercomCall({
  path: P.orgs,
  method: 'GET',
  permission: PERM.view,
  reply: outcome({ orgs: z.array(IntercomOrg) }),
  summary: 'organisation tree (flat, with parent ids)',
})

export const membersCall = intercomCall({
  path: P.members,
  method: 'GET',
  permission: PERM.view,
  params: z.object({ orgId: z.string().max(32).optional(), search: z.string().max(64).optional() }),
  reply: outcome({ members: z.array(IntercomUser) }),
  summary: 'members of an org and its sub-orgs, searched by name, phone or uid',
})

export const userCall = intercomCall({
  path: P.user,
  method: 'GET',
  permission: PERM.view,
  params: uidQuery,
  reply: outcome({ user: IntercomUser, permissions: IntercomPermissions }),
  summary: 'user info with the permissions panel',
})

export const setPermissionsCall = intercomCall({
  path: P.permission,
  method: 'POST',
  in: 'body',
  permission: PERM.permission,
  params: PermissionForm,
  reply: IntercomResult,
  summary: 'save a member’s permissions (each value through its own call)',
})

export const monitorsCall = intercomCall({
  path: P.monitors,
  method: 'GET',
  permission: PERM.view,
  reply: outcome({ monitors: z.array(IntercomUser) }),
  summary: 'the monitor list (UserMonitors)',
})

export const changeMonitorsCall = intercomCall({
  path: P.monitorChange,
  method: 'POST',
  in: 'body',
  permission: PERM.monitor,
  params: MonitorChangeForm,
  reply: IntercomResult,
  summary: 'add to / remove from the monitor list (411 accepted)',
})

export const fencesCall = intercomCall({
  path: P.fences,
  method: 'GET',
  permission: PERM.view,
  reply: outcome({ fences: z.array(IntercomFence) }),
  summary: 'geofences',
})

export const saveFenceCall = intercomCall({
  path: P.fenceSave,
  method: 'POST',
  in: 'body',
  permission: PERM.fence,
  params: FenceForm,
  reply: outcome({ fenceId: z.string() }),
  summary: 'create or change a geofence (polygon or circle)',
})

export const removeFenceCall = intercomCall({
  path: P.fenceRemove,
  method: 'POST',
  in: 'query',
  permission: PERM.fence,
  params: z.object({ fenceId: z.string().min(1).max(32) }),
  reply: IntercomResult,
  summary: 'remove a geofence',
})

export const alarmsCall = intercomCall({
  path: P.alarms,
  method: 'GET',
  permission: PERM.view,
  params: z.object({
    fenceId: z.string().max(32).optional(),
    startTime: z.string().max(19).optional(),
    stopTime: z.string().max(19).optional(),
  }),
  reply: outcome({ alarms: z.array(IntercomAlarm) }),
  summary: 'fence alarms (FenceId, Uid, Type 1 enter / 2 leave) in a time range',
})

export const broadcastsCall = intercomCall({
  path: P.broadcasts,
  method: 'GET',
  permission: PERM.view,
  params: z.object({ search: z.string().max(64).optional() }),
  reply: outcome({ broadcasts: z.array(IntercomBroadcast) }),
  summary: 'broadcasts (all, page size 999999999; 404 accepted as none)',
})

export const sendBroadcastCall = intercomCall({
  path: P.broadcastSave,
  method: 'POST',
  in: 'body',
  permission: PERM.broadcast,
  params: BroadcastForm,
  reply: outcome({ broadcastId: z.string() }),
  summary: 'send a broadcast (title, sanitised rich text, recipients)',
})

export const broadcastMembersCall = intercomCall({
  path: P.broadcastMembers,
  method: 'POST',
  in: 'body',
  permission: PERM.broadcast,
  params: BroadcastMembersForm,
  reply: IntercomResult,
  summary: 'change a broadcast’s recipients (404 accepted)',
})

export const removeBroadcastCall = intercomCall({
  path: P.broadcastRemove,
  method: 'POST',
  in: 'query',
  permission: PERM.broadcast,
  params: z.object({ broadcastId: z.string().min(1).max(32) }),
  reply: IntercomResult,
  summary: 'remove a broadcast',
})

export const locationsCall = intercomCall({
  path: P.locations,
  method: 'GET',
  permission: PERM.view,
  params: z.object({ since: z.coerce.number().min(0).optional() }),
  reply: outcome({ locations: z.array(LocationTuple) }),
  summary: 'member locations changed after `since` (epoch ms) as [uid, lat, lng, time]',
})

export const trackCall = intercomCall({
  path: P.track,
  method: 'GET',
  permission: PERM.view,
  params: uidQuery.extend({ startTime: z.coerce.number().min(0), stopTime: z.coerce.number().min(0) }),
  reply: outcome({ points: z.array(z.tuple([z.number(), z.number(), z.number()])) }),
  summary: "a member's track between two moments (epoch ms)",
})

/** The console's live stream: `locations` batches of [uid, lat, lng, time] (and the user's own channel). */
export const intercomStreamCall = intercomCall({
  path: P.stream,
  method: 'GET',
  permission: PERM.view,
  hidden: true,
  summary: 'server-sent events: `locations` batches of [uid, lat, lng, time]',
})

/** Registered only with the embedded simulator (development, tests): its faults. */
export const simulatorCall = intercomCall({
  path: P.simulator,
  method: 'POST',
  in: 'body',
  permission: TENANT_ADMIN,
  params: SimulatorFaults,
  reply: SimulatorFaults,
  summary: 'embedded simulator only: set its faults (405, -1, network down)',
})

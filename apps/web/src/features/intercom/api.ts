import { queryOptions } from '@tanstack/react-query'
import type {
  AuthInfoView,
  BroadcastForm,
  FenceForm,
  IntercomAlarm,
  IntercomBroadcast,
  IntercomFence,
  IntercomOrg,
  IntercomPermissions,
  IntercomResult,
  IntercomUser,
  LocationTuple,
  PermissionForm,
} from '@xpark/contract/modules/intercom'
import { INTERCOM_PATHS as P } from '@xpark/contract/modules/intercom'
import { getData, postData } from '@/api/http'

/**
 * The intercom console's calls (our /xparkApi routes; the server talks to the platform). Every reply
 * carries `result` (the platform's, 200 success) and, when the call was refused, the spec's `warning`.
 * `IntercomError` carries them to the screen, which shows the warning (or 'fail') itself.
 */
export class IntercomError extends Error {
  constructor(
    readonly result: number,
    readonly warning: string | undefined,
  ) {
    super(warning ?? `intercom result ${result}`)
  }
}

function unwrap<T extends IntercomResult>(data: T): T {
  if (data.result !== 200) throw new IntercomError(data.result, data.warning)
  return data
}

const get = async <T extends IntercomResult>(
  path: string,
  params?: Record<string, string | number | undefined>,
) => unwrap(await getData<T>(path, params))
const post = async <T extends IntercomResult>(
  path: string,
  body?: unknown,
  params?: Record<string, string>,
) => unwrap(await postData<T>(path, params, body))

export const intercomKeys = {
  all: ['intercom'] as const,
  session: ['intercom', 'session'] as const,
  settings: ['intercom', 'settings'] as const,
  orgs: ['intercom', 'orgs'] as const,
  members: (orgId: string, search: string) => ['intercom', 'members', orgId, search] as const,
  user: (uid: string) => ['intercom', 'user', uid] as const,
  monitors: ['intercom', 'monitors'] as const,
  fences: ['intercom', 'fences'] as const,
  alarms: (range: string) => ['intercom', 'alarms', range] as const,
  broadcasts: (search: string) => ['intercom', 'broadcasts', search] as const,
  authInfo: ['intercom', 'authInfo'] as const,
}

export const sessionQuery = () =>
  queryOptions({
    queryKey: intercomKeys.session,
    queryFn: () => getData<IntercomResult>(P.session),
    staleTime: 30_000,
  })

export const settingsQuery = () =>
  queryOptions({
    queryKey: intercomKeys.settings,
    queryFn: () => getData<{ tileUrl: string; simulator: boolean }>(P.settings),
    staleTime: Number.POSITIVE_INFINITY,
  })

export const orgsQuery = () =>
  queryOptions({
    queryKey: intercomKeys.orgs,
    queryFn: async () => (await get<IntercomResult & { orgs: IntercomOrg[] }>(P.orgs)).orgs,
    retry: false,
  })

export const membersQuery = (orgId: string, search: string) =>
  queryOptions({
    queryKey: intercomKeys.members(orgId, search),
    queryFn: async () =>
      (await get<IntercomResult & { members: IntercomUser[] }>(P.members, { orgId, search })).members,
    retry: false,
  })

export const userQuery = (uid: string) =>
  queryOptions({
    queryKey: intercomKeys.user(uid),
    queryFn: () =>
      get<IntercomResult & { user: IntercomUser; permissions: IntercomPermissions }>(P.user, { uid }),
    retry: false,
  })

export const monitorsQuery = () =>
  queryOptions({
    queryKey: intercomKeys.monitors,
    queryFn: async () => (await get<IntercomResult & { monitors: IntercomUser[] }>(P.monitors)).monitors,
    retry: false,
  })

export const fencesQuery = () =>
  queryOptions({
    queryKey: intercomKeys.fences,
    queryFn: async () => (await get<IntercomResult & { fences: IntercomFence[] }>(P.fences)).fences,
    retry: false,
  })

export const alarmsQuery = (startTime: string, stopTime: string) =>
  queryOptions({
    queryKey: intercomKeys.alarms(`${startTime}~${stopTime}`),
    queryFn: async () =>
      (await get<IntercomResult & { alarms: IntercomAlarm[] }>(P.alarms, { startTime, stopTime })).alarms,
    refetchInterval: 5000,
    retry: false,
  })

export const broadcastsQuery = (search: string) =>
  queryOptions({
    queryKey: intercomKeys.broadcasts(search),
    queryFn: async () =>
      (await get<IntercomResult & { broadcasts: IntercomBroadcast[] }>(P.broadcasts, { search })).broadcasts,
    retry: false,
  })

export const authInfoQuery = () =>
  queryOptions({
    queryKey: intercomKeys.authInfo,
    queryFn: () => getData<AuthInfoView | null>(P.authInfo),
  })

export const intercomApi = {
  reobtain: () => postData<IntercomResult>(P.sessionRefresh),
  savePermissions: (form: PermissionForm) => post(P.permission, form),
  changeMonitors: (add: string[], remove: string[]) => post(P.monitorChange, { add, remove }),
  saveFence: (form: FenceForm) => post<IntercomResult & { fenceId: string }>(P.fenceSave, form),
  removeFence: (fenceId: string) => post(P.fenceRemove, undefined, { fenceId }),
  sendBroadcast: (form: BroadcastForm) =>
    post<IntercomResult & { broadcastId: string }>(P.broadcastSave, form),
  broadcastMembers: (broadcastId: string, uids: string[]) => post(P.broadcastMembers, { broadcastId, uids }),
  removeBroadcast: (broadcastId: string) => post(P.broadcastRemove, undefined, { broadcastId }),
  locations: async (since = 0) =>
    (await get<IntercomResult & { locations: LocationTuple[] }>(P.locations, { since })).locations,
  track: async (uid: string, startTime: number, stopTime: number) =>
    (
      await get<IntercomResult & { points: [number, number, number][] }>(P.track, {
        uid,
        startTime,
        stopTime,
      })
    ).points,
  updateAuthInfo: (form: Record<string, string>) => postData<unknown>(P.authUpdate, undefined, form),
  simulator: (faults: Record<string, boolean>) => postData<unknown>(P.simulator, undefined, faults),
}

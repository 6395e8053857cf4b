import { queryOptions } from '@tanstack/react-query'
import {
  type AuthInfoForm,
  alarmsCall,
  authInfoCall,
  type BroadcastForm,
  broadcastMembersCall,
  broadcastsCall,
  changeMonitorsCall,
  type FenceForm,
  fencesCall,
  type IntercomResult,
  intercomSettingsCall,
  locationsCall,
  membersCall,
  monitorsCall,
  orgsCall,
  type PermissionForm,
  refreshSessionCall,
  removeBroadcastCall,
  removeFenceCall,
  type SimulatorFaults,
  saveFenceCall,
  sendBroadcastCall,
  sessionCall,
  setPermissionsCall,
  simulatorCall,
  trackCall,
  updateAuthInfoCall,
  userCall,
} from '@xpark/contract/modules/intercom'
import type { z } from 'zod'
import { callApi } from '@/api/calls'

/**
 * The intercom console's calls (our /xparkApi routes, declared in the contract; the server talks to
 * the platform). Every reply carries `result` (the platform's, 200 success) and, when the call was
 * refused, the spec's `warning`. `IntercomError` carries them to the screen, which shows the warning
 * (or 'fail') itself.
 */
export class IntercomError extends Error {
  constructor(
    readonly result: number,
    readonly warning: string | undefined,
  ) {
    super(warning ?? `intercom result ${result}`)
  }
}

/** A reply of result 200 carries its data (the declaration has it optional: absent on a refusal). */
type Answered<T> = T & Required<Omit<T, 'warning'>>

function unwrap<T extends IntercomResult>(data: T): Answered<T> {
  if (data.result !== 200) throw new IntercomError(data.result, data.warning)
  return data as Answered<T>
}

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
    queryFn: () => callApi(sessionCall),
    staleTime: 30_000,
  })

export const settingsQuery = () =>
  queryOptions({
    queryKey: intercomKeys.settings,
    queryFn: () => callApi(intercomSettingsCall),
    staleTime: Number.POSITIVE_INFINITY,
  })

export const orgsQuery = () =>
  queryOptions({
    queryKey: intercomKeys.orgs,
    queryFn: async () => unwrap(await callApi(orgsCall)).orgs,
    retry: false,
  })

export const membersQuery = (orgId: string, search: string) =>
  queryOptions({
    queryKey: intercomKeys.members(orgId, search),
    queryFn: async () => unwrap(await callApi(membersCall, { orgId, search })).members,
    retry: false,
  })

export const userQuery = (uid: string) =>
  queryOptions({
    queryKey: intercomKeys.user(uid),
    queryFn: async () => unwrap(await callApi(userCall, { uid })),
    retry: false,
  })

export const monitorsQuery = () =>
  queryOptions({
    queryKey: intercomKeys.monitors,
    queryFn: async () => unwrap(await callApi(monitorsCall)).monitors,
    retry: false,
  })

export const fencesQuery = () =>
  queryOptions({
    queryKey: intercomKeys.fences,
    queryFn: async () => unwrap(await callApi(fencesCall)).fences,
    retry: false,
  })

export const alarmsQuery = (startTime: string, stopTime: string) =>
  queryOptions({
    queryKey: intercomKeys.alarms(`${startTime}~${stopTime}`),
    queryFn: async () => unwrap(await callApi(alarmsCall, { startTime, stopTime })).alarms,
    refetchInterval: 5000,
    retry: false,
  })

export const broadcastsQuery = (search: string) =>
  queryOptions({
    queryKey: intercomKeys.broadcasts(search),
    queryFn: async () => unwrap(await callApi(broadcastsCall, { search })).broadcasts,
    retry: false,
  })

export const authInfoQuery = () =>
  queryOptions({
    queryKey: intercomKeys.authInfo,
    queryFn: () => callApi(authInfoCall, {}),
  })

export const intercomApi = {
  reobtain: () => callApi(refreshSessionCall),
  savePermissions: async (form: PermissionForm) => unwrap(await callApi(setPermissionsCall, form)),
  changeMonitors: async (add: string[], remove: string[]) =>
    unwrap(await callApi(changeMonitorsCall, { add, remove })),
  saveFence: async (form: FenceForm) => unwrap(await callApi(saveFenceCall, form)),
  removeFence: async (fenceId: string) => unwrap(await callApi(removeFenceCall, { fenceId })),
  sendBroadcast: async (form: BroadcastForm) => unwrap(await callApi(sendBroadcastCall, form)),
  broadcastMembers: async (broadcastId: string, uids: string[]) =>
    unwrap(await callApi(broadcastMembersCall, { broadcastId, uids })),
  removeBroadcast: async (broadcastId: string) => unwrap(await callApi(removeBroadcastCall, { broadcastId })),
  locations: async (since = 0) => unwrap(await callApi(locationsCall, { since })).locations,
  track: async (uid: string, startTime: number, stopTime: number) =>
    unwrap(await callApi(trackCall, { uid, startTime, stopTime })).points,
  updateAuthInfo: (form: AuthInfoForm) => callApi(updateAuthInfoCall, form),
  simulator: (faults: z.input<typeof SimulatorFaults>) => callApi(simulatorCall, faults),
}

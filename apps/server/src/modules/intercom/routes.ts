import {
  alarmsCall,
  authInfoCall,
  broadcastMembersCall,
  broadcastsCall,
  changeMonitorsCall,
  fencesCall,
  intercomSettingsCall,
  intercomStreamCall,
  locationsCall,
  membersCall,
  monitorsCall,
  orgsCall,
  refreshSessionCall,
  removeBroadcastCall,
  removeFenceCall,
  saveFenceCall,
  sendBroadcastCall,
  sessionCall,
  setPermissionsCall,
  simulatorCall,
  trackCall,
  updateAuthInfoCall,
  userCall,
} from '@xpark/contract/modules/intercom'
import type { FastifyRequest } from 'fastify'
import type { IntercomSimulator } from '../../adapters/intercom/simulator.js'
import { authOf } from '../../core/auth/plugin.js'
import type { Api } from '../../core/http/api.js'
import { Answer, handle } from '../../core/http/calls.js'
import { type Realtime, tenantChannel, userChannel } from '../../core/realtime/index.js'
import type { AuthInfoStore } from './auth-info.js'
import { LOCATIONS_TOPIC, type LocationFeed } from './feed.js'
import type { IntercomOperations } from './operations.js'
import type { IntercomSessions } from './session.js'

export interface IntercomServices {
  store: AuthInfoStore
  sessions: IntercomSessions
  operations: IntercomOperations
  simulator: IntercomSimulator | null
  /** the map's tile URL template (XPARK_MAP_TILE_URL) */
  tileUrl: string
  realtime: Realtime
  feed: LocationFeed
}

/**
 * The console's routes (declared in `@xpark/contract/modules/intercom`). Every intercom reply is HTTP
 * 200 with `data.result` (the platform's result, 200 success) and, when the call was refused for a
 * stored 405/-1, `data.warning` (spec 01 §5): the console shows the warning or its failure text
 * itself, as the original did.
 */
export async function intercomRoutes(api: Api, s: IntercomServices): Promise<void> {
  const { operations: ops } = s
  const tenant = (request: FastifyRequest) => authOf(request).tenantId

  handle(api, authInfoCall, async ({ customId }, request) =>
    s.store.view(tenant(request), customId || undefined),
  )
  handle(api, updateAuthInfoCall, async (form, request) => {
    await s.store.update(authOf(request), form)
    // new credentials: the next call logs in with them
    await s.sessions.reset(tenant(request))
    return new Answer({}, '更新成功')
  })

  const session = async (request: FastifyRequest, force: boolean) => {
    const a = await s.sessions.status(tenant(request), force)
    return { result: a.Result, ...(a.warning ? { warning: a.warning } : {}) }
  }
  handle(api, sessionCall, (_, request) => session(request, false))
  handle(api, refreshSessionCall, (_, request) => session(request, true))
  handle(api, intercomSettingsCall, () => ({ tileUrl: s.tileUrl, simulator: !!s.simulator }))

  handle(api, orgsCall, (_, request) => ops.orgs(tenant(request)))
  handle(api, membersCall, (q, request) => ops.members(tenant(request), q.orgId ?? '', q.search ?? ''))
  handle(api, userCall, (q, request) => ops.user(tenant(request), q.uid))
  handle(api, setPermissionsCall, (form, request) => ops.setPermissions(tenant(request), form))
  handle(api, monitorsCall, (_, request) => ops.monitors(tenant(request)))
  handle(api, changeMonitorsCall, (form, request) =>
    ops.changeMonitors(tenant(request), form.add, form.remove),
  )

  handle(api, fencesCall, (_, request) => ops.fences(tenant(request)))
  handle(api, saveFenceCall, (form, request) => ops.saveFence(tenant(request), form))
  handle(api, removeFenceCall, (q, request) => ops.removeFence(tenant(request), q.fenceId))
  handle(api, alarmsCall, (q, request) => ops.alarms(tenant(request), q))

  handle(api, broadcastsCall, (q, request) => ops.broadcasts(tenant(request), q.search ?? ''))
  handle(api, sendBroadcastCall, (form, request) => ops.createBroadcast(tenant(request), form))
  handle(api, broadcastMembersCall, (form, request) =>
    ops.broadcastMembers(tenant(request), form.broadcastId, form.uids),
  )
  handle(api, removeBroadcastCall, (q, request) => ops.removeBroadcast(tenant(request), q.broadcastId))

  handle(api, locationsCall, (q, request) => ops.locations(tenant(request), q.since ?? 0))
  handle(api, trackCall, (q, request) => ops.track(tenant(request), q.uid, q.startTime, q.stopTime))

  // the console's live stream: the user's own channel and the tenant's location batches (hidden from
  // the OpenAPI document: it never ends; docs/modules/intercom.md describes it)
  handle(api, intercomStreamCall, async (_, request, reply) => {
    const auth = authOf(request)
    await s.realtime.stream(reply, {
      channels: [userChannel(auth.tenantId, auth.userId), tenantChannel(auth.tenantId, LOCATIONS_TOPIC)],
    })
    s.feed.watch(auth.tenantId)
  })

  const sim = s.simulator
  if (sim)
    handle(api, simulatorCall, (faults) => {
      Object.assign(sim.faults, faults)
      return { ...sim.faults }
    })
}

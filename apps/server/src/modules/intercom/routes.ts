import {
  AuthInfoForm,
  BroadcastForm,
  BroadcastMembersForm,
  FenceForm,
  MonitorChangeForm,
  INTERCOM_PATHS as P,
  INTERCOM_PERMISSIONS as PERM,
  PermissionForm,
  SimulatorFaults,
} from '@xpark/contract/modules/intercom'
import { z } from 'zod'
import type { IntercomSimulator } from '../../adapters/intercom/simulator.js'
import { authOf } from '../../core/auth/plugin.js'
import { TENANT_ADMIN } from '../../core/auth/route-permissions.js'
import { ok, success } from '../../core/envelope.js'
import type { Api } from '../../core/http/api.js'
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
  realtime: Realtime
  feed: LocationFeed
}

const tags = ['intercom']
const uidQuery = z.object({ uid: z.string().min(1).max(32) })

/**
 * The console's routes. Every intercom reply is HTTP 200 with `data.result` (the platform's result,
 * 200 success) and, when the call was refused for a stored 405/-1, `data.warning` (spec 01 §5): the
 * console shows the warning or its failure text itself, as the original did.
 */
export async function intercomRoutes(api: Api, s: IntercomServices): Promise<void> {
  const { operations: ops } = s
  const tenant = (request: Parameters<typeof authOf>[0]) => authOf(request).tenantId
  const view = { permission: PERM.view }

  api.get(
    `/${P.authInfo}`,
    {
      schema: {
        tags: ['wirelessauth'],
        summary: 'dispatcher auth info (secrets only as set/not set)',
        querystring: z.object({ customId: z.string().max(64).optional() }),
      },
      config: { permission: [PERM.authView, TENANT_ADMIN] },
    },
    async (request) => ok(await s.store.view(tenant(request), request.query.customId || undefined)),
  )

  api.post(
    `/${P.authUpdate}`,
    {
      schema: {
        tags: ['wirelessauth'],
        summary: 'create or change the dispatcher auth info (empty secret: kept)',
        body: AuthInfoForm,
      },
      config: { permission: [PERM.authEdit, TENANT_ADMIN] },
    },
    async (request) => {
      await s.store.update(authOf(request), request.body)
      // new credentials: the next call logs in with them
      await s.sessions.reset(tenant(request))
      return success('更新成功')
    },
  )

  api.get(
    `/${P.session}`,
    { schema: { tags, summary: 'the wireless session state (result 200, 405, -1, 504)' }, config: view },
    async (request) => {
      const a = await s.sessions.status(tenant(request))
      return ok({ result: a.Result, ...(a.warning ? { warning: a.warning } : {}) })
    },
  )

  api.post(
    `/${P.sessionRefresh}`,
    { schema: { tags, summary: 're-obtain the session id now' }, config: { permission: PERM.session } },
    async (request) => {
      const a = await s.sessions.status(tenant(request), true)
      return ok({ result: a.Result, ...(a.warning ? { warning: a.warning } : {}) })
    },
  )

  api.get(
    `/${P.orgs}`,
    { schema: { tags, summary: 'organisation tree (flat, with parent ids)' }, config: view },
    async (request) => ok(await ops.orgs(tenant(request))),
  )

  api.get(
    `/${P.members}`,
    {
      schema: {
        tags,
        summary: 'members of an org and its sub-orgs, searched by name, phone or uid',
        querystring: z.object({
          orgId: z.string().max(32).optional(),
          search: z.string().max(64).optional(),
        }),
      },
      config: view,
    },
    async (request) =>
      ok(await ops.members(tenant(request), request.query.orgId ?? '', request.query.search ?? '')),
  )

  api.get(
    `/${P.user}`,
    {
      schema: { tags, summary: 'user info with the permissions panel', querystring: uidQuery },
      config: view,
    },
    async (request) => ok(await ops.user(tenant(request), request.query.uid)),
  )

  api.post(
    `/${P.permission}`,
    {
      schema: {
        tags,
        summary: 'save a member’s permissions (each value through its own call)',
        body: PermissionForm,
      },
      config: { permission: PERM.permission },
    },
    async (request) => ok(await ops.setPermissions(tenant(request), request.body)),
  )

  api.get(
    `/${P.monitors}`,
    { schema: { tags, summary: 'the monitor list (UserMonitors)' }, config: view },
    async (request) => ok(await ops.monitors(tenant(request))),
  )

  api.post(
    `/${P.monitorChange}`,
    {
      schema: {
        tags,
        summary: 'add to / remove from the monitor list (411 accepted)',
        body: MonitorChangeForm,
      },
      config: { permission: PERM.monitor },
    },
    async (request) => ok(await ops.changeMonitors(tenant(request), request.body.add, request.body.remove)),
  )

  api.get(`/${P.fences}`, { schema: { tags, summary: 'geofences' }, config: view }, async (request) =>
    ok(await ops.fences(tenant(request))),
  )

  api.post(
    `/${P.fenceSave}`,
    {
      schema: { tags, summary: 'create or change a geofence (polygon or circle)', body: FenceForm },
      config: { permission: PERM.fence },
    },
    async (request) => ok(await ops.saveFence(tenant(request), request.body)),
  )

  api.post(
    `/${P.fenceRemove}`,
    {
      schema: {
        tags,
        summary: 'remove a geofence',
        querystring: z.object({ fenceId: z.string().min(1).max(32) }),
      },
      config: { permission: PERM.fence },
    },
    async (request) => ok(await ops.removeFence(tenant(request), request.query.fenceId)),
  )

  api.get(
    `/${P.alarms}`,
    {
      schema: {
        tags,
        summary: 'fence alarms (FenceId, Uid, Type 1 enter / 2 leave) in a time range',
        querystring: z.object({
          fenceId: z.string().max(32).optional(),
          startTime: z.string().max(19).optional(),
          stopTime: z.string().max(19).optional(),
        }),
      },
      config: view,
    },
    async (request) => ok(await ops.alarms(tenant(request), request.query)),
  )

  api.get(
    `/${P.broadcasts}`,
    {
      schema: {
        tags,
        summary: 'broadcasts (all, page size 999999999; 404 accepted as none)',
        querystring: z.object({ search: z.string().max(64).optional() }),
      },
      config: view,
    },
    async (request) => ok(await ops.broadcasts(tenant(request), request.query.search ?? '')),
  )

  api.post(
    `/${P.broadcastSave}`,
    {
      schema: {
        tags,
        summary: 'send a broadcast (title, sanitised rich text, recipients)',
        body: BroadcastForm,
      },
      config: { permission: PERM.broadcast },
    },
    async (request) => ok(await ops.createBroadcast(tenant(request), request.body)),
  )

  api.post(
    `/${P.broadcastMembers}`,
    {
      schema: { tags, summary: 'change a broadcast’s recipients (404 accepted)', body: BroadcastMembersForm },
      config: { permission: PERM.broadcast },
    },
    async (request) =>
      ok(await ops.broadcastMembers(tenant(request), request.body.broadcastId, request.body.uids)),
  )

  api.post(
    `/${P.broadcastRemove}`,
    {
      schema: {
        tags,
        summary: 'remove a broadcast',
        querystring: z.object({ broadcastId: z.string().min(1).max(32) }),
      },
      config: { permission: PERM.broadcast },
    },
    async (request) => ok(await ops.removeBroadcast(tenant(request), request.query.broadcastId)),
  )

  api.get(
    `/${P.locations}`,
    {
      schema: {
        tags,
        summary: 'member locations changed after `since` (epoch ms) as [uid, lat, lng, time]',
        querystring: z.object({ since: z.coerce.number().min(0).optional() }),
      },
      config: view,
    },
    async (request) => ok(await ops.locations(tenant(request), request.query.since ?? 0)),
  )

  api.get(
    `/${P.track}`,
    {
      schema: {
        tags,
        summary: "a member's track between two moments (epoch ms)",
        querystring: uidQuery.extend({
          startTime: z.coerce.number().min(0),
          stopTime: z.coerce.number().min(0),
        }),
      },
      config: view,
    },
    async (request) =>
      ok(
        await ops.track(tenant(request), request.query.uid, request.query.startTime, request.query.stopTime),
      ),
  )

  // the console's live stream: the user's own channel and the tenant's location batches
  api.get(
    `/${P.stream}`,
    {
      schema: {
        tags,
        summary: 'server-sent events: `locations` batches of [uid, lat, lng, time] (changed positions only)',
      },
      config: view,
    },
    async (request, reply) => {
      const auth = authOf(request)
      await s.realtime.stream(reply, {
        channels: [userChannel(auth.tenantId, auth.userId), tenantChannel(auth.tenantId, LOCATIONS_TOPIC)],
      })
      s.feed.watch(auth.tenantId)
    },
  )

  const sim = s.simulator
  if (sim) {
    api.post(
      `/${P.simulator}`,
      {
        schema: {
          tags,
          summary: 'embedded simulator only: set its faults (405, -1, network down)',
          body: SimulatorFaults,
        },
        config: { permission: TENANT_ADMIN },
      },
      async (request) => {
        Object.assign(sim.faults, request.body)
        return ok({ ...sim.faults })
      },
    )
  }
}

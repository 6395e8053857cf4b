import type {
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
import { BROADCAST_PAGE_SIZE } from '@xpark/contract/modules/intercom'
import { CODE, type Fence, RESULT, type User } from '../../adapters/intercom/protocol.js'
import { sanitiseHtml } from './sanitise.js'
import type { Answer, IntercomSessions } from './session.js'

/**
 * The console's operations on the dispatch platform, in our own names (camelCase) and shapes. Each
 * answers `{ result, warning?, …data }`: 200 with the data, the spec's warning for a stored 405/-1,
 * another result for a failure. The accepted non-200 results (spec 01 §8) count as success here:
 * 404 for the broadcast list (no broadcast: empty) and a broadcast's member change, 411 for a
 * monitor change (nothing to change).
 */

type Out<T> = IntercomResult & Partial<T>

const done = (a: Answer): IntercomResult =>
  a.warning ? { result: a.Result, warning: a.warning } : { result: a.Result }
const accepted = (a: Answer, ...results: number[]) =>
  results.includes(a.Result) ? { ...a, Result: RESULT.ok } : a

const user = (u: User): IntercomUser => ({
  uid: u.Uid,
  name: u.Name,
  phone: u.Phone,
  email: u.Email,
  role: u.Role,
  orgId: u.OrgId,
})

const fence = (f: Fence): IntercomFence => ({
  fenceId: f.FenceId,
  fenceName: f.FenceName,
  startTime: f.StartTime,
  stopTime: f.StopTime,
  locationType: f.LocationType,
  locations: f.Locations.map((l) => ({ lat: l.Lat, lng: l.Lng, ...(l.Radius ? { radius: l.Radius } : {}) })),
  members: f.Members,
})

export class IntercomOperations {
  constructor(private readonly sessions: IntercomSessions) {}

  private call(tenantId: string, code: Parameters<IntercomSessions['call']>[1], body = {}) {
    return this.sessions.call(tenantId, code, body)
  }

  async orgs(t: string): Promise<Out<{ orgs: IntercomOrg[] }>> {
    const a = await this.call(t, CODE.orgTree)
    if (a.Result !== RESULT.ok) return done(a)
    return {
      result: 200,
      orgs: (a.Orgs ?? []).map((o) => ({ orgId: o.OrgId, orgParentId: o.OrgParentId, orgName: o.OrgName })),
    }
  }

  async members(t: string, orgId = '', search = ''): Promise<Out<{ members: IntercomUser[] }>> {
    const a = await this.call(t, CODE.members, { OrgId: orgId, Search: search })
    if (a.Result !== RESULT.ok) return done(a)
    return { result: 200, members: (a.Members ?? []).map(user) }
  }

  /** User info with the permissions panel's five values. */
  async user(t: string, uid: string): Promise<Out<{ user: IntercomUser; permissions: IntercomPermissions }>> {
    const info = await this.call(t, CODE.userInfo, { Uids: [uid] })
    if (info.Result !== RESULT.ok) return done(info)
    const [perm, calls, monitors] = await Promise.all([
      this.call(t, CODE.permissionQuery, { Uid: uid }),
      this.call(t, CODE.broadcastCallQuery),
      this.call(t, CODE.monitorQuery),
    ])
    for (const a of [perm, calls, monitors]) if (a.Result !== RESULT.ok) return done(a)
    const found = info.Users?.[0]
    if (!found || !perm.Permission) return { result: RESULT.notFound }
    return {
      result: 200,
      user: user(found),
      permissions: {
        uid,
        videoView: perm.Permission.VideoView,
        callIn: perm.Permission.CallIn,
        callOut: perm.Permission.CallOut,
        broadcastCall: (calls.Uids ?? []).includes(uid) ? 0 : 1,
        monitored: (monitors.UserMonitors ?? []).includes(uid) ? 0 : 1,
      },
    }
  }

  /** Save each changed value through its own call; the first failure stops and answers. */
  async setPermissions(t: string, form: PermissionForm): Promise<IntercomResult> {
    const { uid } = form
    const set: Record<string, number> = {}
    if (form.videoView !== undefined) set.VideoView = form.videoView
    if (form.callIn !== undefined) set.CallIn = form.callIn
    if (form.callOut !== undefined) set.CallOut = form.callOut
    if (Object.keys(set).length) {
      const a = await this.call(t, CODE.permissionSet, { Uid: uid, ...set })
      if (a.Result !== RESULT.ok) return done(a)
    }
    if (form.broadcastCall !== undefined) {
      const change = form.broadcastCall === 0 ? { Add: [uid], Remove: [] } : { Add: [], Remove: [uid] }
      const a = await this.call(t, CODE.broadcastCallChange, change)
      if (a.Result !== RESULT.ok) return done(a)
    }
    if (form.monitored !== undefined) {
      const a = await this.changeMonitors(
        t,
        form.monitored === 0 ? [uid] : [],
        form.monitored === 1 ? [uid] : [],
      )
      if (a.result !== RESULT.ok) return a
    }
    return { result: 200 }
  }

  async monitors(t: string): Promise<Out<{ monitors: IntercomUser[] }>> {
    const a = await this.call(t, CODE.monitorQuery)
    if (a.Result !== RESULT.ok) return done(a)
    const uids = a.UserMonitors ?? []
    if (!uids.length) return { result: 200, monitors: [] }
    const info = await this.call(t, CODE.userInfo, { Uids: uids })
    if (info.Result !== RESULT.ok && info.Result !== RESULT.notFound) return done(info)
    return { result: 200, monitors: (info.Users ?? []).map(user) }
  }

  async changeMonitors(t: string, add: string[], remove: string[]): Promise<IntercomResult> {
    return done(
      accepted(await this.call(t, CODE.monitorChange, { Add: add, Remove: remove }), RESULT.noChange),
    )
  }

  async fences(t: string): Promise<Out<{ fences: IntercomFence[] }>> {
    const a = await this.call(t, CODE.fenceList)
    if (a.Result !== RESULT.ok) return done(a)
    return { result: 200, fences: (a.Fences ?? []).map(fence) }
  }

  async saveFence(t: string, f: FenceForm): Promise<Out<{ fenceId: string }>> {
    const a = await this.call(t, CODE.fenceSave, {
      Fence: {
        FenceId: f.fenceId ?? '',
        FenceName: f.fenceName,
        StartTime: f.startTime,
        StopTime: f.stopTime,
        LocationType: f.locationType,
        Locations: f.locations.map((l) => ({
          Lat: l.lat,
          Lng: l.lng,
          ...(l.radius ? { Radius: l.radius } : {}),
        })),
        Members: f.members ?? [],
      },
    })
    return a.Result === RESULT.ok ? { result: 200, fenceId: a.FenceId ?? '' } : done(a)
  }

  async removeFence(t: string, fenceId: string): Promise<IntercomResult> {
    return done(await this.call(t, CODE.fenceRemove, { FenceId: fenceId }))
  }

  async alarms(
    t: string,
    q: { fenceId?: string; startTime?: string; stopTime?: string },
  ): Promise<Out<{ alarms: IntercomAlarm[] }>> {
    const a = await this.call(t, CODE.fenceAlarms, {
      FenceId: q.fenceId ?? '',
      StartTime: q.startTime ?? '',
      StopTime: q.stopTime ?? '9999-12-31 23:59:59',
    })
    if (a.Result !== RESULT.ok) return done(a)
    return {
      result: 200,
      alarms: (a.Alarms ?? []).map((x) => ({
        alarmId: x.AlarmId,
        fenceId: x.FenceId,
        uid: x.Uid,
        type: x.Type,
        time: x.Time,
      })),
    }
  }

  async broadcasts(t: string, search = ''): Promise<Out<{ broadcasts: IntercomBroadcast[] }>> {
    const a = accepted(
      await this.call(t, CODE.broadcastList, {
        PageIndex: 1,
        PageSize: BROADCAST_PAGE_SIZE,
        SearchContent: search,
      }),
      RESULT.notFound,
    )
    if (a.Result !== RESULT.ok) return done(a)
    return {
      result: 200,
      broadcasts: (a.Broadcasts ?? []).map((b) => ({
        broadcastId: b.BroadcastId,
        title: b.Title,
        html: b.Html,
        uids: b.Uids,
        ownerFlag: b.OwnerFlag,
        createTime: b.CreateTime,
      })),
    }
  }

  async createBroadcast(t: string, form: BroadcastForm): Promise<Out<{ broadcastId: string }>> {
    const a = await this.call(t, CODE.broadcastCreate, {
      Title: form.title,
      Html: sanitiseHtml(form.html ?? ''),
      Uids: form.uids,
    })
    return a.Result === RESULT.ok ? { result: 200, broadcastId: a.BroadcastId ?? '' } : done(a)
  }

  async broadcastMembers(t: string, broadcastId: string, uids: string[]): Promise<IntercomResult> {
    return done(
      accepted(
        await this.call(t, CODE.broadcastMembers, { BroadcastId: broadcastId, Uids: uids }),
        RESULT.notFound,
      ),
    )
  }

  async removeBroadcast(t: string, broadcastId: string): Promise<IntercomResult> {
    return done(await this.call(t, CODE.broadcastRemove, { BroadcastId: broadcastId }))
  }

  /** Positions changed after `since` (epoch ms), as compact tuples. */
  async locations(t: string, since = 0): Promise<Out<{ locations: LocationTuple[] }>> {
    const a = await this.call(t, CODE.locations, { Since: since })
    if (a.Result !== RESULT.ok) return done(a)
    // six decimals are 0.1 m: enough for a map, and a batch of thousands stays small
    const round = (x: number) => Math.round(x * 1e6) / 1e6
    return {
      result: 200,
      locations: (a.Locations ?? []).map((l) => [l.Uid, round(l.Lat), round(l.Lng), l.Time]),
    }
  }

  async track(
    t: string,
    uid: string,
    from: number,
    to: number,
  ): Promise<Out<{ points: [number, number, number][] }>> {
    const a = await this.call(t, CODE.track, { Uid: uid, StartTime: from, StopTime: to })
    if (a.Result !== RESULT.ok) return done(a)
    return { result: 200, points: (a.Points ?? []).map((p) => [p.Lat, p.Lng, p.Time]) }
  }
}

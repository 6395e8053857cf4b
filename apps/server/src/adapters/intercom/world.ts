import { insideFence, offset, type Path, positionOn, watching } from './geo.js'
import type { Broadcast, Fence, FenceAlarm, LatLng, Location, Org, Permission, User } from './protocol.js'

/**
 * The simulated dispatch platform's own state: an organisation tree, members with phones, emails and
 * roles, their permissions, the broadcast-call and monitor lists, geofences, broadcasts, and members
 * walking along paths so that locations change and fence alarms (enter/leave, within the fence's
 * time range) happen as time passes (`tick`).
 */

/** The park the demo walks in (Lujiazui, Shanghai). */
export const PARK_CENTRE: LatLng = { Lat: 31.2397, Lng: 121.4998 }

const SURNAMES = '张王李赵刘陈杨黄周吴徐孙马朱胡郭何高林罗'
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '涛',
  '明',
  '超',
  '霞',
  '平',
  '刚',
  '桂英',
  '建华',
]

const ORGS: Org[] = [
  { OrgId: '1', OrgParentId: '0', OrgName: '园区保安部' },
  { OrgId: '11', OrgParentId: '1', OrgName: '门岗' },
  { OrgId: '12', OrgParentId: '1', OrgName: '巡逻一队' },
  { OrgId: '13', OrgParentId: '1', OrgName: '巡逻二队' },
  { OrgId: '14', OrgParentId: '1', OrgName: '监控中心' },
  { OrgId: '111', OrgParentId: '11', OrgName: '东门' },
  { OrgId: '112', OrgParentId: '11', OrgName: '西门' },
]
const LEAF_ORGS = ['111', '112', '12', '13', '14']

/** A deterministic pseudo-random sequence (the same park every start). */
function random(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

export interface WorldOptions {
  members?: number
}

const pad2 = (n: number) => String(n).padStart(2, '0')
export const formatTime = (d: Date) =>
  `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`

export class World {
  readonly orgs = ORGS
  readonly users = new Map<string, User>()
  readonly paths = new Map<string, Path>()
  readonly permissions = new Map<string, Permission>()
  readonly broadcastCall = new Set<string>()
  readonly monitors = new Set<string>()
  readonly fences = new Map<string, Fence>()
  readonly alarms: FenceAlarm[] = []
  readonly broadcasts: Broadcast[] = []
  /** the last computed position of each member (its Time moves only when it moved) */
  readonly positions = new Map<string, Location>()
  /** fence → members inside it at the last tick */
  private readonly inside = new Map<string, Set<string>>()
  private nextId = 1000

  constructor(options: WorldOptions = {}) {
    const count = options.members ?? 60
    const rnd = random(20261125)
    for (let i = 0; i < count; i++) {
      const uid = String(100001 + i)
      const orgId = LEAF_ORGS[i % LEAF_ORGS.length]!
      const name = `${SURNAMES[i % SURNAMES.length]}${GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]}${i >= 400 ? i : ''}`
      this.users.set(uid, {
        Uid: uid,
        Name: name,
        Phone: `139${String(10000000 + ((i * 7919) % 90000000)).padStart(8, '0')}`,
        Email: `guard${uid}@park.example.com`,
        Role: i % 10 === 0 ? 3 : 2,
        OrgId: orgId,
      })
      this.permissions.set(uid, { Uid: uid, VideoView: 1, CallIn: 0, CallOut: 0 })
      this.paths.set(uid, this.pathFor(i, orgId, rnd))
    }
    // the first of each patrol team may broadcast-call; team leaders are monitored
    for (const u of this.users.values()) if (u.Role === 3) this.monitors.add(u.Uid)
    this.broadcastCall.add('100001')
    this.fences.set('1', {
      FenceId: '1',
      FenceName: '中心广场',
      StartTime: '00:00:00',
      StopTime: '23:59:59',
      LocationType: 2,
      Locations: [{ ...offset(PARK_CENTRE, 0, 0), Radius: 120 }],
      Members: [],
    })
  }

  /**
   * Gate guards stand still at their gate; patrols walk loops of 4-6 corners around the park. The
   * first member walks straight across the centre and back (the demo's and the tests' fence crosser).
   */
  private pathFor(i: number, orgId: string, rnd: () => number): Path {
    if (i === 0)
      return { points: [offset(PARK_CENTRE, -400, 0), offset(PARK_CENTRE, 400, 0)], speed: 20, phase: 0 }
    if (orgId === '111' || orgId === '112' || orgId === '14') {
      const gate = offset(PARK_CENTRE, orgId === '111' ? 600 : -600, (rnd() - 0.5) * 200)
      return { points: [gate], speed: 0, phase: 0 }
    }
    const corners = 4 + Math.floor(rnd() * 3)
    const radius = 150 + rnd() * 700
    const centre = offset(PARK_CENTRE, (rnd() - 0.5) * 800, (rnd() - 0.5) * 800)
    const points = Array.from({ length: corners }, (_, k) => {
      const angle = (2 * Math.PI * k) / corners + rnd() * 0.5
      return offset(centre, Math.cos(angle) * radius, Math.sin(angle) * radius)
    })
    return { points, speed: 1 + rnd() * 2, phase: rnd() * 1000 }
  }

  newId(): string {
    this.nextId += 1
    return String(this.nextId)
  }

  /** Move everyone to `atMs` and record fence crossings. */
  tick(atMs: number): void {
    for (const [uid, path] of this.paths) {
      const p = positionOn(path, atMs)
      const last = this.positions.get(uid)
      if (last && last.Lat === p.Lat && last.Lng === p.Lng) continue
      this.positions.set(uid, { Uid: uid, Lat: p.Lat, Lng: p.Lng, Time: atMs })
    }
    const at = new Date(atMs)
    for (const fence of this.fences.values()) {
      const before = this.inside.get(fence.FenceId)
      const now = new Set<string>()
      const watched = fence.Members.length ? fence.Members : [...this.users.keys()]
      for (const uid of watched) {
        const p = this.positions.get(uid)
        if (p && insideFence(p, fence)) now.add(uid)
      }
      this.inside.set(fence.FenceId, now)
      // a new fence starts from where people are; crossings count from the next tick, in its hours
      if (!before || !watching(fence, at)) continue
      for (const uid of now) if (!before.has(uid)) this.alarm(fence.FenceId, uid, 1, at)
      for (const uid of before) if (!now.has(uid)) this.alarm(fence.FenceId, uid, 2, at)
    }
  }

  private alarm(fenceId: string, uid: string, type: 1 | 2, at: Date): void {
    this.alarms.push({ AlarmId: this.newId(), FenceId: fenceId, Uid: uid, Type: type, Time: formatTime(at) })
    if (this.alarms.length > 20_000) this.alarms.splice(0, this.alarms.length - 20_000)
  }

  saveFence(fence: Fence): string {
    const id = fence.FenceId || this.newId()
    this.fences.set(id, { ...fence, FenceId: id })
    this.inside.delete(id)
    return id
  }

  removeFence(id: string): boolean {
    this.inside.delete(id)
    return this.fences.delete(id)
  }

  /** The track of a member between two moments, one point every `stepMs`. */
  track(uid: string, fromMs: number, toMs: number, stepMs = 30_000): Location[] {
    const path = this.paths.get(uid)
    if (!path || toMs < fromMs) return []
    const step = Math.max(stepMs, Math.ceil((toMs - fromMs) / 2000))
    const points: Location[] = []
    for (let t = fromMs; t <= toMs; t += step) points.push({ Uid: uid, ...positionOn(path, t), Time: t })
    return points
  }
}

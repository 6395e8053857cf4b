import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CODE } from '../../adapters/intercom/protocol.js'
import { type IntercomSimulator, md5, startIntercomSimulator } from '../../adapters/intercom/simulator.js'
import { apiClient, type Reply } from '../../test/client.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { intercomAuth } from './schema.js'

/**
 * The intercom module through its routes, against the simulator on loopback (XPARK_INTERCOM_BASE):
 * the dispatcher auth info sealed at rest and never answered in clear, every console operation, the
 * accepted 404/411 results, the spec's warnings, and not a single reply carrying a credential.
 */

const TENANT = '100001'
const ACCOUNT = {
  customId: 'park-77',
  customPwdSecret: 'cust-Secret-9',
  dispatcherId: 'disp-7',
  dispatcherPwd: '41dGate',
}
type Json = Record<string, unknown>

describe('intercom module (routes, auth info, warnings)', () => {
  let t: TestContext
  let sim: IntercomSimulator
  let admin: Headers
  let staff: Headers
  const bodies: string[] = []

  const api = apiClient<Json>(
    () => t,
    () => admin,
  )
  /** every reply's text is kept: none may carry a secret */
  const kept = async (reply: Promise<Reply<Json>>) => {
    const r = await reply
    bodies.push(r.text)
    return r
  }
  const get = (url: string, query?: Json, headers?: Headers) => kept(api.get(url, query, headers))
  const post = (url: string, body?: unknown, query?: Json, headers?: Headers) =>
    kept(api.post(url, body, query, headers))

  beforeAll(async () => {
    sim = await startIntercomSimulator({ account: ACCOUNT })
    t = await startTestApp({ XPARK_INTERCOM_BASE: sim.url, XPARK_INTERCOM_SIMULATOR: 'off' })
    admin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: TENANT, account: 'staff' }))
  })
  afterAll(async () => {
    await t.close()
    await sim.close()
  })

  it('without auth info (and no simulator standing in) the console is told the account is not configured', async () => {
    const res = await get('intercom/session')
    expect(res.status).toBe(200)
    expect(res.body.data.result).toBe(401)
  })

  it('wirelessauth/update stores the auth info sealed; getAuthInfo answers which secrets are set, never their values', async () => {
    const saved = await post('wirelessauth/update', { ...ACCOUNT, hostIp: '10.1.2.3' })
    expect(saved.status, saved.body.msg).toBe(200)
    const [row] = await t.database.db.select().from(intercomAuth).where(eq(intercomAuth.tenantId, TENANT))
    expect(row?.customPwdSecret).toMatch(/^v1:/)
    expect(JSON.stringify(row)).not.toContain(ACCOUNT.customPwdSecret)
    expect(JSON.stringify(row)).not.toContain(ACCOUNT.dispatcherPwd)
    const info = await get('wirelessauth/getAuthInfo', { customId: ACCOUNT.customId })
    expect(info.body.data).toMatchObject({
      customId: ACCOUNT.customId,
      dispatcherId: ACCOUNT.dispatcherId,
      hostIp: '10.1.2.3',
      customPwdSecretSet: true,
      dispatcherPwdSet: true,
      dispatcherPwdSecretSet: true,
    })
    expect((await get('wirelessauth/getAuthInfo', { customId: 'other' })).body.data).toBeNull()
    // an empty secret keeps the stored one
    expect(
      (
        await post('wirelessauth/update', {
          customId: ACCOUNT.customId,
          dispatcherId: ACCOUNT.dispatcherId,
          hostIp: '10.1.2.4',
        })
      ).status,
    ).toBe(200)
    expect((await get('intercom/session')).body.data.result).toBe(200)
  })

  it('refuses a loopback or private wireless base typed by a tenant (SSRF) and park staff', async () => {
    const res = await post('wirelessauth/update', { ...ACCOUNT, url: 'http://127.0.0.1:9/' })
    expect(res.status).toBe(400)
    expect((await post('wirelessauth/update', ACCOUNT, undefined, staff)).status).toBe(403)
    expect((await get('wirelessauth/getAuthInfo', {}, staff)).status).toBe(403)
  })

  it('console settings: the map tile URL; no embedded simulator here', async () => {
    expect((await get('intercom/settings', {}, staff)).body.data).toEqual({
      tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      simulator: false,
    })
  })

  it('org tree, members with search, user info with the permissions panel', async () => {
    const orgs = await get('intercom/orgs')
    expect(orgs.body.data.result).toBe(200)
    expect((orgs.body.data.orgs as Json[])[0]).toMatchObject({
      orgId: '1',
      orgParentId: '0',
      orgName: '园区保安部',
    })
    const members = (await get('intercom/members', { orgId: '1' })).body.data.members as Json[]
    expect(members).toHaveLength(60)
    const first = members[0]!
    expect(first).toMatchObject({ uid: '100001' })
    expect(Object.keys(first).sort()).toEqual(['email', 'name', 'orgId', 'phone', 'role', 'uid'])
    const found = (await get('intercom/members', { search: String(first.name) })).body.data.members as Json[]
    expect(found.map((m) => m.uid)).toContain('100001')
    const user = (await get('intercom/user', { uid: '100001' })).body.data
    // 100001 (a team leader) is in the broadcast-call list (0) and in the monitor list (0); 100002 in neither (1, 1)
    expect(user.permissions).toEqual({
      uid: '100001',
      videoView: 1,
      callIn: 0,
      callOut: 0,
      broadcastCall: 0,
      monitored: 0,
    })
    expect((await get('intercom/user', { uid: '100002' })).body.data.permissions).toMatchObject({
      broadcastCall: 1,
      monitored: 1,
    })
  })

  it('saves each permission through the platform; staff may look but not change', async () => {
    const saved = await post('intercom/permission', {
      uid: '100002',
      videoView: 0,
      callIn: 1,
      callOut: 1,
      broadcastCall: 0,
      monitored: 0,
    })
    expect(saved.body.data).toEqual({ result: 200 })
    const user = (await get('intercom/user', { uid: '100002' }, staff)).body.data
    expect(user.permissions).toEqual({
      uid: '100002',
      videoView: 0,
      callIn: 1,
      callOut: 1,
      broadcastCall: 0,
      monitored: 0,
    })
    expect(sim.world.monitors.has('100002')).toBe(true)
    expect(
      (await post('intercom/permission', { uid: '100002', monitored: 1 }, undefined, staff)).status,
    ).toBe(403)
  })

  it('monitor list add/remove; 411 (nothing to change) is accepted', async () => {
    expect((await post('intercom/monitors/change', { add: ['100003'] })).body.data).toEqual({ result: 200 })
    const again = await post('intercom/monitors/change', { add: ['100003'] })
    expect(again.body.data).toEqual({ result: 200 })
    const list = (await get('intercom/monitors')).body.data.monitors as Json[]
    expect(list.map((m) => m.uid)).toContain('100003')
    expect((await post('intercom/monitors/change', { remove: ['100003'] })).body.data.result).toBe(200)
  })

  it('broadcasts: an empty list (404 accepted), create with sanitised html, change members (404 accepted), search', async () => {
    expect((await get('intercom/broadcasts')).body.data).toEqual({ result: 200, broadcasts: [] })
    expect(sim.calls.get(CODE.broadcastList)).toBe(1)
    const created = await post('intercom/broadcasts/save', {
      title: '夜间巡逻',
      html: '<p onclick="x()">注意<script>alert(1)</script>安全</p>',
      uids: ['100001', '100002'],
    })
    expect(created.body.data.result).toBe(200)
    const id = created.body.data.broadcastId as string
    const list = (await get('intercom/broadcasts', { search: '巡逻' })).body.data.broadcasts as Json[]
    expect(list[0]).toMatchObject({
      broadcastId: id,
      title: '夜间巡逻',
      html: '<p>注意安全</p>',
      ownerFlag: 1,
      uids: ['100001', '100002'],
    })
    expect(
      (await post('intercom/broadcasts/members', { broadcastId: id, uids: ['100003'] })).body.data.result,
    ).toBe(200)
    // the same list again: the platform answers 404, accepted
    expect(
      (await post('intercom/broadcasts/members', { broadcastId: id, uids: ['100003'] })).body.data.result,
    ).toBe(200)
    expect((await post('intercom/broadcasts/save', { title: '', uids: [] })).status).toBe(400)
  })

  it('geofences: a circle and a polygon; a member crossing one raises enter/leave alarms within its hours', async () => {
    const base = Date.parse('2026-11-25T02:00:00Z')
    sim.tick(base)
    const circle = await post('intercom/fences/save', {
      fenceName: '测试围栏',
      startTime: '00:00:00',
      stopTime: '23:59:59',
      locationType: 2,
      locations: [{ lat: 31.2397, lng: 121.4998, radius: 50 }],
      members: ['100001'],
    })
    expect(circle.body.data.result).toBe(200)
    const fenceId = circle.body.data.fenceId as string
    // member 100001 walks west-east across the centre at 20 m/s: 40 s for 800 m
    for (let s = 1; s <= 80; s++) sim.tick(base + s * 1000)
    const alarms = (await get('intercom/fences/alarms', { fenceId })).body.data.alarms as Json[]
    expect(alarms.length).toBeGreaterThanOrEqual(2)
    expect(new Set(alarms.map((a) => a.type))).toEqual(new Set([1, 2]))
    expect(alarms.every((a) => a.uid === '100001' && a.fenceId === fenceId)).toBe(true)
    const polygon = await post('intercom/fences/save', {
      fenceName: '多边形',
      startTime: '08:00:00',
      stopTime: '18:00:00',
      locationType: 1,
      locations: [
        { lat: 31.23, lng: 121.49 },
        { lat: 31.25, lng: 121.49 },
        { lat: 31.25, lng: 121.51 },
      ],
    })
    expect(polygon.body.data.result).toBe(200)
    const bad = await post('intercom/fences/save', {
      fenceName: 'x',
      startTime: '00:00:00',
      stopTime: '01:00:00',
      locationType: 1,
      locations: [{ lat: 1, lng: 1 }],
    })
    expect(bad.status).toBe(400)
    const fences = (await get('intercom/fences')).body.data.fences as Json[]
    expect(fences.map((f) => f.fenceName)).toEqual(expect.arrayContaining(['测试围栏', '多边形']))
    expect((await post('intercom/fences/remove', undefined, { fenceId })).body.data.result).toBe(200)
  })

  it('locations as compact tuples, since a moment; a member track', async () => {
    const all = (await get('intercom/locations')).body.data.locations as [string, number, number, number][]
    expect(all).toHaveLength(60)
    const latest = Math.max(...all.map((l) => l[3]))
    const since = (await get('intercom/locations', { since: latest })).body.data.locations as unknown[]
    expect(since).toHaveLength(0)
    const track = (await get('intercom/track', { uid: '100001', startTime: 0, stopTime: 600_000 })).body.data
      .points as unknown[]
    expect(track.length).toBeGreaterThan(10)
  })

  it('the spec warnings: 405 when the password expired and cannot be changed, -1 when verification fails', async () => {
    sim.faults.verificationFails = true
    const refused = await get('intercom/orgs')
    expect(refused.body.data).toEqual({
      result: -1,
      warning: 'intercom interface error, session id verification failed, re-obtain session id',
    })
    sim.faults.verificationFails = false
    sim.faults.passwordExpired = true
    sim.faults.passwordChangeRefused = true
    const again = await post('intercom/session/refresh')
    expect(again.body.data).toEqual({
      result: 405,
      warning: 'dispatcher password has expired, contact administrator to change it',
    })
    sim.faults.passwordChangeRefused = false
    // re-obtaining rotates 41d → 42d and works again; the stored password follows
    expect((await post('intercom/session/refresh')).body.data).toEqual({ result: 200 })
    expect(sim.dispatcherPwdSecret()).toBe(md5('42dGate'))
    sim.faults.networkDown = true
    expect((await post('intercom/session/refresh')).body.data.result).toBe(504)
    sim.faults.networkDown = false
  })

  it('no reply ever carried a credential in clear (nor its md5)', () => {
    const secrets = [
      ACCOUNT.customPwdSecret,
      ACCOUNT.dispatcherPwd,
      md5(ACCOUNT.dispatcherPwd),
      '42dGate',
      md5('42dGate'),
    ]
    for (const body of bodies) for (const s of secrets) expect(body).not.toContain(s)
    expect(bodies.length).toBeGreaterThan(30)
  })
})

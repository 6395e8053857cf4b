import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { IntercomClient } from '../../adapters/intercom/client.js'
import { CODE, RESULT } from '../../adapters/intercom/protocol.js'
import { type IntercomSimulator, md5, startIntercomSimulator } from '../../adapters/intercom/simulator.js'
import { MemoryCache } from '../../core/cache/index.js'
import {
  type CredentialStore,
  type DispatcherCredentials,
  IntercomSessions,
  rotatePassword,
  SESSION_REFRESH_MS,
  WARNING_PASSWORD_EXPIRED,
  WARNING_SESSION_INVALID,
} from './session.js'

/**
 * The wireless session of spec 01 §4 against the simulator on loopback: login, the 405 password
 * rotation (with its 99 → 10 wrap), -1, 504, the 30-minute refresh on a controllable clock, and one
 * login per tenant when several processes (managers on one shared cache) ask at once.
 */

const ACCOUNT = { customId: 'c1', customPwdSecret: 'cs', dispatcherId: 'd1', dispatcherPwd: '99dpark' }
const TENANT = '100001'

class MemoryStore implements CredentialStore {
  saved: string[] = []
  constructor(public creds: DispatcherCredentials) {}
  async load() {
    return { ...this.creds }
  }
  async savePassword(_t: string, pwd: string, secret: string) {
    this.saved.push(pwd)
    this.creds = { ...this.creds, dispatcherPwd: pwd, dispatcherPwdSecret: secret }
  }
}

describe('rotatePassword (spec 01 §4: the prefix before d increments, 99 wraps to 10)', () => {
  it('increments and wraps', () => {
    expect(rotatePassword('12dxpark')).toBe('13dxpark')
    expect(rotatePassword('98dx')).toBe('99dx')
    expect(rotatePassword('99dxpark')).toBe('10dxpark')
    expect(rotatePassword('xpark')).toBeNull()
  })
})

describe('intercom session against the simulator', () => {
  let sim: IntercomSimulator
  let clock: number
  let cache: MemoryCache
  let store: MemoryStore
  const manager = () =>
    new IntercomSessions({
      cache,
      transport: new IntercomClient(2000),
      store,
      now: () => clock,
      waitMs: 3000,
    })
  const logins = () => sim.calls.get(CODE.login) ?? 0

  beforeEach(async () => {
    sim = await startIntercomSimulator({ account: ACCOUNT })
    clock = Date.parse('2026-11-25T08:00:00Z')
    cache = new MemoryCache()
    store = new MemoryStore({ base: sim.url, ...ACCOUNT, dispatcherPwdSecret: md5(ACCOUNT.dispatcherPwd) })
  })
  afterEach(() => sim.close())

  it('200 stores the session id and calls use it; the platform answers each operation', async () => {
    const m = manager()
    const orgs = await m.call(TENANT, CODE.orgTree)
    expect(orgs.Result).toBe(200)
    expect(orgs.Orgs?.length).toBeGreaterThan(3)
    const members = await m.call(TENANT, CODE.members, { OrgId: '12' })
    expect(members.Members?.every((u) => u.OrgId === '12')).toBe(true)
    expect((await m.call(TENANT, CODE.userInfo, { Uids: ['100001'] })).Users?.[0]?.Name).toBeTruthy()
    expect((await m.call(TENANT, CODE.locations)).Locations?.length).toBe(60)
    expect(logins()).toBe(1)
  })

  it('405: rotates the password (99 → 10), stores it, logs in again', async () => {
    sim.faults.passwordExpired = true
    const m = manager()
    expect((await m.status(TENANT)).Result).toBe(200)
    expect(store.saved).toEqual(['10dpark'])
    expect(sim.dispatcherPwdSecret()).toBe(md5('10dpark'))
    expect(logins()).toBe(2)
    expect(sim.calls.get(CODE.changePassword)).toBe(1)
  })

  it('405 that cannot be rotated stores 405: calls are refused with the spec warning, the platform is not called', async () => {
    sim.faults.passwordExpired = true
    sim.faults.passwordChangeRefused = true
    const m = manager()
    const a = await m.call(TENANT, CODE.orgTree)
    expect(a).toEqual({ Result: 405, warning: WARNING_PASSWORD_EXPIRED })
    expect(WARNING_PASSWORD_EXPIRED).toBe(
      'dispatcher password has expired, contact administrator to change it',
    )
    expect(sim.calls.get(CODE.orgTree)).toBeUndefined()
    expect(store.saved).toEqual([])
  })

  it('other login results store -1: refused with the -1 warning until re-obtained', async () => {
    store.creds = { ...store.creds, dispatcherPwdSecret: md5('wrong') }
    const m = manager()
    expect(await m.call(TENANT, CODE.orgTree)).toEqual({ Result: -1, warning: WARNING_SESSION_INVALID })
    expect(WARNING_SESSION_INVALID).toBe(
      'intercom interface error, session id verification failed, re-obtain session id',
    )
    store.creds = { ...store.creds, dispatcherPwdSecret: md5(ACCOUNT.dispatcherPwd) }
    // stored -1 stays (no login) until the dispatcher re-obtains it
    expect((await m.call(TENANT, CODE.orgTree)).Result).toBe(-1)
    expect(logins()).toBe(1)
    expect((await m.status(TENANT, true)).Result).toBe(200)
    expect((await m.call(TENANT, CODE.orgTree)).Result).toBe(200)
  })

  it('a call answered -1 by the platform (verification failed) stores -1', async () => {
    const m = manager()
    expect((await m.call(TENANT, CODE.orgTree)).Result).toBe(200)
    sim.faults.verificationFails = true
    expect((await m.call(TENANT, CODE.orgTree)).warning).toBe(WARNING_SESSION_INVALID)
    sim.faults.verificationFails = false
    expect((await m.call(TENANT, CODE.members)).Result).toBe(-1)
  })

  it('network failure is result 504 and stores nothing (the next call tries again)', async () => {
    sim.faults.networkDown = true
    const m = manager()
    expect((await m.call(TENANT, CODE.orgTree)).Result).toBe(RESULT.network)
    sim.faults.networkDown = false
    expect((await m.call(TENANT, CODE.orgTree)).Result).toBe(200)
  })

  it('the session id is refreshed after 30 minutes, not before', async () => {
    const m = manager()
    await m.call(TENANT, CODE.orgTree)
    clock += SESSION_REFRESH_MS - 1000
    await m.call(TENANT, CODE.orgTree)
    expect(logins()).toBe(1)
    clock += 2000
    await m.call(TENANT, CODE.orgTree)
    expect(logins()).toBe(2)
  })

  it('many processes refresh once per tenant (one shared cache, one login)', async () => {
    const processes = [manager(), manager(), manager(), manager()]
    await processes[0]!.call(TENANT, CODE.orgTree)
    clock += SESSION_REFRESH_MS + 1
    const replies = await Promise.all(
      processes.flatMap((p) => [p.call(TENANT, CODE.orgTree), p.call(TENANT, CODE.members)]),
    )
    expect(replies.every((r) => r.Result === 200)).toBe(true)
    expect(logins()).toBe(2)
    // another tenant has its own session
    await processes[1]!.call('100002', CODE.orgTree)
    expect(logins()).toBe(3)
  })
})

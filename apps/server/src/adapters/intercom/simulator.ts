import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CODE, type Fence, RESULT, type Reply, type Request } from './protocol.js'
import { World, type WorldOptions } from './world.js'

/**
 * A loopback wireless dispatch platform speaking the same protocol as the real one (`{Code, Body}` in,
 * `{Result, …}` out), with its own state (world.ts). Tests and the embedded demo use it. It can be
 * told to expire the dispatcher password (login 405), to refuse the password change as well, to fail
 * session verification (-1 on every call) or to drop the network (sockets closed without a reply).
 */

export const md5 = (text: string) => createHash('md5').update(text).digest('hex')

export interface SimulatorAccount {
  customId: string
  /** what the client sends as CustomPwd (the customer password secret) */
  customPwdSecret: string
  dispatcherId: string
  /** the dispatcher password in clear; the client sends md5(password) */
  dispatcherPwd: string
}

/** The demo park's dispatcher account (used when a tenant has no auth info and the simulator runs). */
export const DEMO_ACCOUNT: SimulatorAccount = {
  customId: 'xpark-demo',
  customPwdSecret: 'c0ffee-demo-secret',
  dispatcherId: 'dispatcher01',
  dispatcherPwd: '12dxpark',
}

export interface Faults {
  /** login answers 405 until the password is changed */
  passwordExpired: boolean
  /** the password change answers 405 too (an administrator must act) */
  passwordChangeRefused: boolean
  /** every call with a session answers -1 */
  verificationFails: boolean
  /** connections are closed without a reply */
  networkDown: boolean
}

export interface SimulatorOptions extends WorldOptions {
  account?: SimulatorAccount
  port?: number
  /** move members every so many ms (0: only when `tick` is called) */
  tickMs?: number
  now?: () => number
}

export interface IntercomSimulator {
  url: string
  world: World
  faults: Faults
  /** calls received, by code (tests count logins) */
  calls: Map<number, number>
  /** the dispatcher password's md5 the platform holds now */
  dispatcherPwdSecret(): string
  tick(atMs?: number): void
  close(): Promise<void>
}

export async function startIntercomSimulator(options: SimulatorOptions = {}): Promise<IntercomSimulator> {
  const account = options.account ?? DEMO_ACCOUNT
  const now = options.now ?? Date.now
  const world = new World(options)
  const faults: Faults = {
    passwordExpired: false,
    passwordChangeRefused: false,
    verificationFails: false,
    networkDown: false,
  }
  const calls = new Map<number, number>()
  const sessions = new Set<string>()
  let pwdSecret = md5(account.dispatcherPwd)
  world.tick(now())

  const credentialsMatch = (b: Record<string, unknown>) =>
    b.CustomId === account.customId &&
    b.CustomPwd === account.customPwdSecret &&
    b.DispatcherId === account.dispatcherId

  const handle = (req: Request): Reply => {
    const b = req.Body ?? {}
    if (req.Code === CODE.login) {
      if (!credentialsMatch(b) || b.DispatcherPwd !== pwdSecret)
        return { Result: RESULT.badCredentials, Msg: 'bad credentials' }
      if (faults.passwordExpired) return { Result: RESULT.passwordExpired, Msg: 'password expired' }
      const token = randomBytes(16).toString('hex')
      sessions.add(token)
      return { Result: RESULT.ok, Token: token, ServiceCode: `SC-${account.customId}` }
    }
    if (req.Code === CODE.changePassword) {
      if (faults.passwordChangeRefused) return { Result: RESULT.passwordExpired, Msg: 'change refused' }
      if (!credentialsMatch(b) || b.OldPwd !== pwdSecret) return { Result: RESULT.badCredentials }
      if (typeof b.NewPwd !== 'string' || b.NewPwd === pwdSecret) return { Result: RESULT.badRequest }
      pwdSecret = b.NewPwd
      faults.passwordExpired = false
      return { Result: RESULT.ok }
    }
    if (faults.verificationFails || typeof b.SessionId !== 'string' || !sessions.has(b.SessionId))
      return { Result: RESULT.sessionInvalid, Msg: 'session verification failed' }
    return operate(world, req.Code, b)
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (faults.networkDown) {
      req.socket.destroy()
      return
    }
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      let reply: Reply
      try {
        const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Request
        calls.set(parsed.Code, (calls.get(parsed.Code) ?? 0) + 1)
        reply = handle(parsed)
      } catch {
        reply = { Result: RESULT.badRequest, Msg: 'not a JSON request' }
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(reply))
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const timer = options.tickMs ? setInterval(() => world.tick(now()), options.tickMs) : undefined
  timer?.unref()

  return {
    url: `http://127.0.0.1:${port}/`,
    world,
    faults,
    calls,
    dispatcherPwdSecret: () => pwdSecret,
    tick: (atMs = now()) => world.tick(atMs),
    close: async () => {
      if (timer) clearInterval(timer)
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : [])

/** The operations behind a valid session. */
function operate(world: World, code: number, b: Record<string, unknown>): Reply {
  const ok = (extra: Omit<Reply, 'Result'> = {}): Reply => ({ Result: RESULT.ok, ...extra })
  switch (code) {
    case CODE.orgTree:
      return ok({ Orgs: world.orgs })
    case CODE.members: {
      const orgId = typeof b.OrgId === 'string' ? b.OrgId : ''
      const search = typeof b.Search === 'string' ? b.Search.trim() : ''
      const within = orgId ? subtree(world, orgId) : null
      const members = [...world.users.values()].filter(
        (u) =>
          (!within || within.has(u.OrgId)) &&
          (!search || u.Name.includes(search) || u.Phone.includes(search) || u.Uid.includes(search)),
      )
      return ok({ Members: members })
    }
    case CODE.userInfo: {
      const users = strings(b.Uids)
        .map((uid) => world.users.get(uid))
        .filter((u) => !!u)
      return users.length ? ok({ Users: users }) : { Result: RESULT.notFound }
    }
    case CODE.permissionQuery: {
      const permission = world.permissions.get(String(b.Uid))
      return permission ? ok({ Permission: permission }) : { Result: RESULT.notFound }
    }
    case CODE.permissionSet: {
      const permission = world.permissions.get(String(b.Uid))
      if (!permission) return { Result: RESULT.notFound }
      for (const key of ['VideoView', 'CallIn', 'CallOut'] as const) {
        const v = b[key]
        if (v === 0 || v === 1) permission[key] = v
      }
      return ok({ Permission: permission })
    }
    case CODE.broadcastCallQuery:
      return ok({ Uids: [...world.broadcastCall] })
    case CODE.broadcastCallChange:
      for (const uid of strings(b.Add)) if (world.users.has(uid)) world.broadcastCall.add(uid)
      for (const uid of strings(b.Remove)) world.broadcastCall.delete(uid)
      return ok({ Uids: [...world.broadcastCall] })
    case CODE.monitorQuery:
      return ok({ UserMonitors: [...world.monitors] })
    case CODE.monitorChange: {
      let changed = 0
      for (const uid of strings(b.Add))
        if (world.users.has(uid) && !world.monitors.has(uid)) {
          world.monitors.add(uid)
          changed++
        }
      for (const uid of strings(b.Remove)) if (world.monitors.delete(uid)) changed++
      // 411: nothing to change (already monitored / not monitored): the caller takes it as done
      return changed ? ok({ UserMonitors: [...world.monitors] }) : { Result: RESULT.noChange }
    }
    case CODE.fenceList:
      return ok({ Fences: [...world.fences.values()] })
    case CODE.fenceSave: {
      const fence = b.Fence as Fence | undefined
      if (!fence?.FenceName || !Array.isArray(fence.Locations)) return { Result: RESULT.badRequest }
      if (fence.FenceId && !world.fences.has(fence.FenceId)) return { Result: RESULT.notFound }
      return ok({ FenceId: world.saveFence({ ...fence, Members: strings(fence.Members) }) })
    }
    case CODE.fenceRemove:
      return world.removeFence(String(b.FenceId)) ? ok() : { Result: RESULT.notFound }
    case CODE.fenceAlarms: {
      const fenceId = typeof b.FenceId === 'string' ? b.FenceId : ''
      const start = typeof b.StartTime === 'string' ? b.StartTime : ''
      const stop = typeof b.StopTime === 'string' ? b.StopTime : '9999'
      const alarms = world.alarms.filter(
        (a) => (!fenceId || a.FenceId === fenceId) && a.Time >= start && a.Time <= stop,
      )
      return ok({ Alarms: alarms.slice(-500).reverse() })
    }
    case CODE.broadcastList: {
      const search = typeof b.SearchContent === 'string' ? b.SearchContent : ''
      const size = Number(b.PageSize) || 10
      const index = Math.max(1, Number(b.PageIndex) || 1)
      const found = world.broadcasts.filter(
        (x) => !search || x.Title.includes(search) || x.Html.includes(search),
      )
      // 404: no broadcast at all (the caller takes it as an empty list)
      if (!found.length) return { Result: RESULT.notFound }
      const newest = [...found].reverse()
      return ok({ Broadcasts: newest.slice((index - 1) * size, index * size), Total: found.length })
    }
    case CODE.broadcastCreate: {
      if (typeof b.Title !== 'string' || !b.Title) return { Result: RESULT.badRequest }
      const id = world.newId()
      world.broadcasts.push({
        BroadcastId: id,
        Title: b.Title,
        Html: typeof b.Html === 'string' ? b.Html : '',
        Uids: strings(b.Uids),
        OwnerFlag: 1,
        CreateTime: new Date().toISOString().slice(0, 19).replace('T', ' '),
      })
      return ok({ BroadcastId: id })
    }
    case CODE.broadcastMembers: {
      const found = world.broadcasts.find((x) => x.BroadcastId === String(b.BroadcastId))
      if (!found) return { Result: RESULT.notFound }
      const uids = strings(b.Uids)
      // 404: the list is what it was (nothing to notify); the caller takes it as done
      if (uids.length === found.Uids.length && uids.every((u) => found.Uids.includes(u)))
        return { Result: RESULT.notFound }
      found.Uids = uids
      return ok()
    }
    case CODE.broadcastRemove: {
      const i = world.broadcasts.findIndex((x) => x.BroadcastId === String(b.BroadcastId))
      if (i < 0) return { Result: RESULT.notFound }
      world.broadcasts.splice(i, 1)
      return ok()
    }
    case CODE.locations: {
      const since = Number(b.Since) || 0
      const uids = strings(b.Uids)
      const all = uids.length
        ? uids.map((u) => world.positions.get(u)).filter((p) => !!p)
        : [...world.positions.values()]
      return ok({ Locations: all.filter((p) => p.Time > since) })
    }
    case CODE.track: {
      const from = Number(b.StartTime)
      const to = Number(b.StopTime)
      if (!world.users.has(String(b.Uid)) || !Number.isFinite(from) || !Number.isFinite(to))
        return { Result: RESULT.badRequest }
      return ok({
        Points: world.track(String(b.Uid), from, to).map(({ Lat, Lng, Time }) => ({ Lat, Lng, Time })),
      })
    }
    default:
      return { Result: RESULT.badRequest, Msg: `unknown code ${code}` }
  }
}

function subtree(world: World, orgId: string): Set<string> {
  const ids = new Set([orgId])
  let grew = true
  while (grew) {
    grew = false
    for (const o of world.orgs)
      if (ids.has(o.OrgParentId) && !ids.has(o.OrgId)) {
        ids.add(o.OrgId)
        grew = true
      }
  }
  return ids
}

import { createHash } from 'node:crypto'
import type { IntercomTransport } from '../../adapters/intercom/client.js'
import { CODE, type Code, RESULT, type Reply } from '../../adapters/intercom/protocol.js'
import type { Cache } from '../../core/cache/index.js'

/**
 * The wireless session of a tenant (spec 01 §4): login result 200 stores the session id; 405 starts
 * the password change (the numeric prefix before the letter d increments, 99 wraps to 10), stores the
 * new password and logs in again; other results store -1. Calls are refused with the spec's warnings
 * while the stored id is 405 or -1. The id is refreshed every 30 minutes, once per tenant across all
 * server processes (a lock in the shared cache; the others wait for its result).
 */

export const SESSION_REFRESH_MS = 30 * 60 * 1000

/** Spec 01 §5 (the console translates them; these are the keys and the English texts). */
export const WARNING_PASSWORD_EXPIRED = 'dispatcher password has expired, contact administrator to change it'
export const WARNING_SESSION_INVALID =
  'intercom interface error, session id verification failed, re-obtain session id'

/** A tenant has no dispatcher auth info (and no simulator stands in). */
export const NOT_CONFIGURED = 'intercom dispatcher account is not configured'

export const md5 = (text: string) => createHash('md5').update(text).digest('hex')

export interface DispatcherCredentials {
  base: string
  customId: string
  customPwdSecret: string
  dispatcherId: string
  dispatcherPwd: string
  dispatcherPwdSecret: string
}

export interface CredentialStore {
  load(tenantId: string): Promise<DispatcherCredentials | null>
  /** after a rotation: the new password and its secret */
  savePassword(tenantId: string, dispatcherPwd: string, dispatcherPwdSecret: string): Promise<void>
}

/** `12dxpark` → `13dxpark`; `99d…` → `10d…`; null when the password has no numeric prefix before d. */
export function rotatePassword(password: string): string | null {
  const match = /^(\d+)d/.exec(password)
  if (!match) return null
  const next = Number(match[1]) + 1
  return `${next > 99 ? 10 : next}${password.slice(match[1]!.length)}`
}

interface Stored {
  /** the session id, or '405' / '-1' */
  id: string
  serviceCode: string
  /** when it was obtained (the manager's clock) */
  at: number
}

/** A reply to the module: the platform's, or ours when the call was refused before it was made. */
export type Answer = Reply & { warning?: string }

const key = (tenantId: string) => `intercom:session:${tenantId}`
const lockKey = (tenantId: string) => `intercom:login:${tenantId}`

export interface SessionDeps {
  cache: Cache
  transport: IntercomTransport
  store: CredentialStore
  now?: () => number
  /** how long a process waits for another's login before giving up (ms) */
  waitMs?: number
}

export class IntercomSessions {
  private readonly now: () => number
  private readonly waitMs: number

  constructor(private readonly deps: SessionDeps) {
    this.now = deps.now ?? Date.now
    this.waitMs = deps.waitMs ?? 8000
  }

  private async read(tenantId: string): Promise<Stored | null> {
    const raw = await this.deps.cache.get(key(tenantId))
    return raw ? (JSON.parse(raw) as Stored) : null
  }

  private async write(tenantId: string, stored: Stored): Promise<void> {
    // the cache's clock may differ from ours (tests): keep it long, `at` decides freshness
    await this.deps.cache.set(key(tenantId), JSON.stringify(stored), 6 * 3600)
  }

  private fresh(stored: Stored | null): stored is Stored {
    return !!stored && this.now() - stored.at < SESSION_REFRESH_MS
  }

  /** Forget the tenant's session (its auth info changed, or the dispatcher asks to re-obtain it). */
  async reset(tenantId: string): Promise<void> {
    await this.deps.cache.del(key(tenantId))
  }

  /**
   * The tenant's session: the stored one while fresh; otherwise one process logs in (the others wait
   * for it). A login that cannot reach the platform answers 504 and stores nothing.
   */
  async session(tenantId: string, force = false): Promise<Stored | Answer> {
    const stored = await this.read(tenantId)
    if (!force && this.fresh(stored)) return stored
    if (await this.deps.cache.setIfAbsent(lockKey(tenantId), '1', 30)) {
      try {
        return await this.login(tenantId)
      } finally {
        await this.deps.cache.del(lockKey(tenantId))
      }
    }
    const deadline = Date.now() + this.waitMs
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50))
      const now = await this.read(tenantId)
      if (now && (!stored || now.at !== stored.at) && this.fresh(now)) return now
      if (!(await this.deps.cache.get(lockKey(tenantId)))) return now ?? { Result: RESULT.network }
    }
    return stored ?? { Result: RESULT.network }
  }

  private async login(tenantId: string): Promise<Stored | Answer> {
    let creds = await this.deps.store.load(tenantId)
    if (!creds) return { Result: RESULT.badCredentials, Msg: NOT_CONFIGURED }
    const { transport } = this.deps
    const loginOf = (c: DispatcherCredentials) =>
      transport.call(c.base, CODE.login, {
        CustomId: c.customId,
        CustomPwd: c.customPwdSecret,
        DispatcherId: c.dispatcherId,
        DispatcherPwd: c.dispatcherPwdSecret,
      })
    let reply = await loginOf(creds)
    if (reply.Result === RESULT.passwordExpired) {
      const next = rotatePassword(creds.dispatcherPwd)
      if (next) {
        const nextSecret = md5(next)
        const changed = await transport.call(creds.base, CODE.changePassword, {
          CustomId: creds.customId,
          CustomPwd: creds.customPwdSecret,
          DispatcherId: creds.dispatcherId,
          OldPwd: creds.dispatcherPwdSecret,
          NewPwd: nextSecret,
        })
        if (changed.Result === RESULT.network) return changed
        if (changed.Result === RESULT.ok) {
          await this.deps.store.savePassword(tenantId, next, nextSecret)
          creds = { ...creds, dispatcherPwd: next, dispatcherPwdSecret: nextSecret }
          reply = await loginOf(creds)
        }
      }
    }
    if (reply.Result === RESULT.network) return reply
    const stored: Stored = {
      id:
        reply.Result === RESULT.ok && reply.Token
          ? reply.Token
          : reply.Result === RESULT.passwordExpired
            ? '405'
            : '-1',
      serviceCode: reply.ServiceCode ?? '',
      at: this.now(),
    }
    await this.write(tenantId, stored)
    return stored
  }

  /** The refusal for a stored 405 / -1, or null when the id may be used. */
  private refusal(stored: Stored): Answer | null {
    if (stored.id === '405') return { Result: RESULT.passwordExpired, warning: WARNING_PASSWORD_EXPIRED }
    if (stored.id === '-1') return { Result: RESULT.sessionInvalid, warning: WARNING_SESSION_INVALID }
    return null
  }

  /** The session state the console shows: 200, 405, -1, 504 or 401 (not configured). */
  async status(tenantId: string, force = false): Promise<Answer & { ServiceCode?: string }> {
    const s = await this.session(tenantId, force)
    if (!('id' in s)) return s
    return this.refusal(s) ?? { Result: RESULT.ok, ServiceCode: s.serviceCode }
  }

  /** One call with the tenant's session; a -1 from the platform stores -1 (the warning from then on). */
  async call(tenantId: string, code: Code, body: Record<string, unknown> = {}): Promise<Answer> {
    const s = await this.session(tenantId)
    if (!('id' in s)) return s
    const refused = this.refusal(s)
    if (refused) return refused
    const creds = await this.deps.store.load(tenantId)
    if (!creds) return { Result: RESULT.badCredentials, Msg: NOT_CONFIGURED }
    const reply = await this.deps.transport.call(creds.base, code, { ...body, SessionId: s.id })
    if (reply.Result === RESULT.sessionInvalid || reply.Result === RESULT.passwordExpired) {
      const id = reply.Result === RESULT.sessionInvalid ? '-1' : '405'
      const current = await this.read(tenantId)
      // only the session this call used is marked (another process may have renewed it meanwhile)
      if (current?.id === s.id) await this.write(tenantId, { ...current, id })
      return this.refusal({ ...s, id }) ?? reply
    }
    return reply
  }
}

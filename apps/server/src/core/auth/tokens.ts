import { randomBytes, randomUUID } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'
import type { Cache } from '../cache/index.js'

/** Who is calling: carried in the access token, read by every guard and by tenant scoping. */
export interface AuthContext {
  userId: string
  tenantId: string
  account: string
  userName: string
  roleIds: string[]
  roleAliases: string[]
  deptIds: string[]
  clientId: string
  /** token id, for logout */
  jti: string
  /** refresh-token family, so a detected theft also kills its access tokens */
  familyId: string
  /** the account a tenant switch started from (its sessions end with it); absent otherwise */
  sourceUserId?: string
  /** that account's tenant */
  sourceTenantId?: string
  /** expiry, seconds since epoch */
  exp: number
  /** a guest token's third-party identity (`<provider id>:<subject>`); absent on account tokens */
  oauthId?: string
}

export type TokenCheck =
  | { ok: true; auth: AuthContext /** the values of `alsoRead`'s keys */; read: (string | null)[] }
  | { ok: false; reason: 'invalid' | 'expired' | 'revoked' }

const ISSUER = 'xpark'

/** A token's checked claims, and its issue time in ms (sessions ended "before now" compare with it). */
interface VerifiedToken {
  auth: Readonly<AuthContext>
  issuedMs: number
}

/** Tokens whose signature is remembered per process; the oldest goes first. */
const VERIFIED_MAX = 20_000

export class TokenService {
  private readonly key: Uint8Array
  private readonly verified = new Map<string, VerifiedToken>()

  constructor(
    secret: string,
    private readonly cache: Cache,
    readonly accessTtlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret)
  }

  async issueAccess(ctx: Omit<AuthContext, 'jti' | 'exp'>, ttlSeconds = this.accessTtlSeconds) {
    const jti = randomUUID()
    const now = Math.floor(Date.now() / 1000)
    const exp = now + ttlSeconds
    const token = await new SignJWT({
      tid: ctx.tenantId,
      acc: ctx.account,
      unm: ctx.userName,
      rid: ctx.roleIds,
      ral: ctx.roleAliases,
      did: ctx.deptIds,
      cid: ctx.clientId,
      fam: ctx.familyId,
      ...(ctx.sourceUserId ? { src: ctx.sourceUserId, stn: ctx.sourceTenantId ?? '' } : {}),
      ...(ctx.oauthId ? { oid: ctx.oauthId } : {}),
      // issue time in ms: an account's sessions end "before now" (revokeUsers), finer than `iat`
      iam: Date.now(),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(ctx.userId)
      .setIssuer(ISSUER)
      .setJti(jti)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(this.key)
    return { token, jti, exp }
  }

  /**
   * The claims of a token whose signature was checked: the signature once, the revocations every time.
   * A token seen before is answered without a promise (the check of every authenticated request).
   */
  private claims(token: string): VerifiedToken | Promise<VerifiedToken> {
    const known = this.verified.get(token)
    if (!known) return this.verifySignature(token)
    if (known.auth.exp * 1000 > Date.now()) return known
    this.verified.delete(token)
    throw new errors.JWTExpired('"exp" claim timestamp check failed', {})
  }

  private async verifySignature(token: string): Promise<VerifiedToken> {
    const { payload: p } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] })
    const auth: AuthContext = {
      userId: String(p.sub),
      tenantId: String(p.tid),
      account: String(p.acc),
      userName: String(p.unm ?? ''),
      roleIds: asStrings(p.rid),
      roleAliases: asStrings(p.ral),
      deptIds: asStrings(p.did),
      clientId: String(p.cid ?? ''),
      jti: String(p.jti),
      familyId: String(p.fam ?? ''),
      exp: Number(p.exp),
      ...(p.src ? { sourceUserId: String(p.src), sourceTenantId: String(p.stn ?? '') } : {}),
      ...(p.oid ? { oauthId: String(p.oid) } : {}),
    }
    const made: VerifiedToken = { auth: Object.freeze(auth), issuedMs: Number(p.iam ?? Number(p.iat) * 1000) }
    this.verified.set(token, made)
    if (this.verified.size > VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value as string)
    return made
  }

  /**
   * Signature, expiry and the revocations (read from the shared cache on every call: a logout on any
   * node holds at the next request). `alsoRead`: more cache keys for the caller, read in the same
   * round trip (the account's current record, core/auth/principals.ts); their values come back in
   * `read`, in order.
   */
  async verifyAccess(
    token: string,
    alsoRead?: (auth: Readonly<AuthContext>) => readonly string[],
  ): Promise<TokenCheck> {
    try {
      const claimed = this.claims(token)
      const known = claimed instanceof Promise ? await claimed : claimed
      const checked = known.auth
      const extra = alsoRead ? alsoRead(checked) : []
      // [jti, family, user, source user, ...extra]: absent family and source read no key
      const keys = [`revoked:jti:${checked.jti}`]
      if (checked.familyId) keys.push(`revoked:fam:${checked.familyId}`)
      keys.push(`revoked:user:${checked.userId}`)
      if (checked.sourceUserId) keys.push(`revoked:user:${checked.sourceUserId}`)
      const revocations = keys.length
      keys.push(...extra)
      const values = await this.cache.getMany(keys)
      let at = 0
      const tokenRevoked = values[at++]
      const familyRevoked = checked.familyId ? values[at++] : null
      const userEnded = values[at++] ?? null
      const sourceEnded = checked.sourceUserId ? (values[at++] ?? null) : null
      if (tokenRevoked || familyRevoked) return { ok: false, reason: 'revoked' }
      // `<ms>` or `<ms>|<family kept>`: a password change ends every session but the one it came from
      const endedBefore = (value: string | null) => {
        if (value === null) return false
        const [at, kept] = value.split('|')
        return known.issuedMs < Number(at) && !(kept && kept === checked.familyId)
      }
      if (endedBefore(userEnded) || endedBefore(sourceEnded)) return { ok: false, reason: 'revoked' }
      // a copy per request: the scope registry keys its per-app data scopes by this object
      return { ok: true, auth: { ...checked }, read: values.slice(revocations) }
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' }
    }
  }

  /** Refuse this access token from now on (logout). Kept only until it would have expired anyway. */
  async revokeAccess(jti: string, exp: number): Promise<void> {
    const ttl = exp - Math.floor(Date.now() / 1000)
    if (ttl > 0) await this.cache.set(`revoked:jti:${jti}`, '1', ttl)
  }

  /**
   * Refuse every access token these accounts hold now, or reached by tenant switch from them, whatever
   * its family: tokens issued before this moment fail; new sign-ins work (if the account still may).
   * `keepFamily`: the session of that refresh family stays (the one that changed its own password).
   */
  async revokeUsers(userIds: readonly string[], keepFamily?: string): Promise<void> {
    const now = keepFamily ? `${Date.now()}|${keepFamily}` : String(Date.now())
    for (const id of userIds) await this.cache.set(`revoked:user:${id}`, now, this.accessTtlSeconds)
  }

  /** Refuse every access token of a refresh family (refresh-token reuse was detected). */
  async revokeFamily(familyId: string): Promise<void> {
    await this.cache.set(`revoked:fam:${familyId}`, '1', this.accessTtlSeconds)
  }
}

/** An opaque refresh token: random, stored only as its SHA-256. */
export function newRefreshTokenValue(): string {
  return randomBytes(32).toString('base64url')
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : []
}

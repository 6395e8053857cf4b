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
  /** expiry, seconds since epoch */
  exp: number
}

export type TokenCheck =
  | { ok: true; auth: AuthContext }
  | { ok: false; reason: 'invalid' | 'expired' | 'revoked' }

const ISSUER = 'xpark'

export class TokenService {
  private readonly key: Uint8Array

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

  async verifyAccess(token: string): Promise<TokenCheck> {
    try {
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
      }
      const [tokenRevoked, familyRevoked] = await Promise.all([
        this.cache.get(`revoked:jti:${auth.jti}`),
        auth.familyId ? this.cache.get(`revoked:fam:${auth.familyId}`) : Promise.resolve(null),
      ])
      if (tokenRevoked || familyRevoked) return { ok: false, reason: 'revoked' }
      return { ok: true, auth }
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' }
    }
  }

  /** Refuse this access token from now on (logout). Kept only until it would have expired anyway. */
  async revokeAccess(jti: string, exp: number): Promise<void> {
    const ttl = exp - Math.floor(Date.now() / 1000)
    if (ttl > 0) await this.cache.set(`revoked:jti:${jti}`, '1', ttl)
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

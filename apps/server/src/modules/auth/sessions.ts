import { randomUUID } from 'node:crypto'
import type { TokenReply } from '@xpark/contract'
import { GUEST_USER_ID } from '@xpark/contract/modules/social'
import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm'
import { sha256 } from '../../core/auth/passwords.js'
import type { Principals } from '../../core/auth/principals.js'
import { newRefreshTokenValue, type TokenService } from '../../core/auth/tokens.js'
import type { Db, DbOrTx, Tx } from '../../db/client.js'
import { type Account, accountTenants } from '../user/index.js'
import type { OAuthClient } from './clients.js'
import { refreshToken } from './schema.js'

/** A refresh whose family was revoked meanwhile (refresh-token reuse detected on another request). */
export class FamilyRevokedError extends Error {
  constructor() {
    super('the refresh family was revoked')
    this.name = 'FamilyRevokedError'
  }
}

/** Serialise the writes to one refresh family (see Sessions.issue), until the transaction ends. */
async function lockFamily(tx: Tx, familyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`refresh-family:${familyId}`}))`)
}

export type RefreshOutcome =
  | { ok: true; userId: string; tenantId: string; familyId: string; sourceUserId: string | null }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' }

/** A guest has this long to fill in the register dialog. */
export const GUEST_TOKEN_TTL_SECONDS = 1800

/** Issued sessions: an access JWT plus a rotating, opaque refresh token kept (hashed) in the database. */
export class Sessions {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly principals: Principals,
    private readonly refreshTtlSeconds: number,
  ) {}

  async issue(
    account: Account,
    oauthClient: OAuthClient,
    /** the refresh family a refresh continues; absent: a new sign-in, a new family */
    continuing?: string,
    /** the account a tenant switch started from */
    source: { userId: string; tenantId: string } | null = null,
  ): Promise<TokenReply> {
    const familyId = continuing ?? randomUUID()
    const sourceUserId = source?.userId ?? null
    const access = await this.tokens.issueAccess({
      userId: account.id,
      tenantId: account.tenantId,
      account: account.account,
      userName: account.realName || account.name,
      roleIds: account.roleIds,
      roleAliases: account.roleAliases,
      deptIds: account.deptIds,
      clientId: oauthClient.clientId,
      familyId,
      ...(source ? { sourceUserId: source.userId, sourceTenantId: source.tenantId } : {}),
    })
    const refresh = newRefreshTokenValue()
    const refreshTtl = Math.min(
      this.refreshTtlSeconds,
      oauthClient.refreshTokenValidity || this.refreshTtlSeconds,
    )
    const row = {
      id: sha256(refresh),
      familyId,
      userId: account.id,
      sourceUserId,
      tenantId: account.tenantId,
      clientId: oauthClient.clientId,
      expiresAt: new Date(Date.now() + refreshTtl * 1000),
    }
    if (!continuing) await this.db.insert(refreshToken).values(row)
    else
      await this.db.transaction(async (tx) => {
        // two nodes spending one refresh token at once: the second finds it used and revokes the
        // family while the first is about to add the next token to it. The family lock orders the
        // two: the revocation covers the new token, or the new token sees the revocation and is refused.
        await lockFamily(tx, familyId)
        const [revoked] = await tx
          .select({ id: refreshToken.id })
          .from(refreshToken)
          .where(and(eq(refreshToken.familyId, familyId), isNotNull(refreshToken.revokedAt)))
          .limit(1)
        if (revoked) throw new FamilyRevokedError()
        await tx.insert(refreshToken).values(row)
      })
    return {
      access_token: access.token,
      token_type: 'bearer',
      refresh_token: refresh,
      expires_in: access.exp - Math.floor(Date.now() / 1000),
      scope: 'all',
      tenant_id: account.tenantId,
      user_id: account.id,
      dept_id: account.deptIds.join(','),
      post_id: account.postIds.join(','),
      role_id: account.roleIds.join(','),
      oauth_id: '',
      account: account.account,
      user_name: account.account,
      nick_name: account.name || account.realName,
      real_name: account.realName,
      role_name: account.roleAliases.join(','),
      avatar: account.avatar,
      client_id: oauthClient.clientId,
      license: 'powered by xpark',
      detail: { type: 'web' },
      jti: access.jti,
    }
  }

  /**
   * A guest token (spec 01 §2): someone a provider vouched for, with no account here yet. User id
   * -1, no roles, no refresh token, a short life; only routes flagged `guest` take it (the register
   * dialog's call). `oauth_id` names the identity the registration is filed under.
   */
  async issueGuest(
    guest: { tenantId: string; oauthId: string; account: string; name: string },
    oauthClient: OAuthClient,
  ): Promise<TokenReply> {
    const access = await this.tokens.issueAccess(
      {
        userId: GUEST_USER_ID,
        tenantId: guest.tenantId,
        account: guest.account,
        userName: guest.name,
        roleIds: [],
        roleAliases: [],
        deptIds: [],
        clientId: oauthClient.clientId,
        familyId: '',
        oauthId: guest.oauthId,
      },
      GUEST_TOKEN_TTL_SECONDS,
    )
    return {
      access_token: access.token,
      token_type: 'bearer',
      refresh_token: '',
      expires_in: access.exp - Math.floor(Date.now() / 1000),
      scope: 'all',
      tenant_id: guest.tenantId,
      user_id: GUEST_USER_ID,
      dept_id: '',
      post_id: '',
      role_id: '',
      oauth_id: guest.oauthId,
      account: guest.account,
      user_name: guest.name || guest.account,
      nick_name: guest.name,
      real_name: guest.name,
      role_name: '',
      avatar: '',
      client_id: oauthClient.clientId,
      license: 'powered by xpark',
      detail: { type: 'web', guest: true },
      jti: access.jti,
    }
  }

  /**
   * Spend a refresh token. Each token works once; presenting a spent one means it was copied, so the
   * whole family (every token descended from the same sign-in) is revoked.
   */
  async spend(value: string, clientId: string): Promise<RefreshOutcome> {
    const id = sha256(value)
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(refreshToken).where(eq(refreshToken.id, id)).for('update')
      if (!row || row.clientId !== clientId || row.revokedAt) return { ok: false, reason: 'unknown' } as const
      if (row.usedAt) {
        await lockFamily(tx, row.familyId)
        await tx
          .update(refreshToken)
          .set({ revokedAt: new Date() })
          .where(and(eq(refreshToken.familyId, row.familyId), isNull(refreshToken.revokedAt)))
        await this.tokens.revokeFamily(row.familyId)
        return { ok: false, reason: 'reused' } as const
      }
      if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const
      await tx.update(refreshToken).set({ usedAt: new Date() }).where(eq(refreshToken.id, id))
      return {
        ok: true,
        userId: row.userId,
        tenantId: row.tenantId,
        familyId: row.familyId,
        sourceUserId: row.sourceUserId,
      } as const
    })
  }

  /** Logout: the access token is refused at once and the family's refresh tokens die with it. */
  async end(jti: string, exp: number, familyId: string): Promise<void> {
    await this.tokens.revokeAccess(jti, exp)
    if (familyId) {
      await this.db
        .update(refreshToken)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshToken.familyId, familyId), isNull(refreshToken.revokedAt)))
    }
  }

  /**
   * End every session of these accounts at once (disabled, removed, password reset by an admin),
   * including sessions reached from them by tenant switch: their access tokens are refused from now
   * on (TokenService.revokeUsers) and their refresh tokens revoked.
   */
  async endUsers(
    userIds: readonly string[],
    { tx: db = this.db, keepFamily }: { tx?: DbOrTx; keepFamily?: string } = {},
  ): Promise<void> {
    if (!userIds.length) return
    await this.tokens.revokeUsers(userIds, keepFamily)
    const ids = [...userIds]
    await db
      .update(refreshToken)
      .set({ revokedAt: new Date() })
      .where(
        and(
          or(inArray(refreshToken.userId, ids), inArray(refreshToken.sourceUserId, ids)),
          isNull(refreshToken.revokedAt),
          keepFamily ? ne(refreshToken.familyId, keepFamily) : undefined,
        ),
      )
    // their current records too (a disabled account's, say): read again at the next request
    const accounts = await accountTenants(db, ids)
    for (const a of accounts) await this.principals.forget(a.tenantId, [a.id])
  }

  /**
   * End every session in these tenants (removed, or their licence ended): refresh tokens revoked, the
   * accounts' records dropped, so their access tokens are refused at the next request (the record
   * then says the tenant is gone or expired).
   */
  async endTenants(tenantIds: readonly string[], db: DbOrTx = this.db): Promise<void> {
    if (!tenantIds.length) return
    await db
      .update(refreshToken)
      .set({ revokedAt: new Date() })
      .where(and(inArray(refreshToken.tenantId, [...tenantIds]), isNull(refreshToken.revokedAt)))
    for (const tenantId of new Set(tenantIds)) await this.principals.forget(tenantId)
  }
}

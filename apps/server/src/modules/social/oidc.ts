import { createHash, randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import * as client from 'openid-client'
import { badRequest } from '../../core/errors.js'
import type { ModuleContext } from '../../core/module.js'
import type { Db } from '../../db/client.js'
import { oauthProvider } from './schema.js'

/**
 * The OpenID Connect side (openid-client): discovery per provider, the authorization URL with PKCE,
 * state and nonce, and the code exchange. What a provider vouches for becomes an `Identity`.
 */

export type ProviderRow = typeof oauthProvider.$inferSelect

/** Someone a provider vouched for, in the tenant they are signing in to. */
export interface Identity {
  providerId: string
  subject: string
  tenantId: string
  /** display name (`name`), cut to the account's 20 characters */
  name: string
  /** an account name to suggest (`preferred_username`, else the e-mail's local part) */
  account: string
  email: string
}

/** What the browser's round trip must bring back (kept in the cache under the state). */
export interface PendingAuthorization {
  providerId: string
  tenantId: string
  verifier: string
  nonce: string
  redirectUri: string
  /** SHA-256 of the browser-binding cookie: the callback must come from the browser that started */
  binding: string
}

export const PROVIDER_UNKNOWN = '第三方登录方式不存在或已停用'
export const PROVIDER_FAILED = '第三方登录失败'

/** Plain http is for a provider on this machine only (tests, a local demo); anything else needs https. */
function loopback(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
export const bindingHash = sha256

/** Discovered configurations, per provider row version (an edit discovers again). */
const discovered = new Map<string, Promise<client.Configuration>>()

export async function providerConfig(ctx: ModuleContext, row: ProviderRow): Promise<client.Configuration> {
  const key = `${row.id}:${row.updateTime.getTime()}:${row.clientSecret.slice(-12)}`
  let config = discovered.get(key)
  if (!config) {
    // an edited provider's older discovery is dropped
    for (const old of discovered.keys()) if (old.startsWith(`${row.id}:`)) discovered.delete(old)
    const issuer = new URL(row.issuer)
    const secret = row.clientSecret ? ctx.secrets.open(row.clientSecret) : ''
    if (secret === null) throw badRequest(`${PROVIDER_FAILED}: 客户端密钥无法解开,请重新填写`)
    config = client.discovery(
      issuer,
      row.clientId,
      secret || undefined,
      secret ? client.ClientSecretBasic(secret) : client.None(),
      loopback(issuer) ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
    )
    discovered.set(key, config)
    // a failed discovery is not kept: the next attempt asks again
    config.catch(() => discovered.delete(key))
  }
  return config
}

/** An enabled provider by code, or by id. */
export async function findProvider(db: Db, by: { code?: string; id?: string }): Promise<ProviderRow> {
  const [row] = await db
    .select()
    .from(oauthProvider)
    .where(
      and(
        by.id ? eq(oauthProvider.id, by.id) : eq(oauthProvider.code, by.code ?? ''),
        eq(oauthProvider.isDeleted, 0),
        eq(oauthProvider.status, 1),
      ),
    )
  if (!row) throw badRequest(PROVIDER_UNKNOWN)
  return row
}

export const randomToken = () => randomBytes(32).toString('base64url')

/** The provider's authorization URL for a new round trip, and what to keep for its return. */
export async function startAuthorization(
  ctx: ModuleContext,
  row: ProviderRow,
  tenantId: string,
  redirectUri: string,
): Promise<{ url: URL; state: string; pending: PendingAuthorization; cookie: string }> {
  const config = await providerConfig(ctx, row)
  const verifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = client.randomNonce()
  const cookie = randomToken()
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: row.scope || 'openid profile email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  })
  return {
    url,
    state,
    cookie,
    pending: { providerId: row.id, tenantId, verifier, nonce, redirectUri, binding: sha256(cookie) },
  }
}

/** The code exchange (PKCE, state and nonce checked by openid-client); the ID token's claims. */
export async function finishAuthorization(
  ctx: ModuleContext,
  row: ProviderRow,
  currentUrl: URL,
  checks: { verifier: string; state?: string; nonce?: string; fillIssuer?: boolean },
  tenantId: string,
): Promise<Identity> {
  const config = await providerConfig(ctx, row)
  // a mobile app hands over its code alone: the issuer it came from is this provider (RFC 9207's
  // `iss`, which a provider advertising it must send, is then ours to fill in)
  if (checks.fillIssuer && !currentUrl.searchParams.has('iss'))
    currentUrl.searchParams.set('iss', config.serverMetadata().issuer)
  const tokens = await client.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: checks.verifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  })
  const idClaims = tokens.claims()
  if (!idClaims?.sub) throw badRequest(`${PROVIDER_FAILED}: 缺少用户标识`)
  let claims: Record<string, unknown> & { sub: string } = idClaims
  // a provider may keep profile claims out of the ID token (they are in userinfo then)
  if (!idClaims.preferred_username && !idClaims.name && !idClaims.email)
    claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims }
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  const email = text(claims.email)
  const account = (text(claims.preferred_username) || email.split('@')[0] || claims.sub).slice(0, 45)
  return {
    providerId: row.id,
    subject: claims.sub,
    tenantId,
    name: (text(claims.name) || account).slice(0, 20),
    account,
    email: email.slice(0, 255),
  }
}

import { GUEST_USER_ID } from '@xpark/contract/modules/social'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError, unauthorized } from '../errors.js'
import { type Principals, principalProblem } from './principals.js'
import type { AuthContext, TokenService } from './tokens.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** set for every authenticated route; public routes declare `config: { public: true }` */
    auth: AuthContext | null
  }
  interface FastifyContextConfig {
    /** no token needed (login, captcha, health, console settings) */
    public?: boolean
    /**
     * callable while the account must still change an initial password (user info, the change
     * itself, the shell's menus); every other route answers 403 `PASSWORD_CHANGE_REQUIRED`
     */
    beforePasswordChange?: boolean
    /**
     * callable with a guest token (user id -1: a first third-party sign-in without an account yet,
     * modules/social); every other route refuses such a token
     */
    guest?: boolean
  }
}

const BEARER = /^bearer\s+/i

/** Read `Blade-Auth: bearer <jwt>` (BladeX header; `Authorization: Bearer` is Basic client auth there). */
export function readBearer(request: FastifyRequest): string | null {
  const header = request.headers['blade-auth']
  const value = Array.isArray(header) ? header[0] : header
  if (!value || !BEARER.test(value)) return null
  const token = value.replace(BEARER, '').trim()
  return token || null
}

/**
 * Authenticate every route that is not public: missing, expired or revoked token → 401. The roles
 * and departments the caller acts with are the account's current ones (principals.ts), not those
 * the token was issued with; an account or tenant that may no longer act is refused like a revoked
 * token.
 */
export function registerAuthentication(
  app: FastifyInstance,
  tokens: TokenService,
  principals: Principals,
): void {
  app.decorateRequest('auth', null)
  // the account's record (and a switched session's source account's) in the token check's round trip
  const records = (auth: Readonly<AuthContext>) =>
    auth.userId === GUEST_USER_ID
      ? []
      : auth.sourceUserId
        ? [
            principals.keyOf(auth.tenantId, auth.userId),
            principals.keyOf(auth.sourceTenantId ?? '', auth.sourceUserId),
          ]
        : [principals.keyOf(auth.tenantId, auth.userId)]
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config
    if (config?.public || !request.routeOptions.url) return
    const token = readBearer(request)
    if (!token) throw unauthorized('缺失令牌,鉴权失败')
    const check = await tokens.verifyAccess(token, records)
    if (!check.ok) throw unauthorized(check.reason === 'invalid' ? '请求未授权' : '令牌已失效')
    const auth = check.auth
    if (auth.userId === GUEST_USER_ID) {
      // no account behind it: nothing to load, and only the routes made for guests take it
      if (!config?.guest) throw unauthorized(GUEST_REFUSED)
      request.auth = auth
      return
    }
    const passwordChangeRequired = await current(principals, auth, check.read)
    request.auth = auth
    if (passwordChangeRequired && !config?.beforePasswordChange)
      throw new AppError(403, PASSWORD_CHANGE_REQUIRED, { passwordChangeRequired: true })
  })
}

/** A guest token on a route not made for guests. */
export const GUEST_REFUSED = '访客令牌仅可用于注册申请'

/** The refusal while an initial password is unchanged; `data.passwordChangeRequired` tells the console. */
export const PASSWORD_CHANGE_REQUIRED = '请先修改初始密码'

/**
 * Give the token's caller (this request's own copy) the account's current roles and departments,
 * from the records read with the token (`read`); 401 when it may not act. True when the account must
 * still change an initial password.
 */
async function current(
  principals: Principals,
  auth: AuthContext,
  read: readonly (string | null)[],
): Promise<boolean> {
  const nowRead = principals.fromCached(auth.tenantId, auth.userId, read[0] ?? null)
  const sourceRead = auth.sourceUserId
    ? principals.fromCached(auth.sourceTenantId ?? '', auth.sourceUserId, read[1] ?? null)
    : null
  // cached records are answered without waiting; a miss reads the database
  const [now, source] =
    nowRead instanceof Promise || sourceRead instanceof Promise
      ? await Promise.all([nowRead, sourceRead])
      : [nowRead, sourceRead]
  if (!now) return false
  // a switched session lives only while the account it came from may act
  if (principalProblem(now) || (source && principalProblem(source))) throw unauthorized('令牌已失效')
  auth.roleIds = now.roleIds
  auth.roleAliases = now.roleAliases
  auth.deptIds = now.deptIds
  return now.passwordChangeRequired
}

/** The caller of an authenticated route (the hook guarantees it is there). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized()
  return request.auth
}

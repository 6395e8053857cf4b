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
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public || !request.routeOptions.url) return
    const token = readBearer(request)
    if (!token) throw unauthorized('缺失令牌,鉴权失败')
    const check = await tokens.verifyAccess(token)
    if (!check.ok) throw unauthorized(check.reason === 'invalid' ? '请求未授权' : '令牌已失效')
    if (check.auth.userId === GUEST_USER_ID) {
      // no account behind it: nothing to load, and only the routes made for guests take it
      if (!request.routeOptions.config?.guest) throw unauthorized(GUEST_REFUSED)
      request.auth = check.auth
      return
    }
    const { auth, passwordChangeRequired } = await current(principals, check.auth)
    request.auth = auth
    if (passwordChangeRequired && !request.routeOptions.config?.beforePasswordChange)
      throw new AppError(403, PASSWORD_CHANGE_REQUIRED, { passwordChangeRequired: true })
  })
}

/** A guest token on a route not made for guests. */
export const GUEST_REFUSED = '访客令牌仅可用于注册申请'

/** The refusal while an initial password is unchanged; `data.passwordChangeRequired` tells the console. */
export const PASSWORD_CHANGE_REQUIRED = '请先修改初始密码'

/** The token's caller with the account's current roles and departments; 401 when it may not act. */
async function current(
  principals: Principals,
  auth: AuthContext,
): Promise<{ auth: AuthContext; passwordChangeRequired: boolean }> {
  const [now, source] = await Promise.all([
    principals.current(auth.tenantId, auth.userId),
    auth.sourceUserId ? principals.current(auth.sourceTenantId ?? '', auth.sourceUserId) : null,
  ])
  if (!now) return { auth, passwordChangeRequired: false }
  // a switched session lives only while the account it came from may act
  if (principalProblem(now) || (source && principalProblem(source))) throw unauthorized('令牌已失效')
  return {
    auth: { ...auth, roleIds: now.roleIds, roleAliases: now.roleAliases, deptIds: now.deptIds },
    passwordChangeRequired: now.passwordChangeRequired,
  }
}

/** The caller of an authenticated route (the hook guarantees it is there). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized()
  return request.auth
}

import {
  captcha2Call,
  captchaCall,
  clearCacheCall,
  consoleSettingsCall,
  logoutCall,
  tokenCall,
} from '@xpark/contract/schemas'
import { isAdministrator } from '../../core/auth/guards.js'
import { authOf, readBearer } from '../../core/auth/plugin.js'
import { SYSTEM_CACHE, tenantCache } from '../../core/cache/index.js'
import { AppError, badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import { publicRateLimit } from '../../core/http/public-limit.js'
import type { ModuleContext } from '../../core/module.js'
import { checkCaptcha, newCaptcha } from './captcha.js'
import { consoleSettings } from './console-boot.js'
import { LoginLimits } from './limits.js'
import { PhoneCodes } from './phone-codes.js'
import { phoneLoginRoutes } from './phone-login.js'
import { Sessions } from './sessions.js'
import { GrantError, tenantOfRequest, tokenEndpoint } from './token-endpoint.js'

export type { OAuthClient } from './clients.js'
export { CONSOLE_CLIENT_ID, consoleBoot } from './console-boot.js'
export { client } from './schema.js'
export {
  GrantError,
  type GrantTools,
  type TokenGrant,
  type TokenParams,
  tenantOfRequest,
} from './token-endpoint.js'
export { checkCaptcha }

const done = { success: 'true', msg: 'success' } as const

/** captchas one address may ask for per minute, and cache clears one user may make */
export const CAPTCHA_PER_MINUTE = 30
export const CLEAR_CACHE_PER_MINUTE = 5

/** blade-auth: sign-in, refresh, tenant switch, captcha, logout, clear-cache; console settings. */
export async function authModule(api: Api, ctx: ModuleContext): Promise<void> {
  const sessions = new Sessions(
    ctx.database.db,
    ctx.tokens,
    api.principals,
    ctx.config.refreshTokenTtlSeconds,
  )
  api.sessionControl.endUsers = (userIds, options) => sessions.endUsers(userIds, options)
  api.sessionControl.endTenants = (tenantIds, tx) => sessions.endTenants(tenantIds, tx)
  const limits = new LoginLimits(ctx.cache, {
    failLimit: ctx.config.loginFailLimit,
    lockSeconds: ctx.config.loginLockSeconds,
    perAddressPerMinute: ctx.config.loginRatePerAddress,
    perAccountPerMinute: ctx.config.loginRatePerAccount,
    captchaAfter: ctx.config.loginCaptchaAfter,
  })
  const codes = new PhoneCodes(ctx.cache)

  const settings = consoleSettings(ctx.config, ctx.cryptoPublicKey)
  handle(api, consoleSettingsCall, () => settings)

  // filled by modules registered later (modules/social: social, applet); read per request
  if (!api.hasDecorator('tokenGrants')) api.decorate('tokenGrants', new Map())
  // its parameters are checked by the endpoint itself: a bad one is OAuth's invalid_request
  const issueToken = tokenEndpoint(ctx, sessions, limits, codes, api.tokenGrants)
  handle(api, tokenCall, (_, request, reply) => issueToken(request, reply))

  // phone sign-in codes and password change by SMS code; a missing tenant is a 400 here
  const tenantOf = tenantOfRequest(ctx.config)
  phoneLoginRoutes(api, ctx, codes, (request, q) => {
    try {
      return tenantOf(request, q)
    } catch (error) {
      if (error instanceof GrantError) throw badRequest(error.message)
      throw error
    }
  })

  // a captcha costs a render and a cache entry: a budget per address (a login page asks one at a time)
  const captchaBudget = publicRateLimit(ctx.cache, 'captcha', CAPTCHA_PER_MINUTE)
  const budget = { preHandler: [captchaBudget] }
  handle(
    api,
    captchaCall,
    async () => {
      const { key, svg } = await newCaptcha(ctx.cache)
      return { key, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` }
    },
    budget,
  )
  handle(
    api,
    captcha2Call,
    async (query, _, reply) => {
      const { key, svg } = await newCaptcha(ctx.cache, query.key)
      return reply
        .header('Captcha-Key', key)
        .header('cache-control', 'no-store')
        .type('image/svg+xml')
        .send(svg)
    },
    budget,
  )

  // idempotent: an absent or dead token still gets the same reply
  handle(api, logoutCall, async (_, request) => {
    const token = readBearer(request)
    if (token) {
      const check = await ctx.tokens.verifyAccess(token)
      if (check.ok) {
        await sessions.end(check.auth.jti, check.auth.exp, check.auth.familyId)
        request.logOwner = { tenantId: check.auth.tenantId, createBy: check.auth.account }
      }
    }
    return done
  })

  handle(api, clearCacheCall, async (_, request) => {
    const auth = authOf(request)
    // a few a minute are plenty for a person; more would only make every request rebuild its caches
    if ((await ctx.cache.incr(`auth:clear-cache:${auth.userId}`, 60)) > CLEAR_CACHE_PER_MINUTE)
      throw new AppError(429, '请求过于频繁,请稍后再试')
    // the platform administrator clears every cache; anyone else only their own tenant's
    if (isAdministrator(auth)) await ctx.cache.clearPrefix(SYSTEM_CACHE)
    else {
      await ctx.cache.clearPrefix(tenantCache(auth.tenantId))
      await api.principals.forget(auth.tenantId)
    }
    return done
  })
}

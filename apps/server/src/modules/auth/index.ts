import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { ModuleContext } from '../../app.js'
import { authOf, readBearer } from '../../core/auth/plugin.js'
import { ok } from '../../core/envelope.js'
import type { Api } from '../../core/http/api.js'
import { checkCaptcha, newCaptcha } from './captcha.js'
import { consoleSettings } from './console-boot.js'
import { LoginLimits } from './limits.js'
import { Sessions } from './sessions.js'
import { tokenEndpoint } from './token-endpoint.js'

export { CONSOLE_CLIENT_ID, consoleBoot } from './console-boot.js'
export { checkCaptcha }

const done = { success: 'true', msg: 'success' } as const

/** blade-auth: sign-in, refresh, tenant switch, captcha, logout, clear-cache; console settings. */
export async function authModule(api: Api, ctx: ModuleContext): Promise<void> {
  const sessions = new Sessions(ctx.database.db, ctx.tokens, ctx.config.refreshTokenTtlSeconds)
  api.sessionControl.endUsers = (userIds, tx) => sessions.endUsers(userIds, tx)
  const limits = new LoginLimits(
    ctx.cache,
    ctx.config.loginFailLimit,
    ctx.config.loginLockSeconds,
    ctx.config.loginRatePerAddress,
    ctx.config.loginRatePerAccount,
  )
  const isPublic = { public: true }
  const tags = ['auth']

  const settings = consoleSettings(ctx.config)
  api.get('/console/settings', { config: isPublic, schema: { tags } }, async () => ok(settings))

  api.post(
    '/blade-auth/oauth/token',
    { config: isPublic, schema: { tags } },
    tokenEndpoint(ctx, sessions, limits),
  )

  api.get('/blade-auth/oauth/captcha', { config: isPublic, schema: { tags } }, async () => {
    const { key, svg } = await newCaptcha(ctx.cache)
    return { key, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` }
  })

  api.get(
    '/blade-auth/oauth/captcha2',
    {
      config: isPublic,
      schema: { tags, querystring: z.object({ key: z.string().uuid().optional() }) },
    },
    async (request, reply) => {
      const { key, svg } = await newCaptcha(ctx.cache, request.query.key)
      return reply
        .header('Captcha-Key', key)
        .header('cache-control', 'no-store')
        .type('image/svg+xml')
        .send(svg)
    },
  )

  const logout = async (request: FastifyRequest) => {
    // idempotent: an absent or dead token still gets the same reply
    const token = readBearer(request)
    if (token) {
      const check = await ctx.tokens.verifyAccess(token)
      if (check.ok) await sessions.end(check.auth.jti, check.auth.exp, check.auth.familyId)
    }
    return done
  }
  api.get('/blade-auth/oauth/logout', { config: isPublic, schema: { tags } }, logout)
  api.post('/blade-auth/oauth/logout', { config: isPublic, schema: { tags } }, logout)

  api.get('/blade-auth/oauth/clear-cache', { schema: { tags } }, async (request) => {
    authOf(request)
    await ctx.cache.clearPrefix('sys:')
    return done
  })
}

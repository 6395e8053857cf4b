import { socialAuthorizeCall, socialCallbackCall, socialProvidersCall } from '@xpark/contract/modules/social'
import { and, asc, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { AppError, badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import { publicRateLimit } from '../../core/http/public-limit.js'
import type { ModuleContext } from '../../core/module.js'
import type { Db } from '../../db/client.js'
import { GrantError, tenantOfRequest } from '../auth/index.js'
import {
  bindingHash,
  findProvider,
  finishAuthorization,
  type Identity,
  type PendingAuthorization,
  PROVIDER_FAILED,
  randomToken,
  startAuthorization,
} from './oidc.js'
import { oauthProvider } from './schema.js'

/**
 * The browser's round trip: `authorize/<code>` → the provider (PKCE, state, nonce, and a cookie
 * binding the round trip to this browser) → `callback` → the console's `/login` with a one-time
 * ticket → the token grant `grant_type=social&ticket=`. The ticket, not a token, travels in the URL:
 * it is worth nothing after one use or two minutes.
 */

export const COOKIE = 'xpark_social'
const STATE_TTL = 600
export const TICKET_TTL = 120
const stateKey = (state: string) => `social:state:${state}`
const ticketKey = (ticket: string) => `social:ticket:${ticket}`

/** The API prefix of this request (`/xparkApi`), from the route's own URL. */
function apiBase(request: FastifyRequest): string {
  return request.url.split('/blade-auth/')[0] ?? ''
}

function cookieOf(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return null
}

/** The console's sign-in page with a ticket or an error (same origin as the API). */
const toConsole = (query: Record<string, string>) => `/#/login?${new URLSearchParams(query).toString()}`

/** A ticket's identity, once (the social grant). */
export async function redeemTicket(ctx: ModuleContext, ticket: string): Promise<Identity | null> {
  const raw = await ctx.cache.take(ticketKey(ticket))
  return raw ? (JSON.parse(raw) as Identity) : null
}

/** The enabled providers as the sign-in page's buttons: code and name, in their order. */
export function enabledProviders(db: Db): Promise<{ code: string; name: string }[]> {
  return db
    .select({ code: oauthProvider.code, name: oauthProvider.name })
    .from(oauthProvider)
    .where(and(eq(oauthProvider.isDeleted, 0), eq(oauthProvider.status, 1)))
    .orderBy(asc(oauthProvider.sort), asc(oauthProvider.id))
}

/**
 * The console's boot data (index.html) with the provider buttons, so the sign-in page shows them
 * without a call of its own; without them (a failed read) the page asks `social/providers`.
 */
export function withProviders<B extends object>(
  boot: (hostname: string, request: FastifyRequest) => Promise<B>,
  db: Db,
): (
  hostname: string,
  request: FastifyRequest,
) => Promise<B & { providers?: { code: string; name: string }[] }> {
  return async (hostname, request) => {
    const data = await boot(hostname, request)
    try {
      return { ...data, providers: await enabledProviders(db) }
    } catch (error) {
      request.log.warn({ err: error }, 'console boot: providers not read')
      return data
    }
  }
}

export function socialFlowRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const tenantOf = tenantOfRequest(ctx.config)
  const budget = { preHandler: [publicRateLimit(ctx.cache, 'social')] }

  // the sign-in page's buttons: enabled providers, names and codes only
  handle(api, socialProvidersCall, () => enabledProviders(db))

  handle(
    api,
    socialAuthorizeCall,
    async ({ code, tenantId: asked }, request, reply) => {
      let tenantId: string
      try {
        tenantId = tenantOf(request, { tenantId: asked })
      } catch (error) {
        if (error instanceof GrantError) throw badRequest(error.message)
        throw error
      }
      const row = await findProvider(db, { code })
      const redirectUri = `${request.protocol}://${request.host}${apiBase(request)}/blade-auth/oauth/social/callback`
      let started: Awaited<ReturnType<typeof startAuthorization>>
      try {
        started = await startAuthorization(ctx, row, tenantId, redirectUri)
      } catch (error) {
        request.log.warn({ err: error, provider: row.code }, 'social sign-in: discovery failed')
        throw new AppError(502, `${PROVIDER_FAILED}: 无法连接认证服务`)
      }
      await ctx.cache.set(stateKey(started.state), JSON.stringify(started.pending), STATE_TTL)
      const secure = request.protocol === 'https' ? '; Secure' : ''
      return reply
        .header(
          'set-cookie',
          `${COOKIE}=${started.cookie}; Path=${apiBase(request)}/blade-auth/oauth/social; HttpOnly; SameSite=Lax; Max-Age=${STATE_TTL}${secure}`,
        )
        .header('cache-control', 'no-store')
        .redirect(started.url.href, 302)
    },
    budget,
  )

  handle(
    api,
    socialCallbackCall,
    async (query, request, reply) => {
      reply.header('cache-control', 'no-store')
      const fail = (message: string) => reply.redirect(toConsole({ social_error: message }), 302)
      if (query.error) return fail(`${PROVIDER_FAILED}: ${query.error_description ?? query.error}`)
      const raw = query.state ? await ctx.cache.take(stateKey(query.state)) : null
      if (!raw) return fail(`${PROVIDER_FAILED}: 登录已过期,请重试`)
      const pending = JSON.parse(raw) as PendingAuthorization
      const cookie = cookieOf(request, COOKIE)
      // the round trip must end in the browser that began it (a link sent to someone else fails)
      if (!cookie || bindingHash(cookie) !== pending.binding)
        return fail(`${PROVIDER_FAILED}: 浏览器校验失败`)
      const clearCookie = `${COOKIE}=; Path=${apiBase(request)}/blade-auth/oauth/social; HttpOnly; SameSite=Lax; Max-Age=0`
      reply.header('set-cookie', clearCookie)
      try {
        const row = await findProvider(db, { id: pending.providerId })
        const current = new URL(pending.redirectUri)
        for (const [key, value] of Object.entries(query)) current.searchParams.set(key, value)
        const identity = await finishAuthorization(
          ctx,
          row,
          current,
          { verifier: pending.verifier, state: query.state, nonce: pending.nonce },
          pending.tenantId,
        )
        const ticket = randomToken()
        await ctx.cache.set(ticketKey(ticket), JSON.stringify(identity), TICKET_TTL)
        return reply.redirect(toConsole({ social_ticket: ticket, tenantId: pending.tenantId }), 302)
      } catch (error) {
        request.log.warn({ err: error }, 'social sign-in: callback failed')
        return fail(error instanceof AppError ? error.message : PROVIDER_FAILED)
      }
    },
    budget,
  )
}

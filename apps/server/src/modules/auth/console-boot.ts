import type { ConsoleBoot, ConsoleSettings } from '@xpark/contract'
import type { FastifyRequest } from 'fastify'
import { publicRateLimit, TENANT_FACE_RATE_PER_MINUTE } from '../../core/http/public-limit.js'
import type { ModuleContext } from '../../core/module.js'
import { tenantOfDomain } from '../tenant/index.js'

/** The console's own public client (no secret, so none in the browser bundle). */
export const CONSOLE_CLIENT_ID = 'xpark'

/** What the console needs to know before sign-in (`GET console/settings`, and inside index.html). */
export function consoleSettings(config: ModuleContext['config'], cryptoPublicKey?: string): ConsoleSettings {
  return {
    ...(cryptoPublicKey ? { cryptoPublicKey } : {}),
    tenantMode: config.tenantMode,
    captchaMode: config.captcha,
    tokenTime: config.tokenTime,
    tenantId: config.presetTenantId,
    clientId: CONSOLE_CLIENT_ID,
  }
}

/**
 * The boot data of the console asked for on `hostname` (core/http/console.ts writes it into
 * index.html): the settings, and the park whose own domain that is (`tenant/info?domain=`). A console
 * pinned to one tenant looks up no domain, as its sign-in page does not. The host comes from the
 * client, so each lookup counts against the caller's `tenant/info` budget (core/http/console.ts asks
 * once per host and keeps the answer a few seconds): over it, this throws and the page goes out
 * without boot data.
 */
export function consoleBoot(
  ctx: ModuleContext,
): (hostname: string, request: FastifyRequest) => Promise<ConsoleBoot> {
  const settings = consoleSettings(ctx.config, ctx.cryptoPublicKey)
  const limit = publicRateLimit(ctx.cache, 'tenant-face', TENANT_FACE_RATE_PER_MINUTE)
  return async (hostname, request) => {
    if (settings.tenantId || !hostname || hostname.length > 255) return { settings, tenant: null }
    await limit(request)
    return { settings, tenant: await tenantOfDomain(ctx.database.db, hostname) }
  }
}

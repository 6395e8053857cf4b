import { z } from 'zod'
import { defineCall } from '../calls.js'

/**
 * The service's own routes beside the modules': what the console needs before sign-in (the sign-in
 * page reads it with a plain fetch, `api/auth.ts`, so no zod reaches its chunk) and the load
 * balancers' probe.
 */

/** `ConsoleSettings` (`@xpark/contract`) as the wire carries it. */
export const ConsoleSettingsReply = z.object({
  tenantMode: z.boolean(),
  captchaMode: z.boolean(),
  tokenTime: z.number(),
  tenantId: z.string(),
  clientId: z.string(),
  cryptoPublicKey: z.string().optional(),
})

export const consoleSettingsCall = defineCall({
  path: 'console/settings',
  method: 'GET',
  public: true,
  reply: ConsoleSettingsReply,
  summary: 'what the console needs to know before sign-in',
  tag: 'auth',
})

/**
 * Load balancers probe this: 503 when the database does not answer (this node cannot serve); the
 * cache away is `degraded`, not down. Answers `{status, database, databaseReachable, cache,
 * cacheReachable}` bare, not in the envelope.
 */
export const healthCall = defineCall({
  path: 'health',
  method: 'GET',
  public: true,
  hidden: true,
  summary: 'health: ok, degraded (cache away) or down (503: the database does not answer)',
})

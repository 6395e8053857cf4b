import type { FastifyInstance } from 'fastify'
import { badRequest } from '../../core/errors.js'
import { parseDateTime } from '../../core/query/index.js'

/** A tenant's licence: its account quota (quota.ts) and its expiry, read at every request of its accounts. */

/** '' or null: never expires; otherwise `yyyy-MM-dd[ HH:mm:ss]`. */
export function expireDate(raw: string | null | undefined): Date | null | undefined {
  if (raw === undefined) return undefined
  if (!raw) return null
  const date = parseDateTime(raw)
  if (!date) throw badRequest(`expireTime: not a date: ${raw}`)
  return date
}

/**
 * After a tenant's licence changed (committed): its accounts' records are read again, so a new expiry
 * counts at their next request; an expiry already past ends the tenant's sessions at once.
 */
export async function licenceChanged(
  app: Pick<FastifyInstance, 'sessionControl' | 'principals'>,
  tenantIds: readonly string[],
  expireTime: Date | null,
): Promise<void> {
  if (expireTime && expireTime.getTime() <= Date.now()) await app.sessionControl.endTenants(tenantIds)
  else for (const tenantId of tenantIds) await app.principals.forget(tenantId)
}

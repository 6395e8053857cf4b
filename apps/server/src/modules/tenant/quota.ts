import { and, count, eq } from 'drizzle-orm'
import { badRequest } from '../../core/errors.js'
import type { Tx } from '../../db/client.js'
import { user } from '../identity/index.js'
import { tenant } from './schema.js'

/** BladeX's refusal when a tenant's accounts have reached its `account_number`. */
export const ACCOUNT_QUOTA_MESSAGE = '当前租户已到最大账号额度'

/**
 * Refuse `adding` new accounts when the tenant's live accounts would exceed its quota
 * (`account_number` ≥ 0; -1 is unlimited). Call it inside the transaction that creates the
 * accounts, before the insert: it locks the tenant row, so concurrent creations queue instead of
 * both slipping under the quota. Every path that creates users calls it (blade-user/submit, the
 * Excel import).
 */
export async function assertAccountQuota(tx: Tx, tenantId: string, adding = 1): Promise<void> {
  const [row] = await tx
    .select({ accountNumber: tenant.accountNumber })
    .from(tenant)
    .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)))
    .for('update')
  if (!row || row.accountNumber < 0) return
  const [live] = await tx
    .select({ n: count() })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.isDeleted, 0)))
  if ((live?.n ?? 0) + adding > row.accountNumber) throw badRequest(ACCOUNT_QUOTA_MESSAGE)
}

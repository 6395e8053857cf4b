import {
  userTenantGrantCall,
  userTenantGrantsCall,
  userTenantRevokeCall,
  userTenantsCall,
} from '@xpark/contract/schemas'
import { and, eq, gt, isNull, or } from 'drizzle-orm'
import { authOf } from '../../core/auth/plugin.js'
import { badRequest, notFound } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import { nextId } from '../../core/ids.js'
import type { ModuleContext } from '../../core/module.js'
import { user, userTenant } from '../identity/index.js'
import { tenant } from '../tenant/index.js'
import { assertMayManage } from './authority.js'

/**
 * Tenant switch grants (spec 01 §6 "users can be … assigned to tenants"): a user may switch into a
 * granted tenant as one named account there (modules/auth refresh grant). The platform administrator
 * assigns and revokes; everyone reads their own list for the console's switch menu. Declared calls
 * (packages/contract schemas/tenant-calls.ts).
 */
export async function userTenantRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db

  /** The tenants the signed-in user may switch into (expired tenants are left out). */
  handle(api, userTenantsCall, async (_params, request) => {
    const auth = authOf(request)
    const now = new Date()
    return db
      .select({ tenantId: tenant.tenantId, tenantName: tenant.tenantName, account: user.account })
      .from(userTenant)
      .innerJoin(tenant, eq(tenant.tenantId, userTenant.tenantId))
      .innerJoin(user, and(eq(user.id, userTenant.targetUserId), eq(user.isDeleted, 0)))
      .where(
        and(
          eq(userTenant.userId, auth.userId),
          eq(tenant.isDeleted, 0),
          or(isNull(tenant.expireTime), gt(tenant.expireTime, now)),
        ),
      )
      .orderBy(tenant.tenantId)
  })

  handle(api, userTenantGrantsCall, ({ userId }) =>
    db
      .select({ tenantId: userTenant.tenantId, tenantName: tenant.tenantName, account: user.account })
      .from(userTenant)
      .innerJoin(tenant, and(eq(tenant.tenantId, userTenant.tenantId), eq(tenant.isDeleted, 0)))
      .innerJoin(user, eq(user.id, userTenant.targetUserId))
      .where(eq(userTenant.userId, userId))
      .orderBy(userTenant.tenantId),
  )

  handle(api, userTenantGrantCall, async ({ userId, tenantId, account }, request) => {
    // the one rule for writes on another account (a no-op for the administrator, who alone gets here)
    await assertMayManage(db, authOf(request), [userId])
    await db.transaction(async (tx) => {
      const [source] = await tx
        .select({ tenantId: user.tenantId })
        .from(user)
        .where(and(eq(user.id, userId), eq(user.isDeleted, 0)))
      if (!source) throw notFound('用户不存在')
      if (source.tenantId === tenantId) throw badRequest('用户已属于该租户')
      const [target] = await tx
        .select({ id: user.id })
        .from(user)
        .innerJoin(tenant, and(eq(tenant.tenantId, user.tenantId), eq(tenant.isDeleted, 0)))
        .where(and(eq(user.tenantId, tenantId), eq(user.account, account), eq(user.isDeleted, 0)))
      if (!target) throw badRequest(`租户 ${tenantId} 中没有账号 ${account}`)
      await tx.delete(userTenant).where(and(eq(userTenant.userId, userId), eq(userTenant.tenantId, tenantId)))
      await tx.insert(userTenant).values({ id: nextId(), userId, tenantId, targetUserId: target.id })
    })
    return {}
  })

  handle(api, userTenantRevokeCall, async ({ userId, tenantId }, request) => {
    await assertMayManage(db, authOf(request), [userId])
    const done = await db
      .delete(userTenant)
      .where(and(eq(userTenant.userId, userId), eq(userTenant.tenantId, tenantId)))
      .returning({ id: userTenant.id })
    if (!done.length) throw notFound('没有该租户授权')
    return {}
  })
}

import { idString } from '@xpark/contract/schemas'
import { and, eq, gt, isNull, or } from 'drizzle-orm'
import { z } from 'zod'
import { authOf } from '../../core/auth/plugin.js'
import { ADMINISTRATOR, SIGNED_IN } from '../../core/auth/route-permissions.js'
import { ok, success } from '../../core/envelope.js'
import { badRequest, notFound } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { nextId } from '../../core/ids.js'
import type { ModuleContext } from '../../core/module.js'
import { user, userTenant } from '../identity/index.js'
import { tenant } from '../tenant/index.js'
import { assertMayManage } from './authority.js'

const GrantBody = z.object({
  userId: idString,
  tenantId: z.string().trim().min(1, 'please select tenant').max(12),
  account: z.string().trim().min(1, 'please enter account').max(45),
})

/**
 * Tenant switch grants (spec 01 §6 "users can be … assigned to tenants"): a user may switch into a
 * granted tenant as one named account there (modules/auth refresh grant). The platform administrator
 * assigns and revokes; everyone reads their own list for the console's switch menu.
 */
export async function userTenantRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  const tags = ['user']

  /** The tenants the signed-in user may switch into (expired tenants are left out). */
  api.get(
    '/blade-user/tenant',
    { config: { permission: SIGNED_IN }, schema: { tags, summary: 'user: tenants I may switch into' } },
    async (request) => {
      const auth = authOf(request)
      const now = new Date()
      const rows = await db
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
      return ok(rows)
    },
  )

  api.get(
    '/blade-user/tenant-grants',
    {
      schema: {
        tags,
        summary: 'user: tenant switch grants of a user',
        querystring: z.object({ userId: idString }),
      },
      config: { permission: ADMINISTRATOR },
    },
    async (request) => {
      const rows = await db
        .select({ tenantId: userTenant.tenantId, tenantName: tenant.tenantName, account: user.account })
        .from(userTenant)
        .innerJoin(tenant, and(eq(tenant.tenantId, userTenant.tenantId), eq(tenant.isDeleted, 0)))
        .innerJoin(user, eq(user.id, userTenant.targetUserId))
        .where(eq(userTenant.userId, request.query.userId))
        .orderBy(userTenant.tenantId)
      return ok(rows)
    },
  )

  api.post(
    '/blade-user/tenant',
    {
      schema: {
        tags,
        summary: 'user: let a user switch into a tenant as one of its accounts (platform administrator)',
        body: GrantBody,
      },
      config: { permission: ADMINISTRATOR },
    },
    async (request) => {
      const { userId, tenantId, account } = request.body
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
        await tx
          .delete(userTenant)
          .where(and(eq(userTenant.userId, userId), eq(userTenant.tenantId, tenantId)))
        await tx.insert(userTenant).values({ id: nextId(), userId, tenantId, targetUserId: target.id })
      })
      return success()
    },
  )

  api.post(
    '/blade-user/tenant-remove',
    {
      schema: {
        tags,
        summary: 'user: revoke a tenant switch grant (platform administrator)',
        body: GrantBody.pick({ userId: true, tenantId: true }),
      },
      config: { permission: ADMINISTRATOR },
    },
    async (request) => {
      const { userId, tenantId } = request.body
      await assertMayManage(db, authOf(request), [userId])
      const done = await db
        .delete(userTenant)
        .where(and(eq(userTenant.userId, userId), eq(userTenant.tenantId, tenantId)))
        .returning({ id: userTenant.id })
      if (!done.length) throw notFound('没有该租户授权')
      return success()
    },
  )
}

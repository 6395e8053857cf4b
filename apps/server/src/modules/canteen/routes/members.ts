import { updateCanteenCall } from '@xpark/contract/modules/canteen'
import { eq, inArray } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { whereOf } from '../../../core/crud/index.js'
import { badRequest, notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { scoped } from '../../../core/tenancy.js'
import { user } from '../../identity/index.js'
import { canteens } from '../resources.js'
import { canteen } from '../schema.js'

/**
 * `blade-user/updateCanteen` (spec 01 §7): the canteen people eat at, kept on their accounts. The
 * canteen must be one the caller sees; the people, accounts of the caller's tenant and user data
 * scope; an empty `canteenId` clears it. One unknown id and nothing changes.
 */
export function registerMemberRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  handle(
    api,
    updateCanteenCall,
    async ({ userIds, canteenId }, request) => {
      const auth = authOf(request)
      const ids = [...new Set((userIds ?? '').split(',').filter(Boolean))]
      if (!ids.length) throw badRequest('参数校验失败: userIds: required')
      if (canteenId === undefined) throw badRequest('参数校验失败: canteenId: required')
      if (canteenId) {
        const [found] = await db
          .select({ id: canteen.id })
          .from(canteen)
          .where(await whereOf(canteens, auth, eq(canteen.id, canteenId)))
        if (!found) throw badRequest('食堂不存在')
      }
      const where = scoped(
        user,
        auth,
        await request.server.scopes.data.condition(auth, 'user', user),
        inArray(user.id, ids),
      )
      await db.transaction(async (tx) => {
        const done = await tx
          .update(user)
          .set({ canteenId: canteenId || null, updateUser: auth.userId, updateTime: new Date() })
          .where(where)
          .returning({ id: user.id })
        if (done.length !== ids.length) throw notFound('用户不存在')
      })
      return {}
    },
    { preHandler: [api.scopes.api.guard] },
  )
}

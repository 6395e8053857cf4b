import { ORDER_KIND, repairDetailCall } from '@xpark/contract/modules/property'
import { and, asc, eq } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { findRow, listRows } from '../../../core/crud/index.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { scoped } from '../../../core/tenancy.js'
import { user } from '../../identity/index.js'
import { appraisals, repairs } from '../resources.js'
import { propertyOrderLog } from '../schema.js'

/** `queryRepairsDetail`: a repair order (in the caller's scope) with its appraisal and its moves. */
export function registerOrderRoutes(api: Api, ctx: ModuleContext) {
  const db = ctx.database.db
  handle(api, repairDetailCall, async ({ id }, request) => {
    const auth = authOf(request)
    const order = await findRow(db, repairs, auth, id)
    const rated = await listRows(db, appraisals, auth, { kind: ORDER_KIND.repair, orderId: id, size: 1 })
    const logs = await db
      .select({
        fromStatus: propertyOrderLog.fromStatus,
        toStatus: propertyOrderLog.toStatus,
        userId: propertyOrderLog.userId,
        userName: user.realName,
        remark: propertyOrderLog.remark,
        createTime: propertyOrderLog.createTime,
      })
      .from(propertyOrderLog)
      .leftJoin(user, eq(user.id, propertyOrderLog.userId))
      .where(
        scoped(
          propertyOrderLog,
          auth,
          and(eq(propertyOrderLog.kind, ORDER_KIND.repair), eq(propertyOrderLog.orderId, id)),
        ),
      )
      .orderBy(asc(propertyOrderLog.createTime), asc(propertyOrderLog.id))
    return { order, appraise: rated.records[0] ?? null, logs }
  })
}

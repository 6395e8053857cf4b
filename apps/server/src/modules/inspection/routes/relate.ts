import { ALARM_SOURCE } from '@xpark/contract/modules/alarm'
import { INSPECTION_TEXTS, relateEventCall } from '@xpark/contract/modules/inspection'
import { ORDER_SOURCE } from '@xpark/contract/modules/property'
import { eq } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { findRow } from '../../../core/crud/index.js'
import { AppError } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { touched } from '../../../core/tenancy.js'
import { engineOf, raiseAlarm } from '../../alarm/index.js'
import { createRepairOrder } from '../../property/index.js'
import { inspectionEvents } from '../resources.js'
import { inspectionEvent, inspectionPoint } from '../schema.js'

/**
 * relateEventsById: an event raises an alarm (an alarm of another system's shape, type `inspection`,
 * the event's 一般/重要/紧急 the alarm's own, one above 提示) or a repair order the caller reported,
 * and keeps its id; once each (`该事件已关联告警`). The row is locked so two clicks raise one.
 */
export function registerRelateRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db

  handle(
    api,
    relateEventCall,
    async ({ id, type }, request) => {
      const auth = authOf(request)
      await findRow(db, inspectionEvents, auth, id)
      const related = await db.transaction(async (tx) => {
        const [event] = await tx
          .select({
            id: inspectionEvent.id,
            level: inspectionEvent.level,
            content: inspectionEvent.content,
            alarmId: inspectionEvent.alarmId,
            repairId: inspectionEvent.repairId,
            photos: inspectionEvent.photos,
            pointName: inspectionPoint.name,
          })
          .from(inspectionEvent)
          .leftJoin(inspectionPoint, eq(inspectionPoint.id, inspectionEvent.pointId))
          .where(eq(inspectionEvent.id, id))
          .for('update', { of: inspectionEvent })
        if (!event) throw new AppError(404, '数据不存在')
        const what = type === 'alarm' ? '告警' : '报修'
        if ((type === 'alarm' ? event.alarmId : event.repairId) !== null)
          throw new AppError(409, INSPECTION_TEXTS.related.replace('{what}', what))
        const content = `巡检事件 · ${event.pointName ?? ''}: ${event.content}`
        if (type === 'alarm') {
          const raised = await raiseAlarm(tx, {
            tenantId: auth.tenantId,
            ruleId: null,
            machineId: null,
            // each event its own alarm (the dedupe key is the type and this)
            machineCode: `inspection-event-${event.id}`,
            source: ALARM_SOURCE.system,
            alarmType: 'inspection',
            level: event.level + 1,
            content,
            value: null,
            at: new Date(),
          })
          await tx
            .update(inspectionEvent)
            .set(touched(inspectionEvent, auth, { alarmId: raised.id }) as never)
            .where(eq(inspectionEvent.id, id))
          return { raised, alarmId: raised.id, repairId: event.repairId }
        }
        // a repair order the caller reported (so the caller rates it), its place the point's
        const repairId = await createRepairOrder(tx, auth, {
          title: `巡检事件 · ${event.pointName ?? ''}`.slice(0, 64),
          place: event.pointName ?? '',
          content: event.content,
          ...(event.photos ? { photos: event.photos } : {}),
          source: ORDER_SOURCE.inspection,
          sourceId: event.id,
        })
        await tx
          .update(inspectionEvent)
          .set(touched(inspectionEvent, auth, { repairId }) as never)
          .where(eq(inspectionEvent.id, id))
        return { raised: undefined, alarmId: event.alarmId, repairId }
      })
      // the alarm's messages, SMS and live event once it has committed
      if (related.raised) void engineOf(ctx).fanOut([related.raised])
      return { id, alarmId: related.alarmId, repairId: related.repairId }
    },
    { preHandler: [api.scopes.api.guard] },
  )
}

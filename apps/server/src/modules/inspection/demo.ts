import { nextId } from '../../core/ids.js'
import type { DemoContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import { recordMaker } from './plan.js'
import {
  inspectionEvent,
  inspectionPath,
  inspectionPathPoint,
  inspectionPlan,
  inspectionPoint,
} from './schema.js'

/**
 * The demo park's patrol: four points with their check-in codes, a path through them, and a daily
 * plan for the admin and the staff account whose records of today and tomorrow are made at once, and
 * an event found at the power room.
 */
export async function seedInspectionDemo({ tx, tenantId, users, depts }: DemoContext): Promise<void> {
  const admin = users.get('admin')
  if (!admin) return
  const staff = users.get('staff')
  const auth = { tenantId, userId: admin, deptIds: depts.slice(0, 1) }
  const points = [
    ['东门岗亭', 'P-EAST-GATE', '门禁是否正常\n岗亭卫生'],
    ['配电房', 'P-POWER', '温度是否正常\n有无异味、异响\n灭火器在位'],
    ['地下车库', 'P-GARAGE', '照明\n排水\n消防通道畅通'],
    ['A座大堂', 'P-LOBBY-A', '闸机\n消防设施'],
  ].map(([name, code, checkItems]) =>
    stamped(inspectionPoint, auth, { id: nextId(), name, code, checkItems }),
  )
  await tx.insert(inspectionPoint).values(points as never)
  const pathId = nextId()
  await tx
    .insert(inspectionPath)
    .values(
      stamped(inspectionPath, auth, { id: pathId, name: '园区日常巡检路线', remark: '每日一巡' }) as never,
    )
  await tx
    .insert(inspectionPathPoint)
    .values(
      points.map((p, sort) =>
        stamped(inspectionPathPoint, auth, { id: nextId(), pathId, pointId: p.id, sort }),
      ) as never,
    )
  // a second path no plan uses yet (the night round)
  const nightId = nextId()
  await tx
    .insert(inspectionPath)
    .values(stamped(inspectionPath, auth, { id: nightId, name: '夜间安防巡检路线', remark: '' }) as never)
  await tx
    .insert(inspectionPathPoint)
    .values(
      [points[0]!, points[2]!, points[3]!].map((p, sort) =>
        stamped(inspectionPathPoint, auth, { id: nextId(), pathId: nightId, pointId: p.id, sort }),
      ) as never,
    )
  const planId = nextId()
  await tx.insert(inspectionPlan).values(
    stamped(inspectionPlan, auth, {
      id: planId,
      name: '园区日常巡检',
      pathId,
      inspectorIds: [admin, ...(staff ? [staff] : [])].join(','),
      weekdays: '1,2,3,4,5,6,7',
      startTime: '00:00',
      endTime: '23:59',
    }) as never,
  )
  await recordMaker.make(tx, { only: planId })
  await tx.insert(inspectionEvent).values(
    stamped(inspectionEvent, auth, {
      id: nextId(),
      pointId: points[1]!.id,
      level: 2,
      content: '配电房排风扇异响, 需检修',
    }) as never,
  )
}

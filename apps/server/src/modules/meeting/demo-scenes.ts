import { CONTROL } from '@xpark/contract/modules/device'
import { TRIGGER } from '@xpark/contract/modules/meeting'
import { and, eq, inArray } from 'drizzle-orm'
import { nextId } from '../../core/ids.js'
import { stamped } from '../../core/tenancy.js'
import type { Tx } from '../../db/client.js'
import { parkMachine } from '../device/index.js'
import { meetingMachine, scene, sceneLinkage, sceneStep } from './schema.js'

type Who = { tenantId: string; userId: string; deptIds: string[] }

/**
 * The demo park's first room with its machines (screen, lights, air conditioner, and the face
 * terminal at its door where the invited sign in), a 会议开始 and a 会议结束 scene (and 全部关闭, by
 * hand), and linkages on the room's meeting start and end — left disabled, so the demo's meetings do
 * not command machines until someone turns them on.
 */
export async function seedSceneDemo(tx: Tx, who: Who, roomId: string): Promise<void> {
  const codes = ['SCREEN-M1', 'LIGHT-M1', 'AC-M1', 'FACE-M1']
  const machines = await tx
    .select({ id: parkMachine.id, code: parkMachine.code })
    .from(parkMachine)
    .where(and(eq(parkMachine.tenantId, who.tenantId), inArray(parkMachine.code, codes)))
  const id = new Map(machines.map((m) => [m.code, m.id]))
  if (id.size !== codes.length) return
  const roles = ['门牌屏', '灯光', '空调', '签到机']
  await tx
    .insert(meetingMachine)
    .values(
      codes.map((code, i) =>
        stamped(meetingMachine, who, { roomId, machineId: id.get(code)!, role: roles[i], sort: i }),
      ) as never,
    )
  const scenes: [string, [string, string, number][]][] = [
    [
      '会议开始',
      [
        ['LIGHT-M1', CONTROL.on, 0],
        ['AC-M1', CONTROL.on, 1],
        ['SCREEN-M1', CONTROL.on, 0],
      ],
    ],
    [
      '会议结束',
      [
        ['SCREEN-M1', CONTROL.off, 0],
        ['AC-M1', CONTROL.off, 0],
        ['LIGHT-M1', CONTROL.off, 2],
      ],
    ],
    // by hand only (no linkage)
    [
      '全部关闭',
      [
        ['SCREEN-M1', CONTROL.off, 0],
        ['AC-M1', CONTROL.off, 0],
        ['LIGHT-M1', CONTROL.off, 0],
      ],
    ],
  ]
  for (const [index, [name, steps]] of scenes.entries()) {
    const sceneId = nextId()
    await tx.insert(scene).values(stamped(scene, who, { id: sceneId, name, roomId }) as never)
    await tx
      .insert(sceneStep)
      .values(
        steps.map(([code, control, delaySeconds], sort) =>
          stamped(sceneStep, who, { sceneId, machineId: id.get(code)!, control, delaySeconds, sort }),
        ) as never,
      )
    if (index > 1) continue
    await tx.insert(sceneLinkage).values(
      stamped(sceneLinkage, who, {
        name: `一号会议室${name}`,
        triggerType: index === 0 ? TRIGGER.meetingStart : TRIGGER.meetingEnd,
        roomId,
        sceneId,
        status: 0,
      }) as never,
    )
  }
}

import { machineCommands } from '@xpark/contract/modules/device'
import {
  meetingMachineContract,
  SCENE_LIMITS,
  SCENE_TEXTS,
  sceneContract,
  sceneLinkageContract,
  TRIGGER,
} from '@xpark/contract/modules/meeting'
import { and, eq, getTableName, inArray, sql } from 'drizzle-orm'
import { defineResource, type LinesContext, lookup } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import { machines, parkMachine } from '../device/index.js'
import { linkagesChanged } from './linkage.js'
import { meetingRooms } from './resources.js'
import { meetingMachine, meetingRoom, scene, sceneLinkage, sceneStep } from './schema.js'

/** Meeting machines, scenes (steps as lines) and scene linkages. See docs/modules/meeting.md, "Scenes". */

const linkTable = sql.identifier(getTableName(meetingMachine))

export const meetingMachines = defineResource({
  contract: meetingMachineContract,
  table: meetingMachine,
  unique: [{ fields: ['roomId', 'machineId'], message: SCENE_TEXTS.machineLinked }],
  references: {
    roomId: { to: meetingRooms, message: '会议室不存在' },
    machineId: { to: machines, message: '设备不存在' },
  },
  expand: {
    roomName: lookup(meetingRoom, 'name', 'roomId'),
    machineName: lookup(parkMachine, 'name', 'machineId'),
    machineCode: lookup(parkMachine, 'code', 'machineId'),
    machineType: lookup(parkMachine, 'type', 'machineId'),
    // the machine's presence (the silence rule applied), by its code, in the list query
    online: () =>
      sql`coalesce((select case when p.online and p.last_seen_at >= now() - make_interval(secs => p.interval_seconds * 3) then 1 else 0 end from xpark_machine m join xpark_device_presence p on p.tenant_id = m.tenant_id and p.machine = m.code where m.id = ${linkTable}.machine_id and m.tenant_id = ${linkTable}.tenant_id), 0)`,
  },
})

/**
 * A scene's steps: at least one, 30 s of delays at most (a run stays inside one request), each
 * control one its machine's type carries out; kept in the order sent (`sort`).
 */
async function checkSteps({ tx, auth, lines }: LinesContext): Promise<void> {
  if (!lines.length) throw badRequest(SCENE_TEXTS.noSteps)
  const delays = lines.reduce((sum, l) => sum + Number(l.delaySeconds ?? 0), 0)
  if (delays > SCENE_LIMITS.delaySeconds) throw badRequest(SCENE_TEXTS.tooLong)
  const ids = [...new Set(lines.map((l) => String(l.machineId)))]
  const types = new Map(
    (
      await tx
        .select({ id: parkMachine.id, type: parkMachine.type })
        .from(parkMachine)
        .where(and(eq(parkMachine.tenantId, auth.tenantId), inArray(parkMachine.id, ids)))
    ).map((m) => [m.id, m.type]),
  )
  for (const [i, line] of lines.entries()) {
    const type = types.get(String(line.machineId))
    if (type === undefined || !machineCommands.supports(type, String(line.control)))
      throw badRequest(`第 ${i + 1} 行: 该设备不支持此操作`)
    line.sort = i
    // written anew in the order sent: the detail (lines by id) reads them in that order too
    delete line.id
  }
}

const sceneTable = sql.identifier(getTableName(scene))
const stepTable = sql.identifier(getTableName(sceneStep))

export const scenes = defineResource({
  contract: sceneContract,
  table: scene,
  references: { roomId: { to: meetingRooms, message: '会议室不存在' } },
  expand: {
    roomName: lookup(meetingRoom, 'name', 'roomId'),
    stepCount: () =>
      sql`(select count(*)::int from ${stepTable} s where s.scene_id = ${sceneTable}.id and s.tenant_id = ${sceneTable}.tenant_id and s.is_deleted = 0)`,
  },
  lines: {
    table: sceneStep,
    expand: { machineName: lookup(parkMachine, 'name', 'machineId') },
    references: { machineId: { to: machines, message: '设备不存在' } },
    prepare: checkSteps,
  },
  inUse: [{ table: sceneLinkage, column: 'sceneId', message: SCENE_TEXTS.sceneUsed }],
})

/** What each trigger needs: a schedule its time and weekdays, a device event its machine and type. */
function checkTrigger(values: Record<string, unknown>): void {
  if (values.triggerType === undefined) return
  const type = Number(values.triggerType)
  if (type === TRIGGER.schedule && (!values.timeOfDay || !values.weekdays))
    throw badRequest('参数校验失败: timeOfDay: 定时联动需要时间和星期')
  if (type === TRIGGER.deviceEvent && (!values.machineId || !values.eventType))
    throw badRequest('参数校验失败: machineId: 设备事件联动需要设备和事件类型')
  // what another trigger would read is cleared, so a changed trigger leaves nothing behind
  if (type !== TRIGGER.schedule) Object.assign(values, { timeOfDay: '', weekdays: '' })
  if (type !== TRIGGER.deviceEvent) Object.assign(values, { machineId: null, eventType: '' })
  if (type === TRIGGER.schedule || type === TRIGGER.deviceEvent) values.roomId = null
}

export const sceneLinkages = defineResource({
  contract: sceneLinkageContract,
  table: sceneLinkage,
  references: {
    roomId: { to: meetingRooms, message: '会议室不存在' },
    machineId: { to: machines, message: '设备不存在' },
    sceneId: { to: scenes, message: '场景不存在' },
  },
  expand: {
    roomName: lookup(meetingRoom, 'name', 'roomId'),
    machineName: lookup(parkMachine, 'name', 'machineId'),
    sceneName: lookup(scene, 'name', 'sceneId'),
  },
  beforeWrite: async ({ values }) => checkTrigger(values as Record<string, unknown>),
  // this node's index of device-event triggers is read again at the next event (linkage.ts)
  afterCommit: async () => linkagesChanged(),
})

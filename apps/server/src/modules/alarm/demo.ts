import { ALARM, ALARM_SOURCE, RULE_KIND, RULE_SCOPE } from '@xpark/contract/modules/alarm'
import { MACHINE_TYPE } from '@xpark/contract/modules/device'
import { and, eq } from 'drizzle-orm'
import type { DemoContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import { parkMachine } from '../device/index.js'
import { dedupeKeyOf } from './raise.js'
import { alarm, alarmGroup, alarmRule } from './schema.js'

/**
 * The demo park's alarms: a duty group (the admin), a temperature rule on the sensors (held 10 s), a
 * forced-door rule on the doors, a closed alarm of yesterday and an open one of this morning.
 */
export async function seedAlarmDemo({ tx, tenantId, users, depts }: DemoContext): Promise<void> {
  const admin = users.get('admin') ?? '0'
  const auth = { tenantId, userId: admin, deptIds: [...depts] }
  const group = stamped(alarmGroup, auth, { name: '值班告警组', userIds: admin, smsLevel: 4, remark: '' })
  // a second group no rule tells yet (the screens show both kinds)
  const spare = stamped(alarmGroup, auth, { name: '主管告警组', userIds: admin, smsLevel: 0, remark: '' })
  await tx.insert(alarmGroup).values([group, spare] as never)
  const hot = stamped(alarmRule, auth, {
    name: '机房温度过高',
    kind: RULE_KIND.metric,
    metric: 'temperature',
    operator: '>',
    threshold: 35,
    holdSeconds: 10,
    scopeType: RULE_SCOPE.type,
    machineType: MACHINE_TYPE.sensor,
    level: 3,
    groupIds: String(group.id),
  })
  const door = stamped(alarmRule, auth, {
    name: '门禁被强行打开',
    kind: RULE_KIND.event,
    eventType: 'forcedOpen',
    scopeType: RULE_SCOPE.type,
    machineType: MACHINE_TYPE.door,
    level: 4,
    groupIds: String(group.id),
  })
  await tx.insert(alarmRule).values([hot, door] as never)
  const [sensor] = await tx
    .select({ id: parkMachine.id, code: parkMachine.code })
    .from(parkMachine)
    .where(and(eq(parkMachine.tenantId, tenantId), eq(parkMachine.type, MACHINE_TYPE.sensor)))
    .limit(1)
  const [gate] = await tx
    .select({ id: parkMachine.id, code: parkMachine.code })
    .from(parkMachine)
    .where(and(eq(parkMachine.tenantId, tenantId), eq(parkMachine.type, MACHINE_TYPE.door)))
    .limit(1)
  if (!sensor || !gate) return
  const morning = new Date()
  morning.setHours(7, 30, 0, 0)
  const doorRule = String(door.id)
  await tx.insert(alarm).values(
    stamped(alarm, auth, {
      dedupeKey: dedupeKeyOf({
        ruleId: doorRule,
        alarmType: 'forcedOpen',
        machineId: gate.id,
        machineCode: gate.code,
      }),
      ruleId: doorRule,
      machineId: gate.id,
      machineCode: gate.code,
      source: ALARM_SOURCE.device,
      alarmType: 'forcedOpen',
      level: 4,
      content: '门禁被强行打开: forcedOpen',
      count: 1,
      firstTime: morning,
      lastTime: morning,
      status: ALARM.open,
    }) as never,
  )
  const yesterday = new Date(Date.now() - 24 * 3600_000)
  const ruleId = String(hot.id)
  await tx.insert(alarm).values(
    stamped(alarm, auth, {
      dedupeKey: dedupeKeyOf({
        ruleId,
        alarmType: 'temperature',
        machineId: sensor.id,
        machineCode: sensor.code,
      }),
      ruleId,
      machineId: sensor.id,
      machineCode: sensor.code,
      source: ALARM_SOURCE.device,
      alarmType: 'temperature',
      level: 3,
      content: '机房温度过高: temperature 38.5 > 35',
      value: 38.5,
      count: 3,
      firstTime: yesterday,
      lastTime: new Date(yesterday.getTime() + 60_000),
      status: ALARM.closed,
      handlerId: admin,
      closeTime: new Date(yesterday.getTime() + 600_000),
      remark: '空调已恢复',
    }) as never,
  )
}

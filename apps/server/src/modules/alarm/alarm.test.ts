import { ALARM, ALARM_TEXTS } from '@xpark/contract/modules/alarm'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devicePresence } from '../../core/devices/schema.js'
import { apiClient } from '../../test/client.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { until } from '../../test/until.js'
import { parkMachine, simulatorOf } from '../device/index.js'
import { user } from '../identity/index.js'
import { message } from '../message/index.js'
import { smsRecord } from '../resource/index.js'
import { boundEngine } from './engine.js'
import { alarm, alarmNotice } from './schema.js'

/**
 * Alarms through their routes and the device layer, with the demo park's machines simulated on the
 * embedded broker: a reading held N s raises one alarm, further crossings count on it, the schedule,
 * events, the states and their refusals (nothing written), the fan-out (messages, one SMS per person,
 * the live event), other systems' alarms, rule edits reaching the engine, and the edge sync.
 */
const TENANT = '100001'
type Json = Record<string, unknown>

describe('alarms', () => {
  let t: TestContext
  let admin: Headers
  let staff: Headers
  let adminId: string
  let staffId: string
  let sensorId: string
  let groupId: string
  let ruleId: string
  const { get, post } = apiClient(
    () => t,
    () => admin,
  )
  const sim = () => simulatorOf(t.app.devices)!
  const online = async (code: string) =>
    (await t.app.devices.online(TENANT, [code])).get(code)?.online === true
  const alarmsOf = (rule: string) =>
    t.database.db
      .select()
      .from(alarm)
      .where(and(eq(alarm.ruleId, rule), eq(alarm.isDeleted, 0)))
      .orderBy(asc(alarm.createTime))
  const userId = async (account: string) =>
    (
      await t.database.db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.tenantId, TENANT), eq(user.account, account)))
    )[0]!.id

  const saveRule = async (values: Json) => {
    const r = await post('park-manage/alarmController/saveAlarmRule', {
      kind: 1,
      scopeType: 3,
      machineIds: sensorId,
      level: 3,
      operator: '>',
      threshold: 50,
      holdSeconds: 1,
      groupIds: groupId,
      status: 1,
      ...values,
    })
    expect(r.body.success, r.text).toBe(true)
    return String((r.body.data as { id: string }).id)
  }

  beforeAll(async () => {
    t = await startTestApp({ XPARK_DEVICE_SIMULATOR: 'on' })
    admin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: TENANT, account: 'staff' }))
    adminId = await userId('admin')
    staffId = await userId('staff')
    await t.database.db.update(user).set({ phone: '13800000001' }).where(eq(user.id, adminId))
    await t.database.db.update(user).set({ phone: '13800000002' }).where(eq(user.id, staffId))
    sensorId = (
      await t.database.db
        .select({ id: parkMachine.id })
        .from(parkMachine)
        .where(and(eq(parkMachine.tenantId, TENANT), eq(parkMachine.code, 'SENSOR-R1')))
    )[0]!.id
    await until(() => online('SENSOR-R1'), 30_000)
    await until(() => online('DOOR-A1'), 30_000)
  }, 90_000)
  afterAll(() => t?.close())

  it('answers every alarm call of the spec (endpoints.tsv)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/xparkApi/docs/json' })).json() as {
      paths: Record<string, unknown>
    }
    for (const p of [
      '/park-manage/alarmController/queryAlarmRule',
      '/park-manage/alarmController/saveAlarmRule',
      '/park-manage/alarmController/updateAlarmRule',
      '/park-manage/alarmController/deleteAlarmRule',
      '/park-manage/alarmController/queryAlarm',
      '/park-manage/alarmController/closeAlarm',
      '/park-manage/alarmController/saveAlarmRuleGroupRel',
      '/park-manage/alarmGroup/list',
      '/park-manage/alarmGroup/detail',
      '/park-manage/alarmGroup/remove',
      '/park-manage/alarmGroup/submit',
      '/park-manage/alarmInfor/alarmInforAdd',
      '/park-manage/AlarmRecord/alarmRecordDelete',
      '/park-centre/syncAlarmRules',
    ])
      expect(doc.paths[`/xparkApi${p}`], p).toBeDefined()
  })

  it('groups: members by user id, SMS from a level', async () => {
    const bad = await post('park-manage/alarmGroup/submit', { name: '夜班', userIds: '123456789' })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toContain('组成员不存在')
    const r = await post('park-manage/alarmGroup/submit', {
      name: '夜班',
      userIds: `${adminId},${staffId}`,
      smsLevel: 3,
    })
    expect(r.body.success, r.text).toBe(true)
    groupId = String((r.body.data as { id: string }).id)
    // a second group with the admin: told once all the same
    await post('park-manage/alarmGroup/submit', { name: '主管', userIds: adminId, smsLevel: 1 })
    const list = await get('park-manage/alarmGroup/list', { name: '夜班' })
    expect((list.body.data as { records: Json[] }).records[0]!.userNames).toContain('管理员')
  })

  it('a rule says what it watches', async () => {
    const r = await post('park-manage/alarmController/saveAlarmRule', {
      name: '无指标',
      kind: 1,
      scopeType: 3,
      machineIds: sensorId,
      level: 2,
    })
    expect(r.status).toBe(400)
    expect(r.body.msg).toBe(ALARM_TEXTS.metricNeeded)
    const e = await post('park-manage/alarmController/saveAlarmRule', {
      name: '无事件',
      kind: 2,
      scopeType: 1,
      machineType: 1,
      level: 2,
    })
    expect(e.body.msg).toBe(ALARM_TEXTS.eventNeeded)
    const s = await post('park-manage/alarmController/saveAlarmRule', {
      name: '无设备',
      kind: 2,
      eventType: 'smoke',
      scopeType: 1,
      level: 2,
    })
    expect(s.body.msg).toBe(ALARM_TEXTS.scopeType)
  })

  it('a reading held N s raises exactly one alarm; further crossings count on it', async () => {
    ruleId = await saveRule({ name: '温度过高 (测试)', metric: 'temp', holdSeconds: 1 })
    const groups = await post('park-manage/alarmController/saveAlarmRuleGroupRel', {
      ruleId,
      groupIds: `${groupId}`,
    })
    expect(groups.body.success, groups.text).toBe(true)
    // a reading inside every threshold does not reach the engine's handler (its check before the
    // transaction says no); the message itself is taken (the analysis module stores every reading, in batches)
    const engine = boundEngine()!
    const { readings } = engine.stats
    const taken = () => {
      const i = t.app.devices.ingested
      return i.handled + i.passed + i.batched
    }
    const before = taken()
    await sim().read(TENANT, 'SENSOR-R1', { temp: 20 })
    await until(() => taken() > before)
    expect(engine.stats.readings).toBe(readings)
    await sim().read(TENANT, 'SENSOR-R1', { temp: 60 })
    await new Promise((r) => setTimeout(r, 400))
    expect(await alarmsOf(ruleId)).toHaveLength(0)
    await new Promise((r) => setTimeout(r, 800))
    await sim().read(TENANT, 'SENSOR-R1', { temp: 61 })
    await until(async () => (await alarmsOf(ruleId)).length === 1)
    for (const v of [62, 63, 64]) await sim().read(TENANT, 'SENSOR-R1', { temp: v })
    await until(async () => (await alarmsOf(ruleId))[0]?.count === 4)
    const rows = await alarmsOf(ruleId)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: ALARM.open, level: 3, value: 64, machineCode: 'SENSOR-R1' })
    expect(rows[0]!.lastTime.getTime()).toBeGreaterThan(rows[0]!.firstTime.getTime())
  })

  it('fans out once per alarm and person: messages, one SMS, notices', async () => {
    const [a] = await alarmsOf(ruleId)
    await until(async () => {
      const sms = await t.database.db.select().from(smsRecord).where(eq(smsRecord.tenantId, TENANT))
      return sms.some((s) => s.phones.includes('13800000002'))
    })
    const messages = await t.database.db
      .select({ userId: message.userId, title: message.title })
      .from(message)
      .where(and(eq(message.tenantId, TENANT), eq(message.module, 'alarm')))
    const mine = messages.filter((m) => m.title.includes('温度过高 (测试)'))
    expect(mine.map((m) => m.userId).sort()).toEqual([adminId, staffId].sort())
    expect(mine[0]!.title).toContain('【重要告警】')
    const notices = await t.database.db.select().from(alarmNotice).where(eq(alarmNotice.alarmId, a!.id))
    expect(
      notices
        .filter((n) => n.channel === 'sms')
        .map((n) => n.userId)
        .sort(),
    ).toEqual([adminId, staffId].sort())
    const sms = (await t.database.db.select().from(smsRecord).where(eq(smsRecord.tenantId, TENANT))).filter(
      (s) => s.phones.includes('13800000001') || s.phones.includes('13800000002'),
    )
    expect(sms).toHaveLength(1)
    expect(sms[0]!.phoneCount).toBe(2)
  })

  it('outside the schedule a rule raises nothing', async () => {
    const today = new Date().getDay() === 0 ? 7 : new Date().getDay()
    const other = today === 1 ? 2 : 1
    const off = await saveRule({ name: '非今日', metric: 'hum', holdSeconds: 0, weekdays: String(other) })
    const on = await saveRule({ name: '今日', metric: 'hum2', holdSeconds: 0, weekdays: String(today) })
    await sim().read(TENANT, 'SENSOR-R1', { hum: 99, hum2: 99 })
    await until(async () => (await alarmsOf(on)).length === 1)
    expect(await alarmsOf(off)).toHaveLength(0)
  })

  it('a device event raises the alarm of its type', async () => {
    // an event type no rule watches opens no transaction for the alarms (checked on cached rules)
    expect(await boundEngine()!.watchesEvent(TENANT, 'punch')).toBe(false)
    const door = await saveRule({
      name: '强行开门 (测试)',
      kind: 2,
      eventType: 'forcedOpen',
      scopeType: 1,
      machineType: 1,
      machineIds: '',
      level: 4,
    })
    expect(await boundEngine()!.watchesEvent(TENANT, 'forcedOpen')).toBe(true)
    await sim().raise(TENANT, 'DOOR-A1', { type: 'forcedOpen' })
    await until(async () => (await alarmsOf(door)).length === 1)
    expect((await alarmsOf(door))[0]).toMatchObject({
      alarmType: 'forcedOpen',
      level: 4,
      machineCode: 'DOOR-A1',
    })
  })

  it('states: claim, close with a remark and alarm_close; refusals write nothing', async () => {
    const [a] = await alarmsOf(ruleId)
    const id = a!.id
    // an open alarm is not deleted, nor its rule
    const del = await post('park-manage/AlarmRecord/alarmRecordDelete', undefined, { ids: id })
    expect(del.status).toBe(409)
    expect(del.body.msg).toBe(ALARM_TEXTS.notClosed)
    const delRule = await post('park-manage/alarmController/deleteAlarmRule', undefined, { ids: ruleId })
    expect(delRule.status).toBe(409)
    expect(delRule.body.msg).toBe(ALARM_TEXTS.ruleOpen)
    // no remark; not allowed
    const bare = await post('park-manage/alarmController/closeAlarm', { id })
    expect(bare.status).toBe(400)
    const byStaff = await post(
      'park-manage/alarmController/closeAlarm',
      { id, remark: '已处理' },
      undefined,
      staff,
    )
    expect(byStaff.status).toBe(403)
    expect((await alarmsOf(ruleId))[0]).toEqual(a)
    // staff only look; the admin claims it
    const staffClaim = await post('park-manage/AlarmRecord/claimAlarm', { id }, undefined, staff)
    expect(staffClaim.status).toBe(403)
    const claim = await post('park-manage/AlarmRecord/claimAlarm', { id })
    expect(claim.body.success, claim.text).toBe(true)
    expect((await alarmsOf(ruleId))[0]).toMatchObject({ status: ALARM.claimed, handlerId: adminId })
    const close = await post('park-manage/alarmController/closeAlarm', { id, remark: '空调已恢复' })
    expect(close.body.success, close.text).toBe(true)
    const closed = (await alarmsOf(ruleId))[0]!
    expect(closed).toMatchObject({ status: ALARM.closed, remark: '空调已恢复', handlerId: adminId })
    const again = await post('park-manage/alarmController/closeAlarm', { id, remark: '再次' })
    expect(again.status).toBe(409)
    expect((await alarmsOf(ruleId))[0]).toEqual(closed)
    const page = await get('park-manage/alarmController/queryAlarm', { ruleId, status: ALARM.closed })
    expect((page.body.data as { records: Json[] }).records[0]).toMatchObject({
      id,
      handlerName: expect.any(String),
      ruleName: '温度过高 (测试)',
    })
  })

  it('after close, a new crossing opens a new alarm; a closed one is deleted', async () => {
    const [first] = await alarmsOf(ruleId)
    await sim().read(TENANT, 'SENSOR-R1', { temp: 70 })
    await until(async () => (await alarmsOf(ruleId)).length === 2)
    const rows = await alarmsOf(ruleId)
    expect(rows[1]).toMatchObject({ status: ALARM.open, count: 1 })
    const del = await post('park-manage/AlarmRecord/alarmRecordDelete', undefined, { ids: first!.id })
    expect(del.body.success, del.text).toBe(true)
    expect(await alarmsOf(ruleId)).toHaveLength(1)
  })

  it('a rule edit reaches the engine at once: a disabled rule counts nothing', async () => {
    const [open] = await alarmsOf(ruleId)
    const r = await post('park-manage/alarmController/updateAlarmRule', { id: ruleId, status: 0 })
    expect(r.body.success, r.text).toBe(true)
    await sim().read(TENANT, 'SENSOR-R1', { temp: 80, hum2: 99 })
    // the same message's other rule is handled: the reading went through
    await until(async () => (await alarmsOf(await ruleNamed('今日')))[0]?.count === 2)
    expect((await alarmsOf(ruleId))[0]!.count).toBe(open!.count)
  })

  const ruleNamed = async (name: string) => {
    const page = await get('park-manage/alarmController/queryAlarmRule', { name })
    return String((page.body.data as { records: Json[] }).records[0]!.id)
  }

  it('alarmInforAdd: other systems, one record shape, alarm_intake', async () => {
    const hot = await ruleNamed('今日')
    const denied = await post(
      'park-manage/alarmInfor/alarmInforAdd',
      { alarmType: 'fire', content: '消防主机火警' },
      undefined,
      staff,
    )
    expect(denied.status).toBe(403)
    const unknown = await post('park-manage/alarmInfor/alarmInforAdd', { alarmType: 'fire', ruleId: '123' })
    expect(unknown.status).toBe(400)
    const one = await post('park-manage/alarmInfor/alarmInforAdd', {
      alarmType: 'fire',
      content: '消防主机火警',
      level: 4,
      machineId: sensorId,
    })
    expect(one.body.data).toMatchObject({ count: 1, opened: true })
    const two = await post('park-manage/alarmInfor/alarmInforAdd', {
      alarmType: 'fire',
      content: '消防主机火警',
      level: 4,
      machineId: sensorId,
    })
    expect(two.body.data).toMatchObject({ id: (one.body.data as Json).id, count: 2, opened: false })
    const [row] = await t.database.db
      .select()
      .from(alarm)
      .where(eq(alarm.id, String((one.body.data as Json).id)))
    expect(row).toMatchObject({ source: 2, level: 4, ruleId: null, content: '消防主机火警' })
    // with a rule: counted on that rule's open alarm of the machine
    const viaRule = await post('park-manage/alarmInfor/alarmInforAdd', {
      alarmType: 'hum2',
      ruleId: hot,
      machineId: sensorId,
    })
    expect(viaRule.body.data).toMatchObject({ opened: false, count: 3 })
  })

  it('syncAlarmRules pushes the enabled rules to the machines as retained config, per machine', async () => {
    const r = await post('park-centre/syncAlarmRules')
    expect(r.body.success, r.text).toBe(true)
    const data = r.body.data as { rules: number; machines: { code: string; rules: number; sent: boolean }[] }
    const sensor = data.machines.find((m) => m.code === 'SENSOR-R1')!
    expect(sensor.sent).toBe(true)
    expect(sensor.rules).toBeGreaterThanOrEqual(3)
    await until(() => {
      const held = sim().sectionOf(TENANT, 'SENSOR-R1', 'alarms') as { rules: Json[] } | undefined
      return held?.rules.length === sensor.rules
    })
    const held = sim().sectionOf(TENANT, 'SENSOR-R1', 'alarms') as { rules: Json[] }
    expect(held.rules.map((x) => x.metric)).toContain('hum2')
    expect(held.rules.map((x) => x.metric)).not.toContain('temp')
  })

  it("today's figures for the home card", async () => {
    const r = await get('park-manage/alarmController/todayAlarms')
    const data = r.body.data as { total: number; open: number; byLevel: Json[] }
    expect(data.total).toBeGreaterThanOrEqual(4)
    expect(data.open).toBeGreaterThanOrEqual(3)
  })

  it('a machine gone offline raises the offline rules: by its last will, and by the sweep when silent', async () => {
    const doors = await saveRule({
      name: '门禁离线 (测试)',
      kind: 2,
      eventType: 'offline',
      scopeType: 1,
      machineType: 1,
      machineIds: '',
      level: 3,
    })
    // the power goes: the broker publishes the door's last will, the node that takes it tells
    await sim().fault(TENANT, 'DOOR-A1', 'offline')
    await until(async () => (await alarmsOf(doors)).length === 1, 30_000)
    expect((await alarmsOf(doors))[0]).toMatchObject({ alarmType: 'offline', machineCode: 'DOOR-A1' })
    await sim().fault(TENANT, 'DOOR-A1', 'none')

    const sensors = await saveRule({ name: '传感器离线 (测试)', kind: 2, eventType: 'offline', level: 2 })
    // silent for three report intervals (made so by moving its last word back): the sweep marks it
    await sim().fault(TENANT, 'SENSOR-R1', 'silent')
    await t.app.devices.presence.flush()
    await t.database.db
      .update(devicePresence)
      .set({ lastSeenAt: new Date(Date.now() - 3_600_000) })
      .where(and(eq(devicePresence.tenantId, TENANT), eq(devicePresence.machine, 'SENSOR-R1')))
    await t.app.devices.presence.sweep()
    await until(async () => (await alarmsOf(sensors)).length === 1)
    expect((await alarmsOf(sensors))[0]).toMatchObject({ alarmType: 'offline', machineCode: 'SENSOR-R1' })
    await sim().fault(TENANT, 'SENSOR-R1', 'none')
  })
})

import { CONTROL, CONTROL_PERMISSION } from '@xpark/contract/modules/device'
import { and, count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { menu, role, roleMenu, user } from '../../compose/schema.js'
import { hashPassword, md5 } from '../../core/auth/passwords.js'
import { deviceCommand, devicePresence } from '../../core/devices/schema.js'
import { nextId } from '../../core/ids.js'
import { apiClient } from '../../test/client.js'
import {
  bearer,
  DEMO_PASSWORD,
  type Headers,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { until } from '../../test/until.js'
import { simulatorOf } from './index.js'
import { machineGrant, parkMachine } from './schema.js'

/**
 * The device module through its routes, with the demo park's machines simulated on the embedded
 * broker: machines (write-only credentials, live online state), controls (supported, online, door
 * permission, ack/refusal/timeout, logged; refusals write nothing), report rules reaching the
 * machines, grants issued and retried, fault types, the spec's routes.
 */
const TENANT = '100001'
type Json = Record<string, unknown>

describe('devices', () => {
  let t: TestContext
  let admin: Headers
  let staff: Headers
  const { get, post } = apiClient(
    () => t,
    () => admin,
  )
  const machineId = async (code: string) =>
    (
      await t.database.db
        .select({ id: parkMachine.id })
        .from(parkMachine)
        .where(and(eq(parkMachine.tenantId, TENANT), eq(parkMachine.code, code)))
    )[0]!.id
  const commands = async () => (await t.database.db.select({ n: count() }).from(deviceCommand))[0]!.n
  const sim = () => simulatorOf(t.app.devices)!
  const online = async (code: string) =>
    (await t.app.devices.online(TENANT, [code])).get(code)?.online === true

  beforeAll(async () => {
    t = await startTestApp({ XPARK_DEVICE_SIMULATOR: 'on' })
    admin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: TENANT, account: 'staff' }))
    // the simulated park connects at start: on a loaded machine that takes a few seconds
    await until(() => online('DOOR-A1'), 30_000)
    await until(() => online('LIGHT-M1'), 30_000)
  }, 90_000)
  afterAll(() => t.close())

  it('answers every machine call of the spec that is ours (endpoints.tsv)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/xparkApi/docs/json' })).json() as {
      paths: Record<string, unknown>
    }
    for (const p of [
      '/park-manage/machine/queryMachines',
      '/park-manage/machine/queryMachines1',
      '/machineManage/list',
      '/park-manage/machine/queryMachineDict',
      '/park-manage/machine/updateMachine',
      '/park-manage/machine/querySyncUserMachine',
      '/park-manage/machine/querySyncUserMachineroom',
      '/park-manage/machine/syncOwnerToMiddle',
      '/park-manage/machine/syncMachineList',
      '/park-manage/machine/queryMachineControl',
      '/park-manage/machine/controlMachine',
      '/park-manage/machine/saveMachineUser',
      '/park-manage/machine/deleteMachineUser',
      '/park-manage/machine/alterMachineToClockCard',
      '/park-manage/machine/WarehouseEquipment',
      '/park-manage/report/queryReportRule',
      '/park-manage/report/saveReportRule',
      '/park-manage/report/deleteReportRule',
      '/park-manage/report/updateReportRule',
      '/park-manage/report/saveReportMachineRel',
      '/park-manage/report/deleteReportMachineRel',
      '/park-manage/report/queryReportMachineRel',
      '/park-storage/parkMachine/addEquipment',
      '/park-storage/parkMachine/getMachineCount',
      '/machinefaulttype/list',
      '/machinefaulttype/typeList',
      '/machinefaulttype/detail',
      '/machinefaulttype/remove',
      '/machinefaulttype/submit',
    ])
      expect(doc.paths, p).toHaveProperty([`/xparkApi${p}`])
  })

  it('lists machines with their live online state, and keeps credentials write-only', async () => {
    // what was heard is written once a second; the list reads what was written
    await t.app.devices.presence.flush()
    const page = await get<{ records: Json[] }>('park-manage/machine/queryMachines', { current: 1, size: 50 })
    expect(page.status, page.body.msg).toBe(200)
    const door = page.body.data.records.find((r) => r.code === 'DOOR-A1')!
    expect(door.online).toBe(1)
    expect(door).not.toHaveProperty('machineAccount')
    expect(door).not.toHaveProperty('machinePassword')
    const saved = await post<{ id: string }>('park-manage/machine/updateMachine', {
      code: 'CAM-NEW',
      name: '新摄像头',
      type: 2,
      machineAccount: 'admin',
      machinePassword: 'secret-pass',
    })
    expect(saved.status, saved.body.msg).toBe(200)
    const id = saved.body.data.id
    const stored = async () =>
      (await t.database.db.select().from(parkMachine).where(eq(parkMachine.id, id)))[0]!
    const sealed = (await stored()).machinePassword
    expect(sealed).not.toContain('secret-pass')
    expect(t.app.secrets.open(sealed)).toBe('secret-pass')
    // an empty value keeps what is stored
    expect(
      (
        await post('park-manage/machine/updateMachine', {
          id,
          code: 'CAM-NEW',
          name: '新摄像头 2',
          type: 2,
          machinePassword: '',
        })
      ).status,
    ).toBe(200)
    expect(t.app.secrets.open((await stored()).machinePassword)).toBe('secret-pass')
    const detail = await get<Json>('park-manage/machine/detail', { id })
    expect(detail.body.data.name).toBe('新摄像头 2')
    expect(detail.text).not.toContain('machinePassword')
    // the code names it on MQTT: unique, and fixed
    expect(
      (await post('park-manage/machine/updateMachine', { code: 'CAM-NEW', name: 'x', type: 2 })).body.msg,
    ).toBe('设备编码已存在: CAM-NEW')
    expect(
      (await post('park-manage/machine/updateMachine', { id, code: 'CAM-X', name: 'x', type: 2 })).body.msg,
    ).toBe('设备编码不能修改')
    const list = await get<{ records: Json[] }>('machineManage/list', { code: 'CAM-NEW' })
    expect(list.body.data.records.map((r) => r.code)).toEqual(['CAM-NEW'])
  })

  it("offers the controls the machine's type carries out", async () => {
    const res = await get<{ dictKey: string; dictValue: string }[]>(
      'park-manage/machine/queryMachineControl',
      { machineId: await machineId('DOOR-A1') },
    )
    expect(res.body.data).toEqual([
      { dictKey: '4', dictValue: '开门' },
      { dictKey: '5', dictValue: '关门' },
      { dictKey: '6', dictValue: '常开' },
      { dictKey: '7', dictValue: '常闭' },
      { dictKey: '3', dictValue: '重启' },
    ])
  })

  it('opens a door: the machine acks, the command is logged with who sent it', async () => {
    const before = await commands()
    const res = await post<Json>('park-manage/machine/controlMachine', {
      machineId: await machineId('DOOR-A1'),
      control: '4',
    })
    expect(res.status, res.body.msg).toBe(200)
    expect(res.body.data).toMatchObject({ result: 1, resultName: '成功', reason: '' })
    expect(await commands()).toBe(before + 1)
    const log = await get<{ records: Json[] }>('park-manage/machineCommand/page', { current: 1, size: 1 })
    expect(log.body.data.records[0]).toMatchObject({
      machine: 'DOOR-A1',
      control: '4',
      result: 1,
      source: 'WEB',
      machineName: 'A 栋大门门禁',
    })
    expect(log.body.data.records[0]!.createUserName).toBeTruthy()
    expect(sim().commandsOf(TENANT, 'DOOR-A1').at(-1)?.control).toBe('open')
  })

  it('refuses what the type does not do, an offline machine, and a viewer; a refusal writes nothing', async () => {
    const before = await commands()
    const unsupported = await post('park-manage/machine/controlMachine', {
      machineId: await machineId('LIGHT-M1'),
      control: '4',
    })
    expect([unsupported.status, unsupported.body.msg]).toEqual([400, '该设备不支持此操作'])
    await sim().fault(TENANT, 'LIGHT-M1', 'offline')
    await until(async () => !(await online('LIGHT-M1')))
    const offline = await post('park-manage/machine/controlMachine', {
      machineId: await machineId('LIGHT-M1'),
      control: '1',
    })
    expect([offline.status, offline.body.msg]).toEqual([409, '设备离线'])
    await sim().fault(TENANT, 'LIGHT-M1', 'none')
    const viewer = await post(
      'park-manage/machine/controlMachine',
      { machineId: await machineId('DOOR-A1'), control: '4' },
      undefined,
      staff,
    )
    expect(viewer.status).toBe(403)
    expect(await commands()).toBe(before)
  })

  it("enforces each control's declared permission: machine_control alone works a light, not a door", async () => {
    const db = t.database.db
    const roleId = nextId()
    await db
      .insert(role)
      .values({ id: roleId, tenantId: TENANT, roleName: '设备操作', roleAlias: 'operator' })
    const menus = await db
      .select()
      .from(menu)
      .where(inArray(menu.code, ['device', 'machine', 'machine_view', CONTROL_PERMISSION]))
    await db.insert(roleMenu).values(menus.map((m) => ({ id: nextId(), roleId, menuId: m.id })))
    await db.insert(user).values({
      id: nextId(),
      tenantId: TENANT,
      account: 'operator',
      password: await hashPassword(md5(DEMO_PASSWORD)),
      realName: '设备操作员',
      roleId,
    })
    const operator = bearer(await signIn(t.app, { tenantId: TENANT, account: 'operator' }))
    const before = await commands()
    const door = await post(
      'park-manage/machine/controlMachine',
      { machineId: await machineId('DOOR-A1'), control: CONTROL.open },
      undefined,
      operator,
    )
    expect([door.status, door.body.msg]).toEqual([403, '没有控制此设备的权限'])
    expect(await commands()).toBe(before)
    const light = await post<Json>(
      'park-manage/machine/controlMachine',
      { machineId: await machineId('LIGHT-M1'), control: CONTROL.on },
      undefined,
      operator,
    )
    expect(light.status, light.body.msg).toBe(200)
    expect(light.body.data).toMatchObject({ result: 1 })
    expect(await commands()).toBe(before + 1)
  })

  it("logs a refusal with the machine's reason, and no answer as 超时", async () => {
    await sim().fault(TENANT, 'GATE-P1', 'refuse')
    const refused = await post<Json>('park-manage/machine/controlMachine', {
      machineId: await machineId('GATE-P1'),
      control: '4',
    })
    expect(refused.body.data).toMatchObject({ result: 2, resultName: '失败', reason: '设备故障, 拒绝执行' })
    await sim().fault(TENANT, 'GATE-P1', 'none')
    const [last] = await t.database.db
      .select()
      .from(deviceCommand)
      .where(eq(deviceCommand.machine, 'GATE-P1'))
    expect(last).toMatchObject({ result: 2, reason: '设备故障, 拒绝执行' })
  })

  it('puts machines under a report rule: the rule reaches them as config', async () => {
    const rule = await post<{ id: string }>('park-manage/report/saveReportRule', {
      name: '测试规则',
      intervalSeconds: 15,
    })
    expect(rule.status, rule.body.msg).toBe(200)
    const sensor = await machineId('SENSOR-R1')
    const rel = await post('park-manage/report/saveReportMachineRel', {
      ruleId: rule.body.data.id,
      machineIds: sensor,
    })
    expect(rel.status, rel.body.msg).toBe(200)
    const [presence] = await t.database.db
      .select()
      .from(devicePresence)
      .where(eq(devicePresence.machine, 'SENSOR-R1'))
    expect(presence?.intervalSeconds).toBe(15)
    const machinesOfRule = await get<Json[]>('park-manage/report/queryReportMachineRel', {
      ruleId: rule.body.data.id,
    })
    expect(machinesOfRule.body.data.map((m) => m.machineCode)).toEqual(['SENSOR-R1'])
    const removeInUse = await post('park-manage/report/deleteReportRule', undefined, {
      ids: rule.body.data.id,
    })
    expect(removeInUse.status).toBe(409)
    // a machine of another tenant (or none) refuses the batch
    const bad = await post('park-manage/report/saveReportMachineRel', {
      ruleId: rule.body.data.id,
      machineIds: `${sensor},123456789`,
    })
    expect(bad.status).toBe(404)
  })

  it('issues grants to the door, and marks a refused one 下发失败 with the reason for a later try', async () => {
    const door = await machineId('FACE-A1')
    const [someone] = await t.database.db
      .select({ userId: machineGrant.userId })
      .from(machineGrant)
      .where(eq(machineGrant.machineId, door))
    // the demo's grants: issued by the job, here by a sync
    expect((await post('park-manage/machine/syncOwnerToMiddle', { machineId: door })).status).toBe(200)
    await until(async () => {
      const rows = await t.database.db.select().from(machineGrant).where(eq(machineGrant.machineId, door))
      return rows.every((r) => r.grantStatus === 1)
    })
    await sim().fault(TENANT, 'FACE-A1', 'refuse')
    expect(
      (await post('park-manage/machine/saveMachineUser', { machineId: door, userIds: someone!.userId }))
        .status,
    ).toBe(200)
    await until(async () => {
      const [row] = await t.database.db
        .select()
        .from(machineGrant)
        .where(and(eq(machineGrant.machineId, door), eq(machineGrant.userId, someone!.userId)))
      return row?.grantStatus === 2
    })
    const page = await get<{ records: Json[] }>('park-manage/machine/querySyncUserMachine', {
      machineId: door,
      grantStatus: 2,
    })
    expect(page.body.data.records[0]).toMatchObject({
      grantStatus: 2,
      error: '设备故障, 拒绝执行',
      attempts: 1,
    })
    expect(page.body.data.records[0]!.nextAttemptAt).toBeTruthy()
    await sim().fault(TENANT, 'FACE-A1', 'none')
    // a light takes no grants; a machine with grants is not removed
    expect(
      (
        await post('park-manage/machine/saveMachineUser', {
          machineId: await machineId('LIGHT-M1'),
          userIds: someone!.userId,
        })
      ).body.msg,
    ).toBe('该设备不支持授权')
    expect((await post('park-manage/machine/remove', undefined, { ids: door })).status).toBe(409)
  })

  it('fault types: typeList answers the select', async () => {
    const res = await get<Json[]>('machinefaulttype/typeList')
    expect(res.body.data.map((r) => r.name)).toContain('门锁无法打开')
    expect((await post('machinefaulttype/submit', { name: '门锁无法打开' })).body.msg).toBe(
      '故障类型已存在: 门锁无法打开',
    )
  })

  it('counts machines by type with how many are online, and answers the dashboard', async () => {
    const counts = await get<{ type: number; total: number; online: number }[]>(
      'park-storage/parkMachine/getMachineCount',
    )
    const doors = counts.body.data.find((c) => c.type === 1)!
    expect(doors.total).toBe(2)
    const dash = await get<Json>('park-manage/machine/dashboard')
    expect(dash.body.data).toMatchObject({ gatewayConnected: true })
  })
})

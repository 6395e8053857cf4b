import { CONTROL } from '@xpark/contract/modules/device'
import {
  SCENE_RESULT,
  SCENE_TEXTS,
  type SceneRun,
  SIGN_METHOD,
  SIGN_RESULT,
  TRIGGER,
} from '@xpark/contract/modules/meeting'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deviceCommand, deviceEventSeen } from '../../core/devices/schema.js'
import { formatDateTime } from '../../core/envelope.js'
import type { ModuleContext } from '../../core/module.js'
import { apiClient } from '../../test/client.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { until } from '../../test/until.js'
import { parkMachine, simulatorOf } from '../device/index.js'
import { user } from '../identity/index.js'
import { fireSchedules } from './linkage.js'
import { meetingSign, scene, sceneLog } from './schema.js'

/**
 * Meeting machines, scenes and their linkage through the routes, with the demo park's machines
 * simulated: controls on the one command path, runs logged step by step (a partial failure shows),
 * the scene's lock, and linkages on meeting start, device events (once per event id), schedules,
 * with no loops.
 */
const PARK = '100001'
type Json = Record<string, unknown>

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('scenes and meeting machines', () => {
  let t: TestContext
  let admin: Headers
  let staff: Headers
  let seq = 0
  const api = apiClient(
    () => t,
    () => admin,
  )
  const ok = <T>(r: { status: number; body: { msg: string; data: T } }) => {
    expect(r.status, r.body.msg).toBe(200)
    return r.body.data
  }
  const sim = () => simulatorOf(t.app.devices)!
  const machine = async (code: string) =>
    (
      await t.database.db
        .select({ id: parkMachine.id })
        .from(parkMachine)
        .where(and(eq(parkMachine.tenantId, PARK), eq(parkMachine.code, code)))
    )[0]!.id
  const online = async (code: string) => (await t.app.devices.online(PARK, [code])).get(code)?.online === true
  const room = async () =>
    ok(await api.post<{ id: string }>('park-meeting/room/submit', { name: `场景会议室 ${++seq}` })).id
  const newScene = async (steps: Json[], name = `场景 ${++seq}`) =>
    ok(await api.post<{ id: string }>('park-meeting/scene/submit', { name, steps })).id
  const logsOf = (sceneId: string, source?: string) =>
    t.database.db
      .select()
      .from(sceneLog)
      .where(and(eq(sceneLog.sceneId, sceneId), source ? eq(sceneLog.source, source) : undefined))
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    t = await startTestApp({ XPARK_DEVICE_SIMULATOR: 'on' })
    admin = bearer(await signIn(t.app, { tenantId: PARK }))
    staff = bearer(await signIn(t.app, { tenantId: PARK, account: 'staff' }))
    for (const code of ['LIGHT-M1', 'AC-M1', 'SCREEN-M1', 'SENSOR-R1', 'CAM-ROOM', 'FACE-A1', 'DOOR-A1']) {
      await until(() => online(code))
      ids[code] = await machine(code)
    }
  }, 40_000)
  afterAll(() => t.close())

  it('answers every scene and meeting machine call of the spec (endpoints.tsv)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/xparkApi/docs/json' })).json() as {
      paths: Record<string, unknown>
    }
    for (const p of [
      'scene/list',
      'scene/select',
      'scene/detail',
      'scene/remove',
      'scene/submit',
      'scene/exec',
      'meetingMachine/queryMachinesMeeting',
      'meetingMachine/updateMeetingMachine',
      'meetingMachine/saveMachine',
      'meetingMachine/deleteMachineById',
      'meetingMachine/queryMeetingMachineControl',
      'meetingMachine/controlMeetingMachine',
      'sceneLinkage/list',
      'sceneLinkage/detail',
      'sceneLinkage/remove',
      'sceneLinkage/submit',
    ])
      expect(doc.paths, p).toHaveProperty([`/xparkApi/park-meeting/${p}`])
  })

  it("meeting machines: a room's machines with their online state, controls by dictionary, control on the one path", async () => {
    const roomId = await room()
    const saved = ok(
      await api.post<{ id: string }>('park-meeting/meetingMachine/saveMachine', {
        roomId,
        machineId: ids['LIGHT-M1'],
        role: '灯光',
      }),
    )
    const again = await api.post('park-meeting/meetingMachine/saveMachine', {
      roomId,
      machineId: ids['LIGHT-M1'],
    })
    expect(again.status).toBeGreaterThanOrEqual(400)
    expect(again.body.msg).toBe(SCENE_TEXTS.machineLinked)
    ok(
      await api.post('park-meeting/meetingMachine/updateMeetingMachine', {
        id: saved.id,
        roomId,
        machineId: ids['LIGHT-M1'],
        role: '主灯',
        sort: 2,
      }),
    )
    await t.app.devices.presence.flush()
    const page = ok(
      await api.get<{ records: Json[] }>('park-meeting/meetingMachine/queryMachinesMeeting', { roomId }),
    )
    expect(page.records).toEqual([
      expect.objectContaining({
        machineCode: 'LIGHT-M1',
        machineName: '一号会议室灯光',
        role: '主灯',
        online: 1,
      }),
    ])
    const controls = ok(
      await api.get<Json[]>('park-meeting/meetingMachine/queryMeetingMachineControl', {
        machineId: ids['LIGHT-M1'],
        source: 'WEB',
      }),
    )
    expect(controls).toEqual([
      { dictKey: '1', dictValue: '开机' },
      { dictKey: '2', dictValue: '关机' },
    ])
    const before = sim().commandsOf(PARK, 'LIGHT-M1').length
    const ran = ok(
      await api.post<Json>('park-meeting/meetingMachine/controlMeetingMachine', {
        machineId: ids['LIGHT-M1'],
        control: CONTROL.on,
      }),
    )
    expect(ran).toMatchObject({ result: 1, resultName: '成功' })
    expect(sim().commandsOf(PARK, 'LIGHT-M1').length).toBe(before + 1)
    const [logged] = await t.database.db
      .select({ source: deviceCommand.source })
      .from(deviceCommand)
      .where(eq(deviceCommand.id, String(ran.id)))
    expect(logged?.source).toBe('WEB')
    // the same refusals as the machine screen, and only the room's machines
    const unsupported = await api.post('park-meeting/meetingMachine/controlMeetingMachine', {
      machineId: ids['LIGHT-M1'],
      control: CONTROL.open,
    })
    expect([unsupported.status, unsupported.body.msg]).toEqual([400, '该设备不支持此操作'])
    const notOurs = await api.post('park-meeting/meetingMachine/controlMeetingMachine', {
      machineId: ids['CAM-ROOM'],
      control: CONTROL.reboot,
    })
    expect([notOurs.status, notOurs.body.msg]).toEqual([400, SCENE_TEXTS.notMeetingMachine])
    const looking = await api.post(
      'park-meeting/meetingMachine/controlMeetingMachine',
      { machineId: ids['LIGHT-M1'], control: CONTROL.on },
      undefined,
      staff,
    )
    expect(looking.status).toBe(403)
    ok(await api.post('park-meeting/meetingMachine/deleteMachineById', undefined, { id: saved.id }))
    expect(
      ok(await api.get<{ total: number }>('park-meeting/meetingMachine/queryMachinesMeeting', { roomId }))
        .total,
    ).toBe(0)
  })

  it('scenes: steps as lines, checked; list, select, detail in order; remove', async () => {
    const unsupported = await api.post('park-meeting/scene/submit', {
      name: '坏场景',
      steps: [{ machineId: ids['LIGHT-M1'], control: CONTROL.open }],
    })
    expect([unsupported.status, unsupported.body.msg]).toEqual([400, '第 1 行: 该设备不支持此操作'])
    const long = await api.post('park-meeting/scene/submit', {
      name: '太长',
      steps: [
        { machineId: ids['LIGHT-M1'], control: CONTROL.on, delaySeconds: 20 },
        { machineId: ids['AC-M1'], control: CONTROL.on, delaySeconds: 20 },
      ],
    })
    expect([long.status, long.body.msg]).toEqual([400, SCENE_TEXTS.tooLong])
    expect((await api.post('park-meeting/scene/submit', { name: '空', steps: [] })).body.msg).toBe(
      SCENE_TEXTS.noSteps,
    )
    const id = await newScene(
      [
        { machineId: ids['AC-M1'], control: CONTROL.on },
        { machineId: ids['LIGHT-M1'], control: CONTROL.on, delaySeconds: 1 },
      ],
      '排序场景',
    )
    // edited: the order sent is the order run and read
    ok(
      await api.post('park-meeting/scene/submit', {
        id,
        name: '排序场景',
        steps: [
          { machineId: ids['LIGHT-M1'], control: CONTROL.off },
          { machineId: ids['AC-M1'], control: CONTROL.off },
          { machineId: ids['SCREEN-M1'], control: CONTROL.off },
        ],
      }),
    )
    const detail = ok(
      await api.get<{ steps: Json[]; stepCount: number }>('park-meeting/scene/detail', { id }),
    )
    expect(detail.steps.map((s) => s.machineName)).toEqual([
      '一号会议室灯光',
      '一号会议室空调',
      '一号会议室门牌屏',
    ])
    const list = ok(await api.get<{ records: Json[] }>('park-meeting/scene/list', { name: '排序' }))
    expect(list.records).toEqual([expect.objectContaining({ id, stepCount: 3 })])
    const select = ok(await api.get<Json[]>('park-meeting/scene/select', { name: '排序' }))
    expect(select.map((r) => r.id)).toEqual([id])
    ok(await api.post('park-meeting/scene/remove', undefined, { ids: id }))
    expect(ok(await api.get<{ total: number }>('park-meeting/scene/list', { name: '排序' })).total).toBe(0)
  })

  it('exec runs the steps in order and writes one log; an offline machine shows as a partial failure', async () => {
    const id = await newScene([
      { machineId: ids['LIGHT-M1'], control: CONTROL.on },
      { machineId: ids['AC-M1'], control: CONTROL.on, delaySeconds: 1 },
      { machineId: ids['SCREEN-M1'], control: CONTROL.on },
    ])
    const started = Date.now()
    const run = ok(await api.post<SceneRun>('park-meeting/scene/exec', undefined, { id }))
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    expect(run).toMatchObject({ result: SCENE_RESULT.succeeded, resultName: '成功' })
    expect(run.steps.map((s) => [s.machineName, s.controlName, s.resultName])).toEqual([
      ['一号会议室灯光', '开机', '成功'],
      ['一号会议室空调', '开机', '成功'],
      ['一号会议室门牌屏', '开机', '成功'],
    ])
    expect(sim().commandsOf(PARK, 'AC-M1').at(-1)?.control).toBe('on')
    const logs = await logsOf(id)
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatchObject({ result: 1, source: 'WEB', id: run.logId })
    // the log reads back through its routes with every step
    const read = ok(await api.get<{ steps: Json[] }>('park-meeting/scene/log/detail', { id: run.logId }))
    expect(read.steps).toHaveLength(3)

    await sim().fault(PARK, 'AC-M1', 'offline')
    await until(async () => !(await online('AC-M1')))
    try {
      const partial = ok(await api.post<SceneRun>('park-meeting/scene/exec', undefined, { id }))
      expect(partial).toMatchObject({ result: SCENE_RESULT.partial, resultName: '部分失败' })
      expect(partial.steps.map((s) => [s.result, s.reason])).toEqual([
        [1, ''],
        [0, '设备离线'],
        [1, ''],
      ])
      const [log] = await t.database.db.select().from(sceneLog).where(eq(sceneLog.id, partial.logId))
      expect(log).toMatchObject({ result: SCENE_RESULT.partial })
      expect(log!.content).toContain('一号会议室空调 开机: 未执行 (设备离线)')
      // a refused step sent nothing
    } finally {
      await sim().fault(PARK, 'AC-M1', 'none')
      await until(() => online('AC-M1'))
    }
    // staff look and run nothing
    expect((await api.post('park-meeting/scene/exec', undefined, { id }, staff)).status).toBe(403)
  })

  it('a running scene refuses a second run (409 场景正在执行), held in the database row', async () => {
    const id = await newScene([
      { machineId: ids['LIGHT-M1'], control: CONTROL.on },
      { machineId: ids['LIGHT-M1'], control: CONTROL.off, delaySeconds: 2 },
    ])
    const [a, b] = await Promise.all([
      api.post<SceneRun>('park-meeting/scene/exec', undefined, { id }),
      pause(200).then(() => api.post<SceneRun>('park-meeting/scene/exec', undefined, { id })),
    ])
    expect([a.status, b.status]).toEqual([200, 409])
    expect(b.body.msg).toBe(SCENE_TEXTS.running)
    expect(await logsOf(id)).toHaveLength(1)
    // released when done; a lock another process holds (its row) refuses too
    await t.database.db.update(scene).set({ runningSince: new Date() }).where(eq(scene.id, id))
    expect((await api.post('park-meeting/scene/exec', undefined, { id })).body.msg).toBe(SCENE_TEXTS.running)
    // a stale lock (its process died mid-run) does not hold
    await t.database.db
      .update(scene)
      .set({ runningSince: sql`now() - interval '10 minutes'` })
      .where(eq(scene.id, id))
    ok(await api.post('park-meeting/scene/exec', undefined, { id }))
  })

  it('linkage CRUD: triggers checked; a scene in use is not removed', async () => {
    const sceneId = await newScene([{ machineId: ids['LIGHT-M1'], control: CONTROL.on }])
    const noTime = await api.post('park-meeting/sceneLinkage/submit', {
      name: '定时',
      triggerType: TRIGGER.schedule,
      sceneId,
    })
    expect(noTime.status).toBe(400)
    const noMachine = await api.post('park-meeting/sceneLinkage/submit', {
      name: '事件',
      triggerType: TRIGGER.deviceEvent,
      sceneId,
    })
    expect(noMachine.status).toBe(400)
    const id = ok(
      await api.post<{ id: string }>('park-meeting/sceneLinkage/submit', {
        name: '工作日早上',
        triggerType: TRIGGER.schedule,
        timeOfDay: '08:30',
        weekdays: '1,2,3,4,5',
        sceneId,
      }),
    ).id
    const detail = ok(await api.get<Json>('park-meeting/sceneLinkage/detail', { id }))
    expect(detail).toMatchObject({ timeOfDay: '08:30', weekdays: '1,2,3,4,5', sceneName: expect.any(String) })
    expect(
      ok(await api.get<{ records: Json[] }>('park-meeting/sceneLinkage/list', { sceneId })).records,
    ).toHaveLength(1)
    const used = await api.post('park-meeting/scene/remove', undefined, { ids: sceneId })
    expect(used.status).toBe(409)
    expect(used.body.msg).toContain('场景已被联动使用')
    ok(await api.post('park-meeting/sceneLinkage/remove', undefined, { ids: id }))
    ok(await api.post('park-meeting/scene/remove', undefined, { ids: sceneId }))
  })

  it("linkages on a room's meeting start and end run their scenes (source LINKAGE) once the change commits", async () => {
    const roomId = await room()
    const sceneId = await newScene([{ machineId: ids['SCREEN-M1'], control: CONTROL.on }])
    ok(
      await api.post('park-meeting/sceneLinkage/submit', {
        name: '开会',
        triggerType: TRIGGER.meetingStart,
        roomId,
        sceneId,
      }),
    )
    const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000))
    const meetingId = ok(
      await api.post<{ id: string }>('park-meeting/meeting/saveMeeting', {
        name: '联动会议',
        roomId,
        startTime: at(30),
        endTime: at(60),
        people: [],
      }),
    ).id
    expect(await logsOf(sceneId)).toHaveLength(0)
    ok(await api.post('park-meeting/meeting/switchMeeting', { id: meetingId }))
    await until(async () => (await logsOf(sceneId, 'LINKAGE')).length === 1)
    const [log] = await logsOf(sceneId)
    expect(log).toMatchObject({ result: 1, source: 'LINKAGE' })
    const [command] = await t.database.db
      .select({ source: deviceCommand.source })
      .from(deviceCommand)
      .where(eq(deviceCommand.machineId, ids['SCREEN-M1']!))
      .orderBy(sql`${deviceCommand.createTime} desc`)
      .limit(1)
    expect(command?.source).toBe('LINKAGE')
    // its end (endMeeting, a kit action) fires the room's end linkage once committed
    const endScene = await newScene([{ machineId: ids['SCREEN-M1'], control: CONTROL.off }])
    ok(
      await api.post('park-meeting/sceneLinkage/submit', {
        name: '散会',
        triggerType: TRIGGER.meetingEnd,
        roomId,
        sceneId: endScene,
      }),
    )
    ok(await api.post('park-meeting/meeting/endMeeting', undefined, { id: meetingId }))
    await until(async () => (await logsOf(endScene, 'LINKAGE')).length === 1)
    // a refused end (already over) fires nothing more
    expect((await api.post('park-meeting/meeting/endMeeting', undefined, { id: meetingId })).status).toBe(409)
    await pause(500)
    expect(await logsOf(endScene)).toHaveLength(1)
  })

  it('a device event fires its linkage once even when delivered twice; the scene it starts starts no linkage', async () => {
    const lightOn = await newScene([{ machineId: ids['LIGHT-M1'], control: CONTROL.on }])
    const echo = await newScene([{ machineId: ids['AC-M1'], control: CONTROL.off }])
    ok(
      await api.post('park-meeting/sceneLinkage/submit', {
        name: '烟感报警开灯',
        triggerType: TRIGGER.deviceEvent,
        machineId: ids['SENSOR-R1'],
        eventType: 'alarm',
        sceneId: lightOn,
      }),
    )
    // the light reporting its change would fire this one: a loop, unless the rule holds
    ok(
      await api.post('park-meeting/sceneLinkage/submit', {
        name: '灯光变化关空调',
        triggerType: TRIGGER.deviceEvent,
        machineId: ids['LIGHT-M1'],
        eventType: 'changed',
        sceneId: echo,
      }),
    )
    await sim().raise(PARK, 'SENSOR-R1', { type: 'alarm', id: 'evt-scene-1' })
    await sim().raise(PARK, 'SENSOR-R1', { type: 'alarm', id: 'evt-scene-1' })
    await until(async () => (await logsOf(lightOn, 'LINKAGE')).length === 1)
    await pause(1500)
    expect(await logsOf(lightOn)).toHaveLength(1)
    expect(t.app.devices.stats.repeats).toBeGreaterThanOrEqual(1)

    // the light tells what the linkage's scene did to it: nothing more runs
    await sim().raise(PARK, 'LIGHT-M1', { type: 'changed' })
    await pause(1500)
    expect(await logsOf(echo)).toHaveLength(0)
    // the same event once the linkage's command is past the quiet window fires as usual
    await t.database.db
      .update(deviceCommand)
      .set({ createTime: sql`${deviceCommand.createTime} - interval '1 minute'` })
      .where(and(eq(deviceCommand.machineId, ids['LIGHT-M1']!), eq(deviceCommand.source, 'LINKAGE')))
    await sim().raise(PARK, 'LIGHT-M1', { type: 'changed' })
    await until(async () => (await logsOf(echo, 'LINKAGE')).length === 1)
  })

  it('a schedule fires once for its minute across runs of the job', async () => {
    const sceneId = await newScene([{ machineId: ids['LIGHT-M1'], control: CONTROL.off }])
    const now = new Date()
    const at = new Date(now.getTime() - 30_000)
    const hhmm = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`
    const weekday = at.getDay() === 0 ? 7 : at.getDay()
    ok(
      await api.post('park-meeting/sceneLinkage/submit', {
        name: '定时关灯',
        triggerType: TRIGGER.schedule,
        timeOfDay: hhmm,
        weekdays: String(weekday),
        sceneId,
      }),
    )
    const ctx = { database: t.database, devices: t.app.devices } as unknown as ModuleContext
    expect(await fireSchedules(ctx, t.app.log, now)).toBe(1)
    expect(await fireSchedules(ctx, t.app.log, new Date(now.getTime() + 30_000))).toBe(0)
    await until(async () => (await logsOf(sceneId, 'LINKAGE')).length === 1)
  })

  it("a room's face terminal or card reader signs the invited in to the room's open meeting, once", async () => {
    const people = await t.database.db
      .select({ id: user.id, account: user.account })
      .from(user)
      .where(and(eq(user.tenantId, PARK), inArray(user.account, ['admin', 'staff'])))
    const adminId = people.find((p) => p.account === 'admin')!.id
    const staffId = people.find((p) => p.account === 'staff')!.id
    const roomId = await room()
    ok(
      await api.post('park-meeting/meetingMachine/saveMachine', {
        roomId,
        machineId: ids['FACE-A1'],
        role: '签到机',
      }),
    )
    const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000))
    // an hour ahead, the window opening 30 minutes before: not open yet
    const meetingId = ok(
      await api.post<{ id: string }>('park-meeting/meeting/saveMeeting', {
        name: `签到机会议 ${++seq}`,
        roomId,
        startTime: at(60),
        endTime: at(120),
        signAdvanceMinutes: 30,
        people: [{ userId: adminId }, { userId: staffId }],
      }),
    ).id
    const signs = () =>
      t.database.db
        .select()
        .from(meetingSign)
        .where(and(eq(meetingSign.meetingId, meetingId), eq(meetingSign.isDeleted, 0)))
    /**
     * raise an event and wait until the device layer has taken it: its repeat key is kept by its
     * transaction's commit (counting every event taken raced with events still coming from the tests
     * before, on a loaded machine). A repeat's key is there already; the next event of the same
     * machine comes after it on the one connection.
     */
    const taken = async (machine: string, event: { type: string; id?: string } & Record<string, unknown>) => {
      const id = await sim().raise(PARK, machine, event)
      const key = `${PARK}/${machine}/${id}`
      await until(
        async () =>
          (
            await t.database.db
              .select({ key: deviceEventSeen.key })
              .from(deviceEventSeen)
              .where(eq(deviceEventSeen.key, key))
          ).length > 0,
      )
    }
    await taken('FACE-A1', { type: 'face', userId: adminId })
    expect(await signs()).toHaveLength(0)

    ok(await api.post('park-meeting/meeting/updateMeeting', { id: meetingId, signAdvanceMinutes: 90 }))
    // a terminal of no room signs nothing; the room's signs the invited, with its method
    await taken('DOOR-A1', { type: 'card', userId: staffId })
    expect(await signs()).toHaveLength(0)
    const seen = 'evt-face-sign-1'
    await taken('FACE-A1', { type: 'face', userId: adminId, id: seen })
    await taken('FACE-A1', { type: 'face', userId: adminId, id: seen })
    await taken('FACE-A1', { type: 'card', userId: staffId })
    const signed = await signs()
    const first = signed.find((s) => s.userId === adminId)
    expect(first).toMatchObject({ signMethod: SIGN_METHOD.face, result: SIGN_RESULT.onTime })
    expect(signed.find((s) => s.userId === staffId)).toMatchObject({
      signMethod: SIGN_METHOD.card,
      result: SIGN_RESULT.onTime,
    })
    // the first sign-in stands; someone not invited signs nothing
    const firstTime = first!.signTime
    await taken('FACE-A1', { type: 'face', userId: '1' })
    // the room's next meeting, its window open too: signed in to the first, the person signs in to it
    const next = ok(
      await api.post<{ id: string }>('park-meeting/meeting/saveMeeting', {
        name: `签到机会议 ${++seq}`,
        roomId,
        startTime: at(130),
        endTime: at(190),
        signAdvanceMinutes: 150,
        people: [{ userId: adminId }],
      }),
    ).id
    await taken('FACE-A1', { type: 'face', userId: adminId })
    await taken('FACE-A1', { type: 'face', userId: adminId })
    const after = await signs()
    expect(after).toHaveLength(2)
    expect(after.find((s) => s.userId === adminId)!.signTime).toEqual(firstTime)
    const nextSigns = await t.database.db.select().from(meetingSign).where(eq(meetingSign.meetingId, next))
    expect(nextSigns.map((s) => [s.userId, s.signMethod])).toEqual([[adminId, SIGN_METHOD.face]])
    // the sign list shows it as the screen reads it
    const list = ok(
      await api.post<{ userId: string; signMethod: number | null }[]>('park-meeting/meeting/signList', {
        meetingId,
      }),
    )
    expect(list.map((r) => r.signMethod).sort()).toEqual([SIGN_METHOD.face, SIGN_METHOD.card])
  })
})

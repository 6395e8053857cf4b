import { type AnalysisReply, REPAIR_PROCESS_KEY } from '@xpark/contract/modules/analysis'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, dayOf } from '../../core/days.js'
import { apiClient } from '../../test/client.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { machineFaultType, parkMachine } from '../device/index.js'
import {
  type Actor,
  INSTANCE,
  TASK,
  WorkflowEngine,
  workflowInstance,
  workflowTask,
} from '../workflow/index.js'
import { markRecentRepairs, markRepairs, repairDays } from './repairs.js'

/**
 * 报修分析 on a real database: 设备报修 instances started through the engine (a few closed, one of
 * another tenant, one naming nothing), then each figure read from the daily aggregate equals the count
 * over the instances; a machine filter narrows it; another tenant's repairs are never counted.
 */
const TENANT = '100001'
const OTHER = '000000'
const REPAIR_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xpark="http://xpark.dev/schema/bpmn"
             id="d" targetNamespace="http://xpark/test">
  <process id="${REPAIR_PROCESS_KEY}" name="设备报修" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="fix" />
    <userTask id="fix" name="维修" xpark:assignee="\${initiator}" />
    <sequenceFlow id="f2" sourceRef="fix" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`
const today = dayOf(new Date())
const range = { startTime: `${addDays(today, -3)} 00:00:00`, endTime: `${today} 23:59:59` }
const data = (r: AnalysisReply, name: string) => r.series.find((s) => s.name === name)!.data

describe('报修分析 (repairAnalysis)', () => {
  let t: TestContext
  let admin: Headers
  const { get } = apiClient(
    () => t,
    () => admin,
  )
  const figure = async (path: string, query: Record<string, string> = {}) => {
    const res = await get<AnalysisReply>(`repairAnalysis/${path}`, { ...range, ...query })
    expect(res.status, res.text).toBe(200)
    return res.body.data
  }
  const machines: { id: string; code: string; name: string; type: number }[] = []
  const faults: { id: string; name: string }[] = []

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
  })
  afterAll(() => t?.close())

  it("the demo park's fortnight of 设备报修: each day's figure is the count of its instances", async () => {
    const db = t.database.db
    await markRecentRepairs(db, 15)
    await repairDays.drain(db)
    const fortnight = { startTime: `${addDays(today, -13)} 00:00:00`, endTime: `${today} 23:59:59` }
    const r = await figure('repairCountData', fortnight)
    const rows = await db
      .select({ start: workflowInstance.startTime, status: workflowInstance.status })
      .from(workflowInstance)
      .where(
        and(
          eq(workflowInstance.tenantId, TENANT),
          eq(workflowInstance.processDefinitionKey, REPAIR_PROCESS_KEY),
        ),
      )
    expect(rows.length).toBeGreaterThan(5)
    const on = (day: string) => rows.filter((row) => dayOf(row.start) === day)
    expect(data(r, 'repairs')).toEqual(r.labels.map((day) => on(day).length))
    expect(data(r, 'done')).toEqual(
      r.labels.map((day) => on(day).filter((row) => row.status === INSTANCE.completed).length),
    )
    expect(data(r, 'done').reduce((a, b) => a + b, 0)).toBeGreaterThan(0)
    // the crafted cases below start from no repairs
    await db
      .update(workflowInstance)
      .set({ isDeleted: 1 })
      .where(eq(workflowInstance.processDefinitionKey, REPAIR_PROCESS_KEY))
    await markRecentRepairs(db, 15)
    await repairDays.drain(db)
  })

  describe('crafted repairs', () => {
    beforeAll(async () => {
      const db = t.database.db
      machines.push(
        ...(await db
          .select({
            id: parkMachine.id,
            code: parkMachine.code,
            name: parkMachine.name,
            type: parkMachine.type,
          })
          .from(parkMachine)
          .where(and(eq(parkMachine.tenantId, TENANT), eq(parkMachine.isDeleted, 0)))
          .orderBy(parkMachine.code)
          .limit(2)),
      )
      faults.push(
        ...(
          await db
            .insert(machineFaultType)
            .values([
              { id: '880001', tenantId: TENANT, name: '测试-无法开门' },
              { id: '880002', tenantId: TENANT, name: '测试-离线' },
            ])
            .returning()
        ).map((f) => ({ id: f.id, name: f.name })),
      )
      expect(machines.length).toBe(2)
      const engine = new WorkflowEngine(db)
      const as = (tenantId: string): Actor => ({ tenantId, userId: '1123598821738675201', ops: true })
      await engine.deploy(TENANT, { xml: REPAIR_BPMN })
      await engine.deploy(OTHER, { xml: REPAIR_BPMN })
      const start = (tenantId: string, variables: Record<string, unknown>) =>
        engine.start(as(tenantId), { key: REPAIR_PROCESS_KEY, variables })
      const [m1, m2] = machines as [(typeof machines)[0], (typeof machines)[0]]
      const [f1, f2] = faults as [(typeof faults)[0], (typeof faults)[0]]
      const started = [
        await start(TENANT, { machineId: m1.id, faultTypeId: f1.id }),
        await start(TENANT, { machineId: m1.id, faultTypeId: f1.id }),
        await start(TENANT, { machineId: m1.id, faultTypeId: f2.id }),
        await start(TENANT, { machineId: m2.id, faultTypeId: f2.id }),
        // a form that names nothing (or not an id) is counted under 未指定
        await start(TENANT, { machineId: 'x; drop table', faultTypeId: '' }),
      ]
      // another tenant's repair naming this tenant's machine: never counted here
      await start(OTHER, { machineId: m1.id, faultTypeId: f1.id })
      // two of them end (their one task completed)
      for (const instance of started.slice(0, 2)) {
        const [task] = await db
          .select()
          .from(workflowTask)
          .where(and(eq(workflowTask.instanceId, instance.id), eq(workflowTask.status, TASK.open)))
        await engine.complete(as(TENANT), { taskId: task!.id })
      }
      await markRepairs(db)
      await markRecentRepairs(db, 3)
      await repairDays.drain(db)
    })

    it('counts the repairs started by day, and the ended ones', async () => {
      const r = await figure('repairCountData')
      expect(r.labels.at(-1)).toBe(today)
      expect(data(r, 'repairs').at(-1)).toBe(5)
      expect(data(r, 'done').at(-1)).toBe(2)
      expect(r.total).toBe(5)
    })

    it('by machine type, by fault type, and by both', async () => {
      const [m1, m2] = machines
      const byType = await figure('equipmentType')
      expect(byType.total).toBe(5)
      expect(byType.labels).toContain('未指定')
      const types = await figure('equipmentRepairType')
      expect(types.total).toBe(5)
      expect(types.labels.some((l) => l.endsWith(' / 测试-无法开门'))).toBe(true)
      const faultsOf = await figure('faultType')
      const at = (label: string) => data(faultsOf, 'repairs')[faultsOf.labels.indexOf(label)]
      expect(at('测试-无法开门')).toBe(2)
      expect(at('测试-离线')).toBe(2)
      expect(at('未指定')).toBe(1)
      expect(data(faultsOf, 'done')[faultsOf.labels.indexOf('测试-无法开门')]).toBe(2)
      if (m1!.type === m2!.type) expect(data(byType, 'repairs')[byType.labels.indexOf('未指定')]).toBe(1)
    })

    it('by machine, the most repaired first; a machine filter narrows every figure', async () => {
      const [m1, m2] = machines
      const r = await figure('repairCodeSum')
      expect(r.labels[0]).toBe(`${m1!.code} ${m1!.name}`)
      expect(data(r, 'repairs')[0]).toBe(3)
      expect(data(r, 'repairs')[r.labels.indexOf(`${m2!.code} ${m2!.name}`)]).toBe(1)
      const narrowed = await figure('repairCountData', { machineId: m2!.id })
      expect(narrowed.total).toBe(1)
    })

    it('refuses a range that ends before it starts, and counts nothing of another tenant', async () => {
      const bad = await get('repairAnalysis/faultType', { startTime: today, endTime: addDays(today, -1) })
      expect(bad.status).toBe(400)
      expect(bad.body.msg).toBe('结束时间不能早于开始时间')
      admin = bearer(await signIn(t.app, { tenantId: OTHER, account: 'admin' }))
      try {
        const r = await figure('repairCodeSum')
        // the platform tenant's one repair names a machine of tenant 100001: it is not theirs
        expect(r.total).toBe(1)
        expect(r.labels).toEqual(['未指定'])
      } finally {
        admin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
      }
      const rows = await t.database.db
        .select()
        .from(workflowInstance)
        .where(eq(workflowInstance.processDefinitionKey, REPAIR_PROCESS_KEY))
      expect(rows.filter((row) => row.isDeleted === 0).length).toBe(6)
    })
  })
})

import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestContext } from '../../../test/harness.js'
import { TASK, workflowHistory, workflowTask } from '../schema.js'
import { NOT_ALLOWED } from './buttons.js'
import { type Actor, WorkflowEngine } from './operations.js'

/**
 * A node's buttons (流程按钮) on the server: an operation its task does not offer is refused with 403
 * `当前节点不允许此操作` and writes nothing; a node naming none offers them all; a bad key is refused at
 * deploy.
 */
const TENANT = '100001'
const as = (userId: string): Actor => ({ tenantId: TENANT, userId })
const xml = (buttons: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xpark="http://xpark.dev/schema/bpmn"
             id="d" targetNamespace="http://xpark/test">
  <process id="buttons_test" name="按钮" isExecutable="true">
    <startEvent id="s" />
    <sequenceFlow id="f1" sourceRef="s" targetRef="approve" />
    <userTask id="approve" name="审批" xpark:assignee="user:61" ${buttons} />
    <sequenceFlow id="f2" sourceRef="approve" targetRef="e" />
    <endEvent id="e" />
  </process>
</definitions>`

describe('node buttons (流程按钮)', () => {
  let t: TestContext
  let engine: WorkflowEngine
  beforeAll(async () => {
    t = await startTestApp()
    engine = new WorkflowEngine(t.database.db)
  })
  afterAll(() => t.close())

  const openTask = async (instanceId: string) =>
    (
      await t.database.db
        .select()
        .from(workflowTask)
        .where(and(eq(workflowTask.instanceId, instanceId), eq(workflowTask.status, TASK.open)))
    )[0]!
  const historyOf = async (instanceId: string) =>
    (await t.database.db.select().from(workflowHistory).where(eq(workflowHistory.instanceId, instanceId)))
      .length

  it('refuses what the node does not offer, writing nothing; allows what it does', async () => {
    await engine.deploy(TENANT, { xml: xml('xpark:buttons="wf_pass, wf_transfer"') })
    const instance = await engine.start(as('7'), { key: 'buttons_test' })
    const task = await openTask(instance.id)
    const written = await historyOf(instance.id)
    for (const refused of [
      () => engine.complete(as('61'), { taskId: task.id, pass: false }),
      () => engine.delegate(as('61'), { taskId: task.id, userId: '62' }),
      () => engine.rollback(as('61'), { taskId: task.id, nodeId: 's' }),
    ])
      await expect(refused()).rejects.toMatchObject({ code: 403, message: NOT_ALLOWED })
    expect(await historyOf(instance.id)).toBe(written)
    expect((await openTask(instance.id)).id).toBe(task.id)
    await engine.transfer(as('61'), { taskId: task.id, userId: '62' })
    await engine.complete(as('62'), { taskId: task.id })
    expect(await openTask(instance.id)).toBeUndefined()
  })

  it('a node naming no buttons offers every operation; a bad key is refused at deploy', async () => {
    await engine.deploy(TENANT, { xml: xml('') })
    const instance = await engine.start(as('7'), { key: 'buttons_test' })
    const task = await openTask(instance.id)
    await engine.complete(as('61'), { taskId: task.id, pass: false })
    await expect(engine.deploy(TENANT, { xml: xml('xpark:buttons="wf pass"') })).rejects.toMatchObject({
      code: 400,
      message: '节点按钮有误: approve: wf pass',
    })
  })
})

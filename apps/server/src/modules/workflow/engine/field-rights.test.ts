import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../../../test/client.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../../test/harness.js'
import { user } from '../../identity/index.js'
import { TASK, workflowHistory, workflowInstance, workflowTask } from '../schema.js'
import { parseProcess } from './graph.js'
import { type Actor, WorkflowEngine } from './operations.js'

/**
 * A node's field rights (`xpark:fields`): on completion only its `write` fields may be sent (400
 * naming the first other one, nothing written); a node naming none takes any; a bad declaration is
 * refused at deploy; the detail asked by task reports the rights and leaves the hidden fields out.
 */
const TENANT = '100001'
const xml = (fields: string, assignee: string, key = 'fields_test') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xpark="http://xpark.dev/schema/bpmn"
             id="d" targetNamespace="http://xpark/test">
  <process id="${key}" name="字段权限" isExecutable="true">
    <startEvent id="s" />
    <sequenceFlow id="f1" sourceRef="s" targetRef="check" />
    <userTask id="check" name="核对" xpark:assignee="user:${assignee}" ${fields} />
    <sequenceFlow id="f2" sourceRef="check" targetRef="free" />
    <userTask id="free" name="随意" xpark:assignee="user:${assignee}" />
    <sequenceFlow id="f3" sourceRef="free" targetRef="e" />
    <endEvent id="e" />
  </process>
</definitions>`

describe('node field rights (xpark:fields)', () => {
  let t: TestContext
  let engine: WorkflowEngine
  let admin: Headers
  let adminId: string
  const { get } = apiClient(
    () => t,
    () => admin,
  )

  beforeAll(async () => {
    t = await startTestApp()
    engine = new WorkflowEngine(t.database.db)
    admin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
    adminId = (
      await t.database.db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.tenantId, TENANT), eq(user.account, 'admin')))
    )[0]!.id
    await engine.deploy(TENANT, {
      xml: xml('xpark:fields="days:read, reason:write, salary:hidden"', adminId),
    })
    // fields inside a form-js group with path `applicant`, and a dynamic list `items`, named by data path
    await engine.deploy(TENANT, {
      xml: xml(
        'xpark:fields="applicant.name:write, applicant.dept:read, applicant.salary:hidden, items:read"',
        adminId,
        'group_fields_test',
      ),
    })
  })
  afterAll(() => t.close())

  const as = (userId: string): Actor => ({ tenantId: TENANT, userId })
  const openTask = async (instanceId: string) =>
    (
      await t.database.db
        .select()
        .from(workflowTask)
        .where(and(eq(workflowTask.instanceId, instanceId), eq(workflowTask.status, TASK.open)))
    )[0]!
  const footprint = async (instanceId: string) =>
    JSON.stringify([
      await t.database.db
        .select()
        .from(workflowTask)
        .where(eq(workflowTask.instanceId, instanceId))
        .orderBy(asc(workflowTask.id)),
      await t.database.db.select().from(workflowHistory).where(eq(workflowHistory.instanceId, instanceId)),
      await t.database.db.select().from(workflowInstance).where(eq(workflowInstance.id, instanceId)),
    ])

  it('refuses a field the node does not let its task write, naming it, writing nothing', async () => {
    const instance = await engine.start(as('7'), {
      key: 'fields_test',
      variables: { days: 2, reason: '回家', salary: 9000 },
    })
    const task = await openTask(instance.id)
    for (const [variables, field] of [
      [{ days: 5 }, 'days'],
      [{ reason: '改了', salary: 1 }, 'salary'],
      [{ other: 1 }, 'other'],
    ] as const) {
      const before = await footprint(instance.id)
      await expect(engine.complete(as(adminId), { taskId: task.id, variables })).rejects.toMatchObject({
        code: 400,
        message: `当前节点不可修改字段: ${field}`,
      })
      expect(await footprint(instance.id)).toBe(before)
    }
    // the detail of the task: its node's rights, the hidden field left out
    const detail = (await get<Record<string, unknown>>('blade-workflow/process/detail', { taskId: task.id }))
      .body.data
    expect(detail.fieldRights).toEqual({ days: 'read', reason: 'write', salary: 'hidden' })
    expect(detail.variables).toEqual({ days: 2, reason: '回家', initiator: '7' })
    const byInstance = (
      await get<Record<string, unknown>>('blade-workflow/process/detail', { processInstanceId: instance.id })
    ).body.data
    expect(byInstance.fieldRights).toBeNull()
    expect(byInstance.variables).toMatchObject({ salary: 9000 })
    // a writable field goes through; the next node names no rights: any field
    await engine.complete(as(adminId), { taskId: task.id, variables: { reason: '改了' } })
    const free = await openTask(instance.id)
    await engine.complete(as(adminId), { taskId: free.id, variables: { days: 9, salary: 1 } })
    const [row] = await t.database.db
      .select()
      .from(workflowInstance)
      .where(eq(workflowInstance.id, instance.id))
    expect(row!.variables).toMatchObject({ days: 9, reason: '改了', salary: 1 })
  })

  it('applies the rights to fields inside a group by their data path', async () => {
    const applicant = { name: '张三', dept: '行政部', salary: 9000 }
    const items = [{ what: '笔', count: 2 }]
    const instance = await engine.start(as('7'), {
      key: 'group_fields_test',
      variables: { applicant, items },
    })
    const task = await openTask(instance.id)
    for (const [variables, field] of [
      [{ applicant: { dept: '财务部' } }, 'applicant.dept'],
      [{ applicant: { name: '李四', salary: 1 } }, 'applicant.salary'],
      [{ applicant: { phone: '1' } }, 'applicant.phone'],
      [{ items: [] }, 'items'],
      [{ applicant: '整个替换' }, 'applicant'],
    ] as const) {
      const before = await footprint(instance.id)
      await expect(engine.complete(as(adminId), { taskId: task.id, variables })).rejects.toMatchObject({
        code: 400,
        message: `当前节点不可修改字段: ${field}`,
      })
      expect(await footprint(instance.id)).toBe(before)
    }
    // the task's detail: the hidden field inside the group left out, its siblings kept
    const detail = (await get<Record<string, unknown>>('blade-workflow/process/detail', { taskId: task.id }))
      .body.data
    expect(detail.fieldRights).toMatchObject({ 'applicant.salary': 'hidden', items: 'read' })
    expect(detail.variables).toEqual({ applicant: { name: '张三', dept: '行政部' }, items, initiator: '7' })
    // writing the group's writable field keeps the others (the hidden salary too) as they were
    await engine.complete(as(adminId), { taskId: task.id, variables: { applicant: { name: '李四' } } })
    const [row] = await t.database.db
      .select()
      .from(workflowInstance)
      .where(eq(workflowInstance.id, instance.id))
    expect(row!.variables).toMatchObject({ applicant: { name: '李四', dept: '行政部', salary: 9000 }, items })
  })

  it.each([
    ['days:edit', '字段权限有误: check: days:edit'],
    ['days', '字段权限有误: check: days'],
    ['1x:read', '字段权限有误: check: 1x:read'],
    ['a:read:b', '字段权限有误: check: a:read:b'],
  ])('refuses xpark:fields="%s" at deploy', async (fields, message) => {
    await expect(parseProcess(xml(`xpark:fields="${fields}"`, '1'))).rejects.toMatchObject({
      code: 400,
      message,
    })
  })
})

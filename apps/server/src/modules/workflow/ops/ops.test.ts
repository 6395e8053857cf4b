import { LEAVE_PROCESS_KEY, OPS_TEXTS, WORKFLOW_TEXTS } from '@xpark/contract/modules/workflow-process'
import { and, asc, count, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword, md5 } from '../../../core/auth/passwords.js'
import { nextId } from '../../../core/ids.js'
import { apiClient } from '../../../test/client.js'
import {
  bearer,
  DEMO_PASSWORD,
  type Headers,
  signIn,
  startTestApp,
  type TestContext,
} from '../../../test/harness.js'
import { user } from '../../identity/index.js'
import { message } from '../../message/index.js'
import { MESSAGES, WorkflowEngine } from '../engine/operations.js'
import { footprintOf, leaveXml, openTaskAt, refusalCheck } from '../process/test-processes.js'
import { INSTANCE, TASK, workflowCopy, workflowHistory, workflowInstance, workflowTask } from '../schema.js'

/**
 * The monitor's actions (流程监控: change assignee, dispatch, delete, urge, suspend and activate) and
 * copy (抄送) through their routes on the demo park: `workflow_ops` only (copy: the task's handler),
 * tenant-checked, each refusal with its text and writing nothing (tasks, history, instances,
 * messages, copies), the messages sent after the commit.
 */
const PARK = '100001'
const OPS = 'blade-workflow/ops'
const P = 'blade-workflow/process'
type Json = Record<string, unknown>
type Page = { records: Json[]; total: number }

describe('workflow ops actions and copy', () => {
  let t: TestContext
  let admin: Headers
  let staff: Headers
  let third: Headers
  let platform: Headers
  let adminId: string
  let staffId: string
  let thirdId: string
  /** the platform tenant's admin: a live user of the other tenant */
  let platformId: string
  const { get, post } = apiClient(
    () => t,
    () => admin,
  )
  const db = () => t.database.db

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: PARK, account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: PARK, account: 'staff' }))
    platform = bearer(await signIn(t.app))
    const row = async (account: string) =>
      (
        await db()
          .select()
          .from(user)
          .where(and(eq(user.tenantId, PARK), eq(user.account, account)))
      )[0]!
    adminId = (await row('admin')).id
    platformId = (
      await db()
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.tenantId, '000000'), eq(user.account, 'admin')))
    )[0]!.id
    const staffRow = await row('staff')
    staffId = staffRow.id
    thirdId = nextId()
    await db()
      .insert(user)
      .values({
        id: thirdId,
        tenantId: PARK,
        account: 'wf-ops-third',
        password: await hashPassword(md5(DEMO_PASSWORD)),
        realName: '第三人',
        roleId: staffRow.roleId,
        deptId: staffRow.deptId,
      })
    third = bearer(await signIn(t.app, { tenantId: PARK, account: 'wf-ops-third' }))
    const engine = new WorkflowEngine(db())
    await engine.deploy(PARK, { xml: leaveXml(adminId, [adminId, staffId]), category: 'hr' })
    // a process whose node offers approval only: no copy
    await engine.deploy(PARK, {
      xml: leaveXml(adminId, [adminId])
        .replaceAll(LEAVE_PROCESS_KEY, 'no_copy')
        .replace('xpark:assignee', 'xpark:buttons="wf_pass" xpark:assignee'),
    })
  })
  afterAll(() => t.close())

  const ok = <T>(reply: { status: number; text: string; body: { data: T } }) => {
    expect(reply.status, reply.text).toBe(200)
    return reply.body.data
  }
  const start = async (key = LEAVE_PROCESS_KEY) =>
    ok(
      await post<{ processInstanceId: string }>(
        `${P}/startProcess`,
        { processDefKey: key, variables: { days: 2, reason: '回家' } },
        undefined,
        staff,
      ),
    ).processInstanceId
  const openTask = (instanceId: string, node: string) => openTaskAt(db(), instanceId, node)
  const copies = async () =>
    (await db().select({ n: count() }).from(workflowCopy).where(eq(workflowCopy.tenantId, PARK)))[0]!.n
  const refused = refusalCheck(async () => [...(await footprintOf(db(), PARK)), await copies()])
  const history = async (instanceId: string) =>
    (
      await db()
        .select()
        .from(workflowHistory)
        .where(eq(workflowHistory.instanceId, instanceId))
        .orderBy(asc(workflowHistory.time), asc(workflowHistory.id))
    ).map((h) => `${h.action}${h.nodeId ? `@${h.nodeId}` : ''}`)
  const messagesTo = async (userId: string, title: string) =>
    (
      await db()
        .select({ n: count() })
        .from(message)
        .where(and(eq(message.userId, userId), like(message.title, title)))
    )[0]!.n

  it('change assignee: ops only, a live user of the tenant, not the same one; the new assignee is told', async () => {
    const instanceId = await start()
    const manager = await openTask(instanceId, 'manager')
    const body = { taskId: manager.id, assignee: thirdId, comment: '经理出差' }
    const denied = await post(`${OPS}/changeAssignee`, body, undefined, staff)
    expect(denied.status).toBe(403)
    await refused(
      () => post(`${OPS}/changeAssignee`, { ...body, assignee: '1123598821738675201' }),
      400,
      '用户不存在',
    )
    await refused(
      () => post(`${OPS}/changeAssignee`, { ...body, assignee: adminId }),
      400,
      OPS_TEXTS.sameAssignee,
    )
    await refused(
      () => post(`${OPS}/changeAssignee`, { ...body, assignee: platformId }, undefined, platform),
      404,
      WORKFLOW_TEXTS.noTask,
    )
    const before = await messagesTo(thirdId, '待办事务: 请假审批 - 经理审批')
    ok(await post(`${OPS}/changeAssignee`, body))
    expect((await openTask(instanceId, 'manager')).assignee).toBe(thirdId)
    expect(await history(instanceId)).toEqual(['start@start', 'assignee@manager'])
    expect(await messagesTo(thirdId, '待办事务: 请假审批 - 经理审批')).toBe(before + 1)
    ok(await post(`${P}/completeTask`, { taskId: manager.id }, undefined, third))
  })

  it('dispatch: to a user task of the definition only; the open tasks close, the node opens', async () => {
    const instanceId = await start()
    expect(ok(await get(`${OPS}/dispatchNodes`, { processInstanceId: instanceId }))).toEqual([
      { nodeId: 'manager', nodeName: '经理审批' },
      { nodeId: 'hr', nodeName: '人事审批' },
    ])
    for (const nodeId of ['nope', 'start', 'end'])
      await refused(
        () => post(`${OPS}/dispatch`, { processInstanceId: instanceId, nodeId }),
        400,
        `${OPS_TEXTS.notUserTask}: ${nodeId}`,
      )
    await refused(
      () => post(`${OPS}/dispatch`, { processInstanceId: instanceId, nodeId: 'hr' }, undefined, platform),
      404,
      WORKFLOW_TEXTS.noInstance,
    )
    expect(
      (await post(`${OPS}/dispatch`, { processInstanceId: instanceId, nodeId: 'hr' }, undefined, staff))
        .status,
    ).toBe(403)
    const manager = await openTask(instanceId, 'manager')
    ok(await post(`${OPS}/dispatch`, { processInstanceId: instanceId, nodeId: 'hr', comment: '跳过经理' }))
    const [closed] = await db().select().from(workflowTask).where(eq(workflowTask.id, manager.id))
    expect(closed!.status).toBe(TASK.cancelled)
    const hr = await openTask(instanceId, 'hr')
    expect(hr.assignee).toBeNull() // two candidates: 待签
    expect(await history(instanceId)).toEqual(['start@start', 'dispatch@hr'])
    // and back to the manager, who is told
    ok(await post(`${OPS}/dispatch`, { processInstanceId: instanceId, nodeId: 'manager' }))
    expect((await openTask(instanceId, 'manager')).assignee).toBe(adminId)
    ok(await post(`${P}/completeTask`, { taskId: (await openTask(instanceId, 'manager')).id }))
  })

  it('urge: the assignee is messaged; again within the hour 409, writing nothing; after an hour again', async () => {
    const instanceId = await start()
    const manager = await openTask(instanceId, 'manager')
    const title = '催办: 请假审批 - 经理审批'
    const before = await messagesTo(adminId, title)
    expect((await post(`${OPS}/urge`, { taskId: manager.id }, undefined, staff)).status).toBe(403)
    await refused(
      () => post(`${OPS}/urge`, { taskId: manager.id }, undefined, platform),
      404,
      WORKFLOW_TEXTS.noTask,
    )
    ok(await post(`${OPS}/urge`, { taskId: manager.id, comment: '请尽快处理' }))
    expect(await messagesTo(adminId, title)).toBe(before + 1)
    await refused(() => post(`${OPS}/urge`, { taskId: manager.id }), 409, OPS_TEXTS.urgedWithinHour)
    // an hour later (the urge's history row moved back 61 minutes)
    await db()
      .update(workflowHistory)
      .set({ time: sql`${workflowHistory.time} - interval '61 minutes'` })
      .where(and(eq(workflowHistory.taskId, manager.id), eq(workflowHistory.action, 'urge')))
    ok(await post(`${OPS}/urge`, { taskId: manager.id }))
    expect(await messagesTo(adminId, title)).toBe(before + 2)
    // a 待签 task: its candidates are messaged
    ok(await post(`${P}/completeTask`, { taskId: manager.id }))
    const hr = await openTask(instanceId, 'hr')
    const staffBefore = await messagesTo(staffId, '催办: 请假审批 - 人事审批')
    ok(await post(`${OPS}/urge`, { taskId: hr.id }))
    expect(await messagesTo(staffId, '催办: 请假审批 - 人事审批')).toBe(staffBefore + 1)
  })

  it('suspend and activate (changeStatus): a suspended instance refuses every task operation', async () => {
    const instanceId = await start()
    const manager = await openTask(instanceId, 'manager')
    expect(
      (await post(`${OPS}/changeStatus`, { processInstanceId: instanceId, status: 2 }, undefined, staff))
        .status,
    ).toBe(403)
    await refused(
      () => post(`${OPS}/changeStatus`, { processInstanceId: instanceId, status: 2 }, undefined, platform),
      404,
      WORKFLOW_TEXTS.noInstance,
    )
    ok(await post(`${OPS}/changeStatus`, { processInstanceId: instanceId, status: 2 }))
    await refused(
      () => post(`${OPS}/changeStatus`, { processInstanceId: instanceId, status: 2 }),
      409,
      MESSAGES.suspended,
    )
    await refused(() => post(`${P}/completeTask`, { taskId: manager.id }), 409, MESSAGES.suspended)
    await refused(() => post(`${OPS}/urge`, { taskId: manager.id }), 409, MESSAGES.suspended)
    await refused(
      () => post(`${OPS}/dispatch`, { processInstanceId: instanceId, nodeId: 'hr' }),
      409,
      MESSAGES.suspended,
    )
    ok(await post(`${OPS}/changeStatus`, { processInstanceId: instanceId, status: 1 }))
    await refused(
      () => post(`${OPS}/changeStatus`, { processInstanceId: instanceId, status: 1 }),
      409,
      '流程未挂起',
    )
    ok(await post(`${P}/completeTask`, { taskId: manager.id }))
    expect(await history(instanceId)).toEqual(['start@start', 'suspend', 'activate', 'complete@manager'])
  })

  it('delete: a reason; the instance leaves the lists, its tasks are cancelled, its history stays', async () => {
    const instanceId = await start()
    await refused(
      () => post(`${OPS}/deleteProcess`, { processInstanceId: instanceId, reason: '  ' }),
      400,
      `参数校验失败: reason: ${OPS_TEXTS.reasonRequired}`,
    )
    expect(
      (
        await post(
          `${OPS}/deleteProcess`,
          { processInstanceId: instanceId, reason: '重复' },
          undefined,
          staff,
        )
      ).status,
    ).toBe(403)
    await refused(
      () =>
        post(`${OPS}/deleteProcess`, { processInstanceId: instanceId, reason: '重复' }, undefined, platform),
      404,
      WORKFLOW_TEXTS.noInstance,
    )
    ok(await post(`${OPS}/deleteProcess`, { processInstanceId: instanceId, reason: '重复提交' }))
    const [row] = await db().select().from(workflowInstance).where(eq(workflowInstance.id, instanceId))
    expect(row).toMatchObject({ isDeleted: 1, reason: '重复提交', status: INSTANCE.terminated })
    const open = await db()
      .select()
      .from(workflowTask)
      .where(and(eq(workflowTask.instanceId, instanceId), eq(workflowTask.status, TASK.open)))
    expect(open).toEqual([])
    expect(await history(instanceId)).toEqual(['start@start', 'delete'])
    expect(ok(await get<Page>(`${OPS}/list`, { size: 500 })).records.some((r) => r.id === instanceId)).toBe(
      false,
    )
    expect(
      ok(await get<Page>(`${P}/sendList`, { size: 500 }, staff)).records.some(
        (r) => r.processInstanceId === instanceId,
      ),
    ).toBe(false)
    expect((await get(`${P}/detail`, { processInstanceId: instanceId })).status).toBe(404)
    await refused(
      () => post(`${OPS}/deleteProcess`, { processInstanceId: instanceId, reason: '再删' }),
      404,
      WORKFLOW_TEXTS.noInstance,
    )
    // an ended instance may be deleted too
    const ended = await start()
    ok(await post(`${P}/terminateProcess`, { processInstanceId: ended }, undefined, staff))
    ok(await post(`${OPS}/deleteProcess`, { processInstanceId: ended, reason: '清理' }))
  })

  it('copy: the handler, where the node offers wf_copy; recipients see it in 抄送事务, open its detail, are told', async () => {
    const instanceId = await start()
    const manager = await openTask(instanceId, 'manager')
    expect((await get(`${P}/detail`, { processInstanceId: instanceId }, third)).status).toBe(403)
    await refused(
      () => post(`${OPS}/copy`, { taskId: manager.id, assignee: thirdId }, undefined, staff),
      403,
      MESSAGES.notHandler,
    )
    await refused(
      () => post(`${OPS}/copy`, { taskId: manager.id, assignee: '1123598821738675201' }),
      400,
      '用户不存在',
    )
    await refused(
      () => post(`${OPS}/copy`, { taskId: manager.id, assignee: platformId }, undefined, platform),
      404,
      WORKFLOW_TEXTS.noTask,
    )
    ok(await post(`${OPS}/copy`, { taskId: manager.id, assignee: thirdId, comment: '知悉' }))
    const [copied] = await db().select().from(workflowCopy).where(eq(workflowCopy.instanceId, instanceId))
    expect(copied).toMatchObject({ userId: thirdId, fromUserId: adminId, taskId: manager.id })
    expect(await history(instanceId)).toEqual(['start@start', 'copy@manager'])
    // the history names who was copied (not their ids), then the note
    const [copiedUser] = await db().select({ realName: user.realName }).from(user).where(eq(user.id, thirdId))
    const [line] = await db()
      .select({ comment: workflowHistory.comment })
      .from(workflowHistory)
      .where(and(eq(workflowHistory.instanceId, instanceId), eq(workflowHistory.action, 'copy')))
    expect(line!.comment).toBe(`${copiedUser!.realName}: 知悉`)
    expect(await messagesTo(thirdId, '抄送: 请假审批 - 经理审批')).toBe(1)
    expect(
      ok(await get<Page>(`${P}/copyList`, { size: 100 }, third)).records.some(
        (r) => r.processInstanceId === instanceId,
      ),
    ).toBe(true)
    expect(ok(await get<Json>(`${P}/detail`, { processInstanceId: instanceId }, third))).toMatchObject({
      variables: { days: 2, reason: '回家' },
    })
    await refused(
      () => post(`${OPS}/copy`, { taskId: manager.id, assignee: thirdId }),
      400,
      OPS_TEXTS.copiedAlready,
    )
    // a node that does not offer wf_copy
    const plain = await openTask(await start('no_copy'), 'manager')
    await refused(
      () => post(`${OPS}/copy`, { taskId: plain.id, assignee: thirdId }),
      403,
      MESSAGES.notAllowed,
    )
  })
})

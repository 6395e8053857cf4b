import { LEAVE_PROCESS_KEY, LEAVE_STATUS, WORKFLOW_TEXTS } from '@xpark/contract/modules/workflow-process'
import { and, count, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nextId } from '../../../core/ids.js'
import { RUNNING_READONLY } from '../../../core/processes.js'
import { apiClient } from '../../../test/client.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../../test/harness.js'
import { until } from '../../../test/until.js'
import { user } from '../../identity/index.js'
import { message } from '../../message/index.js'
import { LEAVE_FORM } from '../design/demo.js'
import { workflowModelScope } from '../design/schema.js'
import { MESSAGES, WorkflowEngine } from '../engine/operations.js'
import { INSTANCE, TASK, workflowCopy, workflowInstance, workflowTask } from '../schema.js'
import { workflowLeave } from './schema.js'
import { resetStartRules, setStartRules } from './seams.js'
import { footprintOf, leaveXml, openTaskAt, refusalCheck, signXml } from './test-processes.js'

/**
 * The process calls through their routes on the seeded demo park (real database): a leave request
 * started, approved, claimed, rolled back, withdrawn, transferred, delegated and terminated; the
 * refusals with their texts, writing nothing; the lists by kind; another tenant seeing none of it.
 * Definitions are deployed through the engine (the design routes are another part's).
 */
const PARK = '100001'
const P = 'blade-workflow/process'
type Json = Record<string, unknown>
type Page = { records: Json[]; total: number }

describe('workflow process calls', () => {
  let t: TestContext
  let admin: Headers
  let staff: Headers
  let platform: Headers
  let adminId: string
  let staffId: string
  let thirdId: string
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
    const idOf = async (account: string) =>
      (
        await db()
          .select({ id: user.id })
          .from(user)
          .where(and(eq(user.tenantId, PARK), eq(user.account, account)))
      )[0]!.id
    adminId = await idOf('admin')
    staffId = await idOf('staff')
    thirdId = nextId()
    await db()
      .insert(user)
      .values({ id: thirdId, tenantId: PARK, account: 'wf-third', password: 'x', realName: '第三人' })
    const engine = new WorkflowEngine(db())
    await engine.deploy(PARK, { xml: leaveXml(adminId, [adminId, staffId]), category: 'hr' })
    await engine.deploy(PARK, { xml: signXml([adminId, staffId]) })
    // the platform tenant has a process of the same key: never seen from the park
    await engine.deploy('000000', { xml: leaveXml('1', ['1', '2']) })
  })
  afterAll(() => t.close())

  const ok = <T>(reply: { status: number; text: string; body: { data: T } }) => {
    expect(reply.status, reply.text).toBe(200)
    return reply.body.data
  }
  // a request (the kit's workflow declaration): its row carries the instance it started
  const requestLeave = async (days = 2, as = staff) => {
    const { id } = ok(
      await post<{ id: string }>(
        'blade-workflow/leave',
        { startTime: '2026-12-01 09:00:00', endTime: '2026-12-03 18:00:00', days, reason: '回家' },
        undefined,
        as,
      ),
    )
    const row = ok(await get<Json>('blade-workflow/leave/detail', { id }, as))
    expect(row.approvalStatus).toBe(LEAVE_STATUS.running)
    return row.processInstanceId as string
  }
  const openTask = (instanceId: string, node: string) => openTaskAt(db(), instanceId, node)
  const leaveTotal = async () =>
    (await get<Page>('blade-workflow/leave', { size: 100 }, staff)).body.data.total
  const list = async (kind: string, as: Headers) => ok(await get<Page>(`${P}/${kind}`, { size: 100 }, as))
  const refused = refusalCheck(() => footprintOf(db(), PARK))

  it('lists the processes one may start, with their start form', async () => {
    const processes = ok(await get<Page>(`${P}/processList`, {}, staff))
    const leave = processes.records.find((r) => r.key === LEAVE_PROCESS_KEY)!
    expect(leave).toMatchObject({ name: '请假审批', status: 1, category: 'hr' })
    expect(ok(await get<Json>(`${P}/getFormByProcessId`, { processId: leave.id }, staff))).toMatchObject({
      process: { key: LEAVE_PROCESS_KEY },
      form: LEAVE_FORM,
    })
    expect(
      ok(await get<Json>(`${P}/getFormByProcessDefKey`, { processDefKey: LEAVE_PROCESS_KEY }, staff)),
    ).toMatchObject({
      process: { id: leave.id },
    })
    expect((await get(`${P}/getFormByProcessDefKey`, { processDefKey: 'nope' }, staff)).body.msg).toBe(
      WORKFLOW_TEXTS.noProcess,
    )
  })

  it('a leave request runs to its end: todo, message after commit, claim, the lists, the detail', async () => {
    const instanceId = await requestLeave()
    const manager = await openTask(instanceId, 'manager')
    expect(manager.assignee).toBe(adminId)
    const todo = await list('todoList', admin)
    expect(todo.records.find((r) => r.taskId === manager.id)).toMatchObject({
      taskName: '经理审批',
      taskDefinitionKey: 'manager',
      processInstanceId: instanceId,
      processDefinitionKey: LEAVE_PROCESS_KEY,
      startUser: staffId,
      startUserName: '园区职员',
      processIsFinished: false,
    })
    expect((await list('sendList', staff)).records.some((r) => r.processInstanceId === instanceId)).toBe(true)
    // the manager was told, once the start had committed
    await until(
      async () =>
        (
          await db()
            .select({ n: count() })
            .from(message)
            .where(and(eq(message.userId, adminId), like(message.title, '待办事务: 请假审批 - 经理审批')))
        )[0]!.n > 0,
    )
    // only the assignee completes
    await refused(
      () => post(`${P}/completeTask`, { taskId: manager.id }, undefined, staff),
      403,
      MESSAGES.notHandler,
    )
    ok(await post(`${P}/completeTask`, { taskId: manager.id, comment: '同意' }))
    const hr = await openTask(instanceId, 'hr')
    expect(hr.assignee).toBeNull()
    for (const who of [admin, staff])
      expect((await list('claimList', who)).records.some((r) => r.taskId === hr.id)).toBe(true)
    ok(await post(`${P}/claimTask`, { taskId: hr.id }, undefined, staff))
    await refused(() => post(`${P}/claimTask`, { taskId: hr.id }), 409, MESSAGES.claimed)
    ok(await post(`${P}/completeTask`, { taskId: hr.id, pass: true }, undefined, staff))
    const [instance] = await db().select().from(workflowInstance).where(eq(workflowInstance.id, instanceId))
    expect(instance!.status).toBe(INSTANCE.completed)
    expect((await list('doneList', staff)).records.some((r) => r.processInstanceId === instanceId)).toBe(true)
    expect((await list('myDoneList', admin)).records.some((r) => r.taskId === manager.id)).toBe(true)
    const leaves = ok(await get<Page>('blade-workflow/leave', {}, staff))
    expect(leaves.records.find((r) => r.processInstanceId === instanceId)).toMatchObject({
      approvalStatus: LEAVE_STATUS.approved,
      days: 2,
    })
    const detail = ok(await get<Json>(`${P}/detail`, { processInstanceId: instanceId }, staff))
    expect(detail).toMatchObject({ variables: { days: 2, reason: '回家' }, tasks: [] })
    // copied to the admin (抄送): in the admin's copy list
    await db()
      .insert(workflowCopy)
      .values({ id: nextId(), tenantId: PARK, instanceId, userId: adminId, fromUserId: staffId })
    expect(
      (await list('copyList', admin)).records.find((r) => r.processInstanceId === instanceId),
    ).toMatchObject({
      taskId: null,
      processIsFinished: true,
    })
    expect((await list('copyList', staff)).records.some((r) => r.processInstanceId === instanceId)).toBe(
      false,
    )
    expect((detail.history as Json[]).map((h) => `${h.action}@${h.taskDefinitionKey}`)).toEqual([
      'start@start',
      'complete@manager',
      'claim@hr',
      'complete@hr',
      'end@end',
    ])
    expect(detail.passedNodes).toEqual(expect.arrayContaining(['manager', 'hr']))
    // the third person took no part: no detail
    expect((await get(`${P}/detail`, { processInstanceId: instanceId }, platform)).status).toBe(404)
  })

  it('of two completions of one task one wins, the other 任务已被处理', async () => {
    const manager = await openTask(await requestLeave(), 'manager')
    const replies = await Promise.all([
      post(`${P}/completeTask`, { taskId: manager.id }),
      post(`${P}/completeTask`, { taskId: manager.id }),
    ])
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409])
    expect(replies.find((r) => r.status === 409)!.body.msg).toBe(MESSAGES.handled)
    // two candidates claiming one 待签 task at once: one has it
    const hr = await openTask(manager.instanceId, 'hr')
    const claims = await Promise.all([
      post(`${P}/claimTask`, { taskId: hr.id }),
      post(`${P}/claimTask`, { taskId: hr.id }, undefined, staff),
    ])
    expect(claims.map((r) => r.status).sort()).toEqual([200, 409])
    expect(claims.find((r) => r.status === 409)!.body.msg).toBe(MESSAGES.claimed)
  })

  it('back nodes, rollback, withdraw', async () => {
    const instanceId = await requestLeave()
    const manager = await openTask(instanceId, 'manager')
    ok(await post(`${P}/completeTask`, { taskId: manager.id }))
    // withdrawn while the next task is untouched: the manager's task opens again
    ok(await post(`${P}/withdrawTask`, { taskId: manager.id }))
    const again = await openTask(instanceId, 'manager')
    expect(again.assignee).toBe(adminId)
    ok(await post(`${P}/completeTask`, { taskId: again.id }))
    const hr = await openTask(instanceId, 'hr')
    ok(await post(`${P}/claimTask`, { taskId: hr.id }))
    await refused(() => post(`${P}/withdrawTask`, { taskId: again.id }), 409, MESSAGES.withdrawTooLate)
    expect(ok(await get(`${P}/getBackNodes`, { taskId: hr.id }))).toEqual([
      { nodeId: 'manager', nodeName: '经理审批' },
    ])
    // only whoever may handle the task (or ops) reads where it may go back to
    const notMine = await get(`${P}/getBackNodes`, { taskId: hr.id }, staff)
    expect(notMine.status).toBe(403)
    expect(notMine.body.msg).toBe(MESSAGES.notHandler)
    await refused(
      () => post(`${P}/rollbackTask`, { taskId: hr.id, nodeId: 'start' }),
      400,
      '只能退回到本路径上已经过的节点',
    )
    ok(await post(`${P}/rollbackTask`, { taskId: hr.id, nodeId: 'manager', comment: '补材料' }))
    expect((await openTask(instanceId, 'manager')).assignee).toBe(adminId)
  })

  it('transfer and delegate (back to the owner when resolved)', async () => {
    const instanceId = await requestLeave()
    const manager = await openTask(instanceId, 'manager')
    await refused(
      () => post(`${P}/transferTask`, { taskId: manager.id, assignee: '1123598821738675201' }),
      400,
      '用户不存在',
    )
    ok(await post(`${P}/delegateTask`, { taskId: manager.id, assignee: staffId }))
    expect((await list('todoList', staff)).records.some((r) => r.taskId === manager.id)).toBe(true)
    ok(await post(`${P}/completeTask`, { taskId: manager.id }, undefined, staff))
    const back = await openTask(instanceId, 'manager')
    expect({ id: back.id, assignee: back.assignee }).toEqual({ id: manager.id, assignee: adminId })
    ok(await post(`${P}/transferTask`, { taskId: manager.id, assignee: thirdId }))
    expect((await openTask(instanceId, 'manager')).assignee).toBe(thirdId)
  })

  it('请假 rows are processes (the kit): read-only while running; a rejected request, edited, runs again', async () => {
    const instanceId = await requestLeave(2)
    const [row] = await db()
      .select()
      .from(workflowLeave)
      .where(eq(workflowLeave.processInstanceId, instanceId))
    const id = row!.id
    const changed = {
      id,
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-02 18:00:00',
      days: 1,
      reason: '改期',
    }
    await refused(() => post('blade-workflow/leave/submit', changed, undefined, staff), 409, RUNNING_READONLY)
    await refused(
      () => post('blade-workflow/leave/remove', undefined, { ids: id }, staff),
      409,
      RUNNING_READONLY,
    )
    // one's own requests only: the admin (an approver) does not read it as a leave row
    expect((await get('blade-workflow/leave/detail', { id })).status).not.toBe(200)
    // rejected at its last step (人事, claimed by the admin): 已驳回, and now it may change; a change
    // asks again, on a new instance
    ok(await post(`${P}/completeTask`, { taskId: (await openTask(instanceId, 'manager')).id }))
    const hr = await openTask(instanceId, 'hr')
    ok(await post(`${P}/claimTask`, { taskId: hr.id }))
    ok(await post(`${P}/completeTask`, { taskId: hr.id, pass: false }))
    const detail = async () => ok(await get<Json>('blade-workflow/leave/detail', { id }, staff))
    expect((await detail()).approvalStatus).toBe(LEAVE_STATUS.rejected)
    ok(await post('blade-workflow/leave/submit', changed, undefined, staff))
    const again = await detail()
    expect(again).toMatchObject({ approvalStatus: LEAVE_STATUS.running, reason: '改期', days: 1 })
    expect(again.processInstanceId).not.toBe(instanceId)
    expect((await openTask(again.processInstanceId as string, 'manager')).assignee).toBe(adminId)
  })

  it('terminate: the initiator before any approval, else workflow_ops', async () => {
    const early = await requestLeave()
    ok(await post(`${P}/terminateProcess`, { processInstanceId: early, comment: '不请了' }, undefined, staff))
    const leaves = ok(await get<Page>('blade-workflow/leave', { size: 100 }, staff))
    expect(leaves.records.find((r) => r.processInstanceId === early)!.approvalStatus).toBe(
      LEAVE_STATUS.cancelled,
    )
    // the initiator's own end before any approval reads 已撤回 in 已发事务, its history 撤回
    const sent = ok(await get<Page>(`${P}/sendList`, { size: 100 }, staff))
    expect(sent.records.find((r) => r.id === early || r.processInstanceId === early)).toMatchObject({
      processStatus: INSTANCE.withdrawn,
    })
    const late = await requestLeave()
    ok(await post(`${P}/completeTask`, { taskId: (await openTask(late, 'manager')).id }))
    await refused(
      () => post(`${P}/terminateProcess`, { processInstanceId: late }, undefined, staff),
      409,
      '流程已有审批, 不能终止',
    )
    // the park's admin monitors (workflow_ops): sees it in ops lists and terminates it
    expect(
      ok(await get<Page>('blade-workflow/ops/processList', { size: 100 })).records.some((r) => r.id === late),
    ).toBe(true)
    ok(await post(`${P}/terminateProcess`, { processInstanceId: late }))
    expect(
      ok(await get<Page>('blade-workflow/ops/doneList', { size: 100 })).records.find((r) => r.id === late),
    ).toMatchObject({
      processStatus: INSTANCE.terminated,
    })
    expect(ok(await get<Page>('blade-workflow/ops/list', { size: 100 })).total).toBeGreaterThan(1)
    expect((await get('blade-workflow/ops/list', {}, staff)).status).toBe(403)
  })

  it('add multi-instance on a running multi-instance node only', async () => {
    const started = ok(
      await post<{ processInstanceId: string }>(`${P}/startProcess`, { processDefKey: 'countersign' }),
    )
    const mine = (
      await db().select().from(workflowTask).where(eq(workflowTask.instanceId, started.processInstanceId))
    ).find((task) => task.assignee === adminId)!
    ok(await post(`${P}/addMultiInstance`, { taskId: mine.id, assignee: thirdId }))
    const open = await db()
      .select({ assignee: workflowTask.assignee })
      .from(workflowTask)
      .where(and(eq(workflowTask.instanceId, started.processInstanceId), eq(workflowTask.status, TASK.open)))
    expect(open.map((o) => o.assignee).sort()).toEqual([adminId, staffId, thirdId].sort())
    const manager = await openTask(await requestLeave(), 'manager')
    await refused(
      () => post(`${P}/addMultiInstance`, { taskId: manager.id, assignee: thirdId }),
      400,
      '当前节点不是会签节点',
    )
  })

  it('start needs a definition whose scope holds the caller (无权发起此流程), writing nothing', async () => {
    setStartRules({ mayStart: async (_tx, userId) => userId !== staffId })
    try {
      await refused(
        () => post(`${P}/startProcess`, { processDefKey: LEAVE_PROCESS_KEY }, undefined, staff),
        403,
        WORKFLOW_TEXTS.mayNotStart,
      )
      const leaves = await leaveTotal()
      const reply = await post(
        'blade-workflow/leave',
        { startTime: '2026-12-01', endTime: '2026-12-02', days: 1, reason: 'x' },
        undefined,
        staff,
      )
      expect(reply.body.msg).toBe(WORKFLOW_TEXTS.mayNotStart)
      expect(await leaveTotal()).toBe(leaves)
      expect(ok(await get<Page>(`${P}/processList`, {}, staff)).records).toEqual([])
    } finally {
      resetStartRules()
    }
    await refused(() => post(`${P}/startProcess`, { processDefKey: 'nope' }), 404, WORKFLOW_TEXTS.noProcess)
    // a leave ending before it starts is refused at the edge, writing nothing
    const backwards = { startTime: '2026-12-03 09:00:00', endTime: '2026-12-01', days: 1, reason: 'x' }
    await refused(
      () => post('blade-workflow/leave', backwards),
      400,
      '参数校验失败: endTime: 结束时间不能早于开始时间',
    )
    // the model's scope (design: xpark_wf_model_scope) names the admin only
    const modelId = nextId()
    await new WorkflowEngine(db()).deploy(PARK, {
      xml: signXml([adminId]).replaceAll('countersign', 'scoped'),
      modelId,
    })
    await db()
      .insert(workflowModelScope)
      .values({ id: nextId(), tenantId: PARK, modelId, type: 'user', val: adminId })
    await refused(
      () => post(`${P}/startProcess`, { processDefKey: 'scoped' }, undefined, staff),
      403,
      WORKFLOW_TEXTS.mayNotStart,
    )
    ok(await post(`${P}/startProcess`, { processDefKey: 'scoped' }))
  })

  it('drafts are their owner’s only, and a start from one removes it', async () => {
    const { id } = ok(
      await post<{ id: string }>(
        'blade-workflow/draft',
        { processDefKey: 'countersign', title: '草稿' },
        undefined,
        staff,
      ),
    )
    expect(ok(await get<Page>('blade-workflow/draft', {}, staff)).records.map((r) => r.id)).toContain(id)
    expect(ok(await get<Page>('blade-workflow/draft', {})).records.map((r) => r.id)).not.toContain(id)
    expect((await post('blade-workflow/draft', { id, processDefKey: 'x' })).status).toBe(404)
    ok(await post('blade-workflow/draft/remove', { ids: id }))
    expect(ok(await get<Page>('blade-workflow/draft', {}, staff)).total).toBe(1)
    ok(await post(`${P}/startProcess`, { processDefKey: 'countersign', draftId: id }, undefined, staff))
    expect(ok(await get<Page>('blade-workflow/draft', {}, staff)).total).toBe(0)
  })

  it('start keeps the start form’s rules (the contract’s, as the console’s form): 400 naming the field, nothing written', async () => {
    // the demo's 请假表单 (formKey park_leave): days required and at least 0.5, reason required
    const { id } = ok(
      await post<{ id: string }>(
        'blade-workflow/draft',
        { processDefKey: LEAVE_PROCESS_KEY, title: '请假', variables: { days: 0.2 } },
        undefined,
        staff,
      ),
    )
    const start = (variables: Json, draftId?: string) => () =>
      post(`${P}/startProcess`, { processDefKey: LEAVE_PROCESS_KEY, variables, draftId }, undefined, staff)
    await refused(start({ reason: '回家' }), 400, '请假天数不能为空')
    await refused(start({ days: 0.2, reason: '回家' }, id), 400, '请假天数不能小于 0.5')
    await refused(start({ days: 2, reason: '' }, id), 400, '请假事由不能为空')
    // the refused start kept the draft; a valid one starts and removes it
    expect(ok(await get<Page>('blade-workflow/draft', {}, staff)).records.map((r) => r.id)).toContain(id)
    const started = ok(
      await post<{ processInstanceId: string }>(
        `${P}/startProcess`,
        {
          processDefKey: LEAVE_PROCESS_KEY,
          variables: { days: 2, reason: '回家' },
          draftId: id,
        },
        undefined,
        staff,
      ),
    )
    expect(started.processInstanceId).toBeTruthy()
    expect(ok(await get<Page>('blade-workflow/draft', {}, staff)).records.map((r) => r.id)).not.toContain(id)
  })

  it('proxies: A to B for a period; not to oneself, no cycle; A’s new tasks go to B', async () => {
    const P2 = 'blade-workflow/ops/proxy'
    const period = { startTime: '2020-01-01 00:00:00', endTime: '2099-01-01 00:00:00' }
    expect((await post(`${P2}/submit`, { userId: adminId, proxyUserId: adminId, ...period })).body.msg).toBe(
      '不能代理给自己',
    )
    const { id } = ok(
      await post<{ id: string }>(`${P2}/submit`, { userId: adminId, proxyUserId: thirdId, ...period }),
    )
    await refused(
      () => post(`${P2}/submit`, { userId: thirdId, proxyUserId: adminId, ...period }),
      400,
      '代理不能形成循环',
    )
    expect(ok(await get<Json>(`${P2}/detail`, { id }))).toMatchObject({
      userId: adminId,
      proxyUserName: '第三人',
    })
    expect(ok(await get<Page>(`${P2}/list`)).records.map((r) => r.id)).toContain(id)
    const manager = await openTask(await requestLeave(), 'manager')
    expect({ assignee: manager.assignee, proxyFor: manager.proxyFor }).toEqual({
      assignee: thirdId,
      proxyFor: adminId,
    })
    // switched off, it no longer hands tasks on
    ok(await post(`${P2}/submit`, { id, userId: adminId, proxyUserId: thirdId, ...period, status: 0 }))
    expect((await openTask(await requestLeave(), 'manager')).assignee).toBe(adminId)
    ok(await post(`${P2}/remove`, { ids: id }))
    expect((await get(`${P2}/detail`, { id })).status).toBe(404)
    expect((await get(`${P2}/list`, {}, staff)).status).toBe(403)
  })

  it('another tenant sees none of it and acts on none of it', async () => {
    const instanceId = await requestLeave()
    const manager = await openTask(instanceId, 'manager')
    for (const kind of ['todoList', 'claimList', 'sendList', 'doneList', 'myDoneList', 'copyList'])
      expect((await list(kind, platform)).records.some((r) => r.processInstanceId === instanceId)).toBe(false)
    const parks = ok(await get<Page>(`${P}/processList`, {}, staff)).records.map((r) => r.id)
    const platforms = ok(await get<Page>(`${P}/processList`, {}, platform)).records.map((r) => r.id)
    expect(platforms.filter((id) => parks.includes(id))).toEqual([])
    await refused(
      () => post(`${P}/completeTask`, { taskId: manager.id }, undefined, platform),
      404,
      '任务不存在',
    )
    await refused(
      () => post(`${P}/terminateProcess`, { processInstanceId: instanceId }, undefined, platform),
      404,
      WORKFLOW_TEXTS.noInstance,
    )
    expect((await get(`${P}/detail`, { taskId: manager.id }, platform)).status).toBe(404)
  })
})

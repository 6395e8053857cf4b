import { readFileSync } from 'node:fs'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nextId } from '../../../core/ids.js'
import { startTestApp, type TestContext } from '../../../test/harness.js'
import { INSTANCE, TASK, workflowHistory, workflowInstance, workflowProxy, workflowTask } from '../schema.js'
import { compileCondition } from './conditions.js'
import type { Directory } from './directory.js'
import { parseProcess } from './graph.js'
import { type Actor, WorkflowEngine } from './operations.js'

/**
 * The engine on PGlite (and on PostgreSQL when DATABASE_URL is set): BPMN files × operations →
 * the open tasks and the history; refusals write nothing; deploy refusals; the race on PostgreSQL.
 */
const TENANT = '100001'
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
const as = (userId: string, ops = false): Actor => ({ tenantId: TENANT, userId, ops })

/** role 9 is users 31 and 32 */
const directory: Directory = {
  usersIn: async (_tx, _tenant, groups) =>
    groups.some((g) => g.kind === 'role' && g.ref === '9') ? ['31', '32'] : [],
  groupsOf: async (_tx, _tenant, userId) =>
    ['31', '32'].includes(userId) ? [{ kind: 'role', ref: '9' }] : [],
  deptLeaderOf: async () => null,
}

describe(`workflow engine (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestContext
  let engine: WorkflowEngine

  beforeAll(async () => {
    t = await startTestApp()
    engine = new WorkflowEngine(t.database.db, directory)
    await engine.deploy(TENANT, { xml: fixture('approval.bpmn'), category: 'hr' })
    await engine.deploy(TENANT, { xml: fixture('parallel.bpmn') })
  })
  afterAll(() => t.close())

  const open = (instanceId: string) =>
    t.database.db
      .select()
      .from(workflowTask)
      .where(and(eq(workflowTask.instanceId, instanceId), eq(workflowTask.status, TASK.open)))
      .orderBy(asc(workflowTask.id))
  const openAt = async (instanceId: string) =>
    (await open(instanceId)).map((task) => `${task.taskDefinitionKey}:${task.assignee ?? '待签'}`).sort()
  const history = async (instanceId: string) =>
    (
      await t.database.db
        .select()
        .from(workflowHistory)
        .where(eq(workflowHistory.instanceId, instanceId))
        .orderBy(asc(workflowHistory.id))
    ).map((h) => `${h.action}${h.nodeId ? `@${h.nodeId}` : ''}${h.userId ? `:${h.userId}` : ''}`)
  const statusOf = async (instanceId: string) =>
    (await t.database.db.select().from(workflowInstance).where(eq(workflowInstance.id, instanceId)))[0]!
      .status
  const taskAt = async (instanceId: string, node: string, assignee?: string) =>
    (await open(instanceId)).find(
      (task) => task.taskDefinitionKey === node && (!assignee || task.assignee === assignee),
    )!
  /** the rows of the instance's tables, to show a refusal wrote nothing */
  const footprint = async (instanceId: string) =>
    JSON.stringify([
      await t.database.db
        .select()
        .from(workflowTask)
        .where(eq(workflowTask.instanceId, instanceId))
        .orderBy(asc(workflowTask.id)),
      await history(instanceId),
      await t.database.db.select().from(workflowInstance).where(eq(workflowInstance.id, instanceId)),
    ])
  const refuses = async (
    instanceId: string,
    work: () => Promise<unknown>,
    status: number,
    message: string,
  ) => {
    const before = await footprint(instanceId)
    await expect(work()).rejects.toMatchObject({ code: status, message })
    expect(await footprint(instanceId)).toBe(before)
  }
  const startLeave = (days: number, by = '1') => engine.start(as(by), { key: 'leave', variables: { days } })
  const passReview = async (instanceId: string) => {
    for (const reviewer of ['21', '22', '23'])
      await engine.complete(as(reviewer), { taskId: (await taskAt(instanceId, 'review', reviewer)).id })
  }

  it('deploys versions with Flowable-shaped ids; a new version leaves running instances on theirs', async () => {
    const running = await startLeave(1)
    const second = await engine.deploy(TENANT, { xml: fixture('approval.bpmn'), category: 'hr' })
    expect(second.version).toBe(2)
    expect(second.processDefinitionId).toBe(`leave:2:${second.id}`)
    expect(running.processDefinitionId).toMatch(/^leave:1:\d+$/)
    const [task] = await open(running.id)
    expect(task).toMatchObject({
      taskDefinitionKey: 'manager',
      assignee: '11',
      processDefinitionId: running.processDefinitionId,
    })
    expect((await startLeave(1)).processDefinitionId).toBe(second.processDefinitionId)
  })

  it('leave of 5 days: manager → parallel review (all) → 人事 (claimable by role 9) → end', async () => {
    const instance = await startLeave(5)
    expect(await openAt(instance.id)).toEqual(['manager:11'])
    await engine.complete(as('11'), { taskId: (await taskAt(instance.id, 'manager')).id, comment: '同意' })
    expect(await openAt(instance.id)).toEqual(['review:21', 'review:22', 'review:23'])
    await passReview(instance.id)
    expect(await openAt(instance.id)).toEqual(['hr:待签'])
    const hr = await taskAt(instance.id, 'hr')
    await refuses(instance.id, () => engine.claim(as('99'), hr.id), 403, '不是候选人, 不能签收')
    await refuses(instance.id, () => engine.complete(as('31'), { taskId: hr.id }), 403, '不是当前处理人')
    await engine.claim(as('31'), hr.id)
    await refuses(instance.id, () => engine.claim(as('32'), hr.id), 409, '任务已被签收')
    await engine.complete(as('31'), { taskId: hr.id })
    expect(await openAt(instance.id)).toEqual([])
    expect(await statusOf(instance.id)).toBe(INSTANCE.completed)
    expect(await history(instance.id)).toEqual([
      'start@start:1',
      'complete@manager:11',
      'complete@review:21',
      'complete@review:22',
      'complete@review:23',
      'claim@hr:31',
      'complete@hr:31',
      'end@end',
    ])
  })

  it('leave of 2 days ends after the review (the default flow); a rejection there ends it too', async () => {
    const short = await startLeave(2)
    await engine.complete(as('11'), { taskId: (await taskAt(short.id, 'manager')).id })
    await passReview(short.id)
    expect(await statusOf(short.id)).toBe(INSTANCE.completed)
    const rejected = await startLeave(9)
    await engine.complete(as('11'), { taskId: (await taskAt(rejected.id, 'manager')).id })
    await engine.complete(as('21'), { taskId: (await taskAt(rejected.id, 'review', '21')).id, pass: false })
    await engine.complete(as('22'), { taskId: (await taskAt(rejected.id, 'review', '22')).id })
    await engine.complete(as('23'), { taskId: (await taskAt(rejected.id, 'review', '23')).id })
    expect(await statusOf(rejected.id)).toBe(INSTANCE.completed) // `all` not approved → pass false → end
  })

  it('transfer and delegate: a delegated task comes back to its owner when resolved', async () => {
    const instance = await startLeave(1)
    const manager = await taskAt(instance.id, 'manager')
    await engine.delegate(as('11'), { taskId: manager.id, userId: '12' })
    await refuses(instance.id, () => engine.complete(as('11'), { taskId: manager.id }), 403, '不是当前处理人')
    await engine.complete(as('12'), { taskId: manager.id, comment: '已看过' })
    expect(await openAt(instance.id)).toEqual(['manager:11'])
    await engine.transfer(as('11'), { taskId: manager.id, userId: '13' })
    expect(await openAt(instance.id)).toEqual(['manager:13'])
    await engine.complete(as('13'), { taskId: manager.id })
    expect(await history(instance.id)).toEqual([
      'start@start:1',
      'delegate@manager:11',
      'resolve@manager:12',
      'transfer@manager:11',
      'complete@manager:13',
    ])
  })

  it('rollback to a passed node only; withdraw while the next task is untouched', async () => {
    const instance = await startLeave(5)
    const manager = await taskAt(instance.id, 'manager')
    await refuses(
      instance.id,
      () => engine.rollback(as('11'), { taskId: manager.id, nodeId: 'review' }),
      400,
      '只能退回到本路径上已经过的节点',
    )
    await engine.complete(as('11'), { taskId: manager.id })
    expect(
      (await engine.backNodes(as('21'), (await taskAt(instance.id, 'review', '21')).id)).map((n) => n.nodeId),
    ).toEqual(['manager'])
    // withdraw: the review is untouched
    await engine.withdraw(as('11'), manager.id)
    expect(await openAt(instance.id)).toEqual(['manager:11'])
    await engine.complete(as('11'), { taskId: (await taskAt(instance.id, 'manager')).id })
    const managerDone = (
      await t.database.db
        .select()
        .from(workflowTask)
        .where(
          and(
            eq(workflowTask.instanceId, instance.id),
            eq(workflowTask.taskDefinitionKey, 'manager'),
            eq(workflowTask.status, TASK.completed),
          ),
        )
    ).at(-1)!
    await engine.complete(as('21'), { taskId: (await taskAt(instance.id, 'review', '21')).id })
    await refuses(
      instance.id,
      () => engine.withdraw(as('11'), managerDone.id),
      409,
      '下一节点已处理, 不能撤回',
    )
    // rollback from the review: every iteration closes, the manager (who passed it) has it again
    await engine.rollback(as('22'), {
      taskId: (await taskAt(instance.id, 'review', '22')).id,
      nodeId: 'manager',
    })
    expect(await openAt(instance.id)).toEqual(['manager:11'])
    await engine.complete(as('11'), { taskId: (await taskAt(instance.id, 'manager')).id })
    expect(await openAt(instance.id)).toEqual(['review:21', 'review:22', 'review:23'])
  })

  it('parallel fork and join, ${initiator}, a sequential ratio multi-instance; rollback stops at the gateways', async () => {
    const instance = await engine.start(as('7'), { key: 'purchase', variables: { amount: 100 } })
    expect(await openAt(instance.id)).toEqual(['fill:7'])
    await engine.complete(as('7'), { taskId: (await taskAt(instance.id, 'fill')).id })
    expect(await openAt(instance.id)).toEqual(['admin:42', 'finance:41'])
    const finance = await taskAt(instance.id, 'finance')
    expect(await engine.backNodes(as('41'), finance.id)).toEqual([]) // `fill` is behind the fork
    await engine.complete(as('41'), { taskId: finance.id })
    expect(await openAt(instance.id)).toEqual(['admin:42']) // the join waits
    await engine.withdraw(as('41'), finance.id) // only an arrival at the join: withdrawn
    expect(await openAt(instance.id)).toEqual(['admin:42', 'finance:41'])
    await engine.complete(as('41'), { taskId: (await taskAt(instance.id, 'finance')).id })
    await engine.complete(as('42'), { taskId: (await taskAt(instance.id, 'admin')).id })
    expect(await openAt(instance.id)).toEqual(['directors:51'])
    // add and delete iterations on the running multi-instance node
    const first = await taskAt(instance.id, 'directors')
    await engine.addMultiInstance(as('51'), { taskId: first.id, userIds: ['55'] })
    await engine.deleteMultiInstance(as('51'), { taskId: first.id, userIds: ['54'] })
    await refuses(
      instance.id,
      () => engine.deleteMultiInstance(as('51'), { taskId: first.id, userIds: ['51'] }),
      400,
      '只能减签尚未处理的其他会签人',
    )
    await engine.complete(as('51'), { taskId: first.id })
    expect(await openAt(instance.id)).toEqual(['directors:52'])
    await engine.complete(as('52'), { taskId: (await taskAt(instance.id, 'directors')).id })
    // 2 of 4 (51, 52, 53, 55) approved: 0.5 reached, the rest never open
    expect(await openAt(instance.id)).toEqual([])
    expect(await statusOf(instance.id)).toBe(INSTANCE.completed)
    expect(await history(instance.id)).toContain('add-instance@directors:51')
  })

  it('suspend refuses every task operation (流程已挂起); terminate by the initiator before approval, or ops', async () => {
    const instance = await startLeave(1)
    const manager = await taskAt(instance.id, 'manager')
    await refuses(
      instance.id,
      () => engine.setSuspended(as('1'), instance.id, true),
      403,
      '当前节点不允许此操作',
    )
    await engine.setSuspended(as('99', true), instance.id, true)
    await refuses(instance.id, () => engine.complete(as('11'), { taskId: manager.id }), 409, '流程已挂起')
    await refuses(
      instance.id,
      () => engine.transfer(as('11'), { taskId: manager.id, userId: '12' }),
      409,
      '流程已挂起',
    )
    await engine.setSuspended(as('99', true), instance.id, false)
    await refuses(
      instance.id,
      () => engine.terminate(as('2'), { instanceId: instance.id }),
      403,
      '只有发起人或流程运维可以终止流程',
    )
    // the initiator's own, before any approval: a withdrawal (已撤回)
    await engine.terminate(as('1'), { instanceId: instance.id, reason: '不请了' })
    expect(await statusOf(instance.id)).toBe(INSTANCE.withdrawn)
    expect(await openAt(instance.id)).toEqual([])
    const approved = await startLeave(5)
    await engine.complete(as('11'), { taskId: (await taskAt(approved.id, 'manager')).id })
    await refuses(
      approved.id,
      () => engine.terminate(as('1'), { instanceId: approved.id }),
      409,
      '流程已有审批, 不能终止',
    )
    await engine.terminate(as('99', true), { instanceId: approved.id, reason: '运维终止' })
    expect(await statusOf(approved.id)).toBe(INSTANCE.terminated)
  })

  it('a suspended deployment refuses new starts', async () => {
    const definition = await engine.deploy(TENANT, {
      xml: fixture('parallel.bpmn').replaceAll('purchase', 'purchase2'),
    })
    await engine.setDefinitionStatus(TENANT, definition.id, 2)
    await expect(engine.start(as('1'), { key: 'purchase2' })).rejects.toMatchObject({
      code: 409,
      message: '流程已挂起',
    })
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(workflowInstance)
      .where(eq(workflowInstance.processDefinitionKey, 'purchase2'))
    expect(count!.n).toBe(0)
  })

  it('a proxy: A’s new tasks go to B, history says B for A; A’s old task may be handled by B', async () => {
    const before = await startLeave(1)
    const proxyId = nextId()
    await t.database.db.insert(workflowProxy).values({
      id: proxyId,
      tenantId: TENANT,
      userId: '11',
      proxyUserId: '15',
      startTime: new Date(Date.now() - 60_000),
      endTime: new Date(Date.now() + 3_600_000),
    })
    const after = await startLeave(1)
    expect(await openAt(after.id)).toEqual(['manager:15'])
    expect((await taskAt(after.id, 'manager')).proxyFor).toBe('11')
    await engine.complete(as('15'), { taskId: (await taskAt(before.id, 'manager')).id })
    const [done] = await t.database.db
      .select()
      .from(workflowHistory)
      .where(and(eq(workflowHistory.instanceId, before.id), eq(workflowHistory.action, 'complete')))
    expect(done).toMatchObject({ userId: '15', otherUserId: '11' })
    await t.database.db.update(workflowProxy).set({ isDeleted: 1 }).where(eq(workflowProxy.id, proxyId))
  })

  describe('deploy refusals', () => {
    const process = (body: string) => `<?xml version="1.0"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:xpark="http://xpark.dev/schema/bpmn" id="d" targetNamespace="t"><process id="p">
  <startEvent id="s" /><userTask id="a" xpark:assignee="user:1" /><endEvent id="e" />
  <sequenceFlow id="f1" sourceRef="s" targetRef="a" />${body}</process></definitions>`
    it.each([
      [
        '<serviceTask id="svc" /><sequenceFlow id="f2" sourceRef="a" targetRef="svc" /><sequenceFlow id="f3" sourceRef="svc" targetRef="e" />',
        '不支持的节点: svc (bpmn:ServiceTask)',
      ],
      [
        '<sequenceFlow id="f2" sourceRef="a" targetRef="e" /><intermediateCatchEvent id="wait"><timerEventDefinition /></intermediateCatchEvent>',
        '不支持的节点: wait (bpmn:IntermediateCatchEvent bpmn:TimerEventDefinition)',
      ],
      [
        '<sequenceFlow id="f2" sourceRef="a" targetRef="e" /><sequenceFlow id="f3" sourceRef="a" targetRef="a" />',
        'cannot connect to itself: f3',
      ],
      [
        '<sequenceFlow id="f2" sourceRef="a" targetRef="e" /><sequenceFlow id="f3" sourceRef="a" targetRef="e" />',
        'cannot repeat a connection: f3',
      ],
      [
        '<sequenceFlow id="f2" sourceRef="a" targetRef="e" /><sequenceFlow id="f3" sourceRef="a" targetRef="s" />',
        'cannot loop back: f3',
      ],
      [
        '<exclusiveGateway id="g" /><sequenceFlow id="f2" sourceRef="a" targetRef="g" /><sequenceFlow id="f3" sourceRef="g" targetRef="e"><conditionExpression xsi:type="tFormalExpression">${days &gt;}</conditionExpression></sequenceFlow>',
        '条件表达式有误: f3:',
      ],
    ])('%#: %s', async (body, message) => {
      await expect(parseProcess(process(body))).rejects.toMatchObject({
        code: 400,
        message: expect.stringContaining(message),
      })
    })
    it('a refused deployment writes no definition', async () => {
      await expect(engine.deploy(TENANT, { xml: process('<task id="x" />') })).rejects.toMatchObject({
        message: '不支持的节点: x (bpmn:Task)',
      })
      const [count] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(workflowInstance)
        .where(eq(workflowInstance.processDefinitionKey, 'p'))
      expect(count!.n).toBe(0)
    })
  })

  it('conditions are filtrex over the variables, never JavaScript', () => {
    expect(compileCondition('${days > 3 and type in ("年假", "事假")}')({ days: 5, type: '年假' })).toBe(true)
    expect(compileCondition('days > 3')({})).toBe(false) // a variable the form lacks: false
    expect(compileCondition('constructor.name == "Object"')({})).toBe(false)
    expect(() => compileCondition('process.exit()')).not.toThrow() // parsed as filtrex: no such function, never run
    expect(compileCondition('process.exit()')({})).toBe(false)
    expect(() => compileCondition('days >')).toThrow(/条件表达式有误/)
  })

  // PGlite runs one transaction at a time: the race is only real on PostgreSQL
  const onPostgres = Boolean(process.env.DATABASE_URL)
  if (!onPostgres)
    console.info(
      'workflow: the racing completions/claims test is skipped (set DATABASE_URL to run it on PostgreSQL)',
    )
  describe.skipIf(!onPostgres)('racing on PostgreSQL', () => {
    it('two completions of one task: one wins, the other 任务已被处理; ten claims: one wins', async () => {
      for (let round = 0; round < 5; round++) {
        const instance = await startLeave(5)
        const manager = await taskAt(instance.id, 'manager')
        const results = await Promise.allSettled([
          engine.complete(as('11'), { taskId: manager.id }),
          engine.complete(as('11'), { taskId: manager.id }),
        ])
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
        expect(results.find((r) => r.status === 'rejected')).toMatchObject({
          reason: { code: 409, message: '任务已被处理' },
        })
        expect(await openAt(instance.id)).toEqual(['review:21', 'review:22', 'review:23'])
        // the three reviewers at once: the node completes exactly once
        const reviews = await open(instance.id)
        await Promise.all(reviews.map((task) => engine.complete(as(task.assignee!), { taskId: task.id })))
        expect(await openAt(instance.id)).toEqual(['hr:待签'])
        const hr = await taskAt(instance.id, 'hr')
        const claims = await Promise.allSettled(
          ['31', '32', '31', '32'].map((u) => engine.claim(as(u), hr.id)),
        )
        expect(claims.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      }
    })
  })
})

import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ModuleContext } from '../../../core/module.js'
import { startTestApp, type TestContext } from '../../../test/harness.js'
import { workflowModule } from '../index.js'
import {
  INSTANCE,
  TASK,
  TIMER,
  workflowHistory,
  workflowInstance,
  workflowTask,
  workflowTimer,
} from '../schema.js'
import { parseProcess } from './graph.js'
import { type Actor, WorkflowEngine } from './operations.js'

/**
 * Timer boundary events on a user task (escalation), on a fixed clock: the due time is written when
 * the task opens; firing before it moves nothing; a non-interrupting one takes its flow beside the
 * task, an interrupting one cancels the task and takes its flow; a closed task's timer is cancelled;
 * two firings fire a timer once. Deploy refuses what is not a timeDuration on a plain user task.
 */
const TENANT = '100001'
const MINUTE = 60_000
const process = (boundaries: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
             xmlns:xpark="http://xpark.dev/schema/bpmn" id="d" targetNamespace="http://xpark/test">
  <process id="escalate_test" name="超时升级" isExecutable="true">
    <startEvent id="s" />
    <sequenceFlow id="f1" sourceRef="s" targetRef="approve" />
    <userTask id="approve" name="审批" xpark:assignee="user:71" />
    <sequenceFlow id="f2" sourceRef="approve" targetRef="e" />
    ${boundaries}
    <endEvent id="e" />
  </process>
</definitions>`
const BOUNDARIES = `
    <boundaryEvent id="remindTimer" name="半小时提醒" attachedToRef="approve" cancelActivity="false">
      <timerEventDefinition><timeDuration xsi:type="tFormalExpression">PT30M</timeDuration></timerEventDefinition>
    </boundaryEvent>
    <sequenceFlow id="f3" sourceRef="remindTimer" targetRef="remind" />
    <userTask id="remind" name="提醒" xpark:assignee="user:73" />
    <sequenceFlow id="f4" sourceRef="remind" targetRef="e2" />
    <endEvent id="e2" />
    <boundaryEvent id="escalateTimer" name="一小时升级" attachedToRef="approve">
      <timerEventDefinition><timeDuration xsi:type="tFormalExpression">PT1H</timeDuration></timerEventDefinition>
    </boundaryEvent>
    <sequenceFlow id="f5" sourceRef="escalateTimer" targetRef="escalate" />
    <userTask id="escalate" name="上级审批" xpark:assignee="user:72" />
    <sequenceFlow id="f6" sourceRef="escalate" targetRef="e" />`

describe('timer boundary events (escalation)', () => {
  let t: TestContext
  let now = new Date('2026-12-01T09:00:00+08:00')
  let engine: WorkflowEngine
  const as = (userId: string): Actor => ({ tenantId: TENANT, userId })
  const later = (minutes: number) => {
    now = new Date(now.getTime() + minutes * MINUTE)
  }

  beforeAll(async () => {
    t = await startTestApp()
    engine = new WorkflowEngine(t.database.db, undefined, () => now)
    await engine.deploy(TENANT, { xml: process(BOUNDARIES) })
  })
  afterAll(() => t.close())

  const openAt = async (instanceId: string) =>
    (
      await t.database.db
        .select()
        .from(workflowTask)
        .where(and(eq(workflowTask.instanceId, instanceId), eq(workflowTask.status, TASK.open)))
        .orderBy(asc(workflowTask.id))
    ).map((task) => `${task.taskDefinitionKey}:${task.assignee}`)
  const taskAt = async (instanceId: string, node: string) =>
    (
      await t.database.db
        .select()
        .from(workflowTask)
        .where(
          and(
            eq(workflowTask.instanceId, instanceId),
            eq(workflowTask.taskDefinitionKey, node),
            eq(workflowTask.status, TASK.open),
          ),
        )
    )[0]!
  const history = async (instanceId: string) =>
    (
      await t.database.db
        .select()
        .from(workflowHistory)
        .where(eq(workflowHistory.instanceId, instanceId))
        .orderBy(asc(workflowHistory.time), asc(workflowHistory.id))
    ).map((h) => `${h.action}@${h.nodeId}`)
  const timers = async (instanceId: string) =>
    (
      await t.database.db
        .select()
        .from(workflowTimer)
        .where(eq(workflowTimer.instanceId, instanceId))
        .orderBy(asc(workflowTimer.dueTime))
    ).map((r) => `${r.boundaryId}:${r.status}:${r.dueTime.toISOString()}`)

  it('due times from the opening; non-interrupting beside the task, interrupting instead of it', async () => {
    const instance = await engine.start(as('7'), { key: 'escalate_test' })
    expect(await timers(instance.id)).toEqual([
      `remindTimer:${TIMER.waiting}:2026-12-01T01:30:00.000Z`,
      `escalateTimer:${TIMER.waiting}:2026-12-01T02:00:00.000Z`,
    ])
    later(29)
    expect(await engine.fireDueTimers()).toEqual([])
    expect(await openAt(instance.id)).toEqual(['approve:71'])
    later(2) // 31 minutes: the reminder, beside the approval
    expect(await engine.fireDueTimers()).toEqual([{ tenantId: TENANT, instanceId: instance.id }])
    expect((await openAt(instance.id)).sort()).toEqual(['approve:71', 'remind:73'])
    expect(await engine.fireDueTimers()).toEqual([]) // fired once
    later(30) // 61 minutes: the approval is cancelled, the escalation opens
    expect(await engine.fireDueTimers()).toHaveLength(1)
    expect((await openAt(instance.id)).sort()).toEqual(['escalate:72', 'remind:73'])
    expect(await history(instance.id)).toEqual(['start@s', 'timer@approve', 'timer@approve'])
    await engine.complete(as('73'), { taskId: (await taskAt(instance.id, 'remind')).id })
    await engine.complete(as('72'), { taskId: (await taskAt(instance.id, 'escalate')).id })
    const [row] = await t.database.db
      .select()
      .from(workflowInstance)
      .where(eq(workflowInstance.id, instance.id))
    expect(row!.status).toBe(INSTANCE.completed)
  })

  it('a task completed in time: its timers are cancelled when due, nothing moves', async () => {
    const instance = await engine.start(as('7'), { key: 'escalate_test' })
    later(10)
    await engine.complete(as('71'), { taskId: (await taskAt(instance.id, 'approve')).id })
    later(120)
    expect(await engine.fireDueTimers()).toEqual([])
    expect((await timers(instance.id)).map((x) => x.split(':').slice(0, 2).join(':'))).toEqual([
      `remindTimer:${TIMER.cancelled}`,
      `escalateTimer:${TIMER.cancelled}`,
    ])
    expect(await history(instance.id)).toEqual(['start@s', 'complete@approve', 'end@e'])
  })

  it('a suspended instance’s timer waits; two firings at once fire it once', async () => {
    const instance = await engine.start(as('7'), { key: 'escalate_test' })
    await engine.setSuspended({ ...as('99'), ops: true }, instance.id, true)
    later(45)
    expect(await engine.fireDueTimers()).toEqual([])
    await engine.setSuspended({ ...as('99'), ops: true }, instance.id, false)
    const [a, b] = await Promise.all([engine.fireDueTimers(), engine.fireDueTimers()])
    expect([...a!, ...b!]).toHaveLength(1)
    expect((await openAt(instance.id)).sort()).toEqual(['approve:71', 'remind:73'])
  })

  it('the module runs them as the workflow-timers job', async () => {
    const job = workflowModule.jobs?.find((j) => j.name === 'workflow-timers')
    expect(job?.everySeconds).toBe(60)
    await job!.run({ database: t.database } as unknown as ModuleContext, new AbortController().signal) // nothing due on the real clock
  })

  it.each([
    [
      '<boundaryEvent id="b" attachedToRef="approve"><messageEventDefinition /></boundaryEvent><sequenceFlow id="f9" sourceRef="b" targetRef="e" />',
      '不支持的节点: b (bpmn:BoundaryEvent bpmn:MessageEventDefinition)',
    ],
    [
      '<boundaryEvent id="b" attachedToRef="approve"><timerEventDefinition><timeCycle>R3/PT1H</timeCycle></timerEventDefinition></boundaryEvent><sequenceFlow id="f9" sourceRef="b" targetRef="e" />',
      '定时边界事件只支持时长 (timeDuration): b',
    ],
    [
      '<boundaryEvent id="b" attachedToRef="approve"><timerEventDefinition><timeDuration>P1M</timeDuration></timerEventDefinition></boundaryEvent><sequenceFlow id="f9" sourceRef="b" targetRef="e" />',
      '定时时长有误: b: P1M',
    ],
    [
      '<boundaryEvent id="b" attachedToRef="approve"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></boundaryEvent>',
      '边界事件只能有一个出口: b',
    ],
  ])('deploy refuses %#', async (body, message) => {
    await expect(parseProcess(process(body))).rejects.toMatchObject({ code: 400, message })
  })

  it('deploy refuses a timer on a multi-instance task', async () => {
    const xml = process(
      '<boundaryEvent id="b" attachedToRef="approve"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></boundaryEvent><sequenceFlow id="f9" sourceRef="b" targetRef="e" />',
    ).replace(
      '<userTask id="approve" name="审批" xpark:assignee="user:71" />',
      '<userTask id="approve" xpark:assignee="user:71,user:72"><multiInstanceLoopCharacteristics /></userTask>',
    )
    await expect(parseProcess(xml)).rejects.toMatchObject({ message: '定时边界事件不支持会签节点: b' })
  })
})

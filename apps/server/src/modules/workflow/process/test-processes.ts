import { LEAVE_PROCESS_KEY } from '@xpark/contract/modules/workflow-process'
import { and, asc, count, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { DbOrTx } from '../../../db/types.js'
import { message } from '../../message/index.js'
import { TASK, workflowHistory, workflowInstance, workflowTask } from '../schema.js'

/** Processes the process tests deploy through the engine (the design routes are another part's). */
const flow = (key: string, name: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xpark="http://xpark.dev/schema/bpmn" id="d" targetNamespace="http://xpark/test">
  <process id="${key}" name="${name}" isExecutable="true">${body}</process>
</definitions>`

/** 经理审批 (one user) → 人事审批 (two candidates: 待签) → end */
export const leaveXml = (manager: string, hr: string[]) =>
  flow(
    LEAVE_PROCESS_KEY,
    '请假审批',
    `<startEvent id="start" /><sequenceFlow id="f1" sourceRef="start" targetRef="manager" />
    <userTask id="manager" name="经理审批" xpark:assignee="user:${manager}" />
    <sequenceFlow id="f2" sourceRef="manager" targetRef="hr" />
    <userTask id="hr" name="人事审批" xpark:assignee="${hr.map((u) => `user:${u}`).join(',')}" />
    <sequenceFlow id="f3" sourceRef="hr" targetRef="end" /><endEvent id="end" />`,
  )

/** 会签 (parallel multi-instance, all) → end */
export const signXml = (users: string[]) =>
  flow(
    'countersign',
    '会签',
    `<startEvent id="start" /><sequenceFlow id="f1" sourceRef="start" targetRef="sign" />
    <userTask id="sign" name="会签" xpark:assignee="${users.map((u) => `user:${u}`).join(',')}" xpark:completion="all">
      <multiInstanceLoopCharacteristics isSequential="false" />
    </userTask>
    <sequenceFlow id="f2" sourceRef="sign" targetRef="end" /><endEvent id="end" />`,
  )

/** The first open task of an instance at a node. */
export const openTaskAt = async (db: DbOrTx, instanceId: string, node: string) =>
  (
    await db
      .select()
      .from(workflowTask)
      .where(
        and(
          eq(workflowTask.instanceId, instanceId),
          eq(workflowTask.taskDefinitionKey, node),
          eq(workflowTask.status, TASK.open),
        ),
      )
      .orderBy(asc(workflowTask.createTime))
  )[0]!

/** How many rows an operation could write a tenant has: tasks, history, instances, messages. */
export const footprintOf = (db: DbOrTx, tenantId: string) =>
  Promise.all(
    [workflowTask, workflowHistory, workflowInstance, message].map(
      async (table) =>
        (await db.select({ n: count() }).from(table).where(eq(table.tenantId, tenantId)))[0]!.n,
    ),
  )

/** A refusal's check: its status and message, and not a row more or less of what it could write. */
export const refusalCheck =
  (footprint: () => Promise<number[]>) =>
  async (call: () => Promise<{ status: number; body: { msg: string } }>, status: number, msg: string) => {
    const before = await footprint()
    const reply = await call()
    expect(reply.status).toBe(status)
    expect(reply.body.msg).toBe(msg)
    expect(await footprint()).toEqual(before)
  }

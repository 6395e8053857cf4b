import type { Db } from '../../../db/types.js'
import type { Actor, EngineCore } from './core.js'
import { type Directory, userDirectory } from './directory.js'
import * as instances from './instance-operations.js'
import * as multi from './multi-instance.js'
import * as ops from './ops-operations.js'
import * as tasks from './task-operations.js'
import { fireDueTimers } from './timer-job.js'

/**
 * The engine's operations (issue 31), one class for its callers. Each is one transaction: a refusal
 * throws before or inside it and writes nothing. The instance row is locked first (`for update`), so
 * two operations on one instance run one after the other; a task is closed by one conditional update,
 * so of two completers one wins and the other is told `任务已被处理`. The work is in
 * `task-operations.ts`, `instance-operations.ts`, `multi-instance.ts` and `ops-operations.ts`
 * (the monitor's actions and copy).
 */
export { type Actor, MESSAGES } from './core.js'
export { multiOutcome } from './multi-instance.js'
export { OPS_MESSAGES, URGE_INTERVAL_MS } from './ops-operations.js'

export class WorkflowEngine {
  private readonly core: EngineCore

  constructor(db: Db, directory: Directory = userDirectory, clock: () => Date = () => new Date()) {
    this.core = { db, directory, now: clock }
  }

  /** Deploy a process: version n+1 of its key; running instances stay on theirs. */
  deploy(tenantId: string, input: { xml: string; category?: string; modelId?: string | null }) {
    return instances.deploy(this.core, tenantId, input)
  }

  setDefinitionStatus(tenantId: string, definitionId: string, status: number) {
    return instances.setDefinitionStatus(this.core, tenantId, definitionId, status)
  }

  /** Start the newest active version of a key (or a given definition). */
  start(
    actor: Actor,
    input: { key?: string; definitionId?: string; businessKey?: string; variables?: Record<string, unknown> },
  ) {
    return instances.start(this.core, actor, input)
  }

  /** Complete (approve, or reject with `pass: false`); a delegated task goes back to its owner instead. */
  complete(
    actor: Actor,
    input: { taskId: string; pass?: boolean; comment?: string; variables?: Record<string, unknown> },
  ) {
    return tasks.complete(this.core, actor, input)
  }

  /** Claim a 待签 task: candidates only, unclaimed only. */
  claim(actor: Actor, taskId: string) {
    return tasks.claim(this.core, actor, taskId)
  }

  /** Transfer: the task is someone else's from now on. */
  transfer(actor: Actor, input: { taskId: string; userId: string; comment?: string }) {
    return tasks.reassign(this.core, actor, input, 'transfer')
  }

  /** Delegate: someone else handles it, then it comes back to the owner (resolve). */
  delegate(actor: Actor, input: { taskId: string; userId: string; comment?: string }) {
    return tasks.reassign(this.core, actor, input, 'delegate')
  }

  /** The nodes a task may roll back to: user tasks passed on its own path, not across a parallel gateway. */
  backNodes(actor: Actor, taskId: string) {
    return tasks.backNodes(this.core, actor, taskId)
  }

  /** Roll back to a passed node: the current node's open tasks close, the target's task opens again. */
  rollback(actor: Actor, input: { taskId: string; nodeId: string; comment?: string }) {
    return tasks.rollback(this.core, actor, input)
  }

  /** Withdraw my completion while what it made is untouched: those tasks close, mine opens again. */
  withdraw(actor: Actor, taskId: string) {
    return tasks.withdraw(this.core, actor, taskId)
  }

  /** Terminate: the initiator before any approval, or `workflow_ops`. */
  terminate(actor: Actor, input: { instanceId: string; reason?: string }) {
    return instances.terminate(this.core, actor, input)
  }

  /** Suspend (every task operation is then refused) or activate an instance: `workflow_ops`. */
  setSuspended(actor: Actor, instanceId: string, suspended: boolean) {
    return instances.setSuspended(this.core, actor, instanceId, suspended)
  }

  /** Add users to a running multi-instance node. */
  addMultiInstance(actor: Actor, input: { taskId: string; userIds: string[] }) {
    return multi.addMultiInstance(this.core, actor, input)
  }

  /** Remove users from a running multi-instance node (their open iterations close); it may then complete. */
  deleteMultiInstance(actor: Actor, input: { taskId: string; userIds: string[] }) {
    return multi.deleteMultiInstance(this.core, actor, input)
  }

  /** Ops: the task goes to another user (待签 too). */
  changeAssignee(actor: Actor, input: { taskId: string; userId: string; comment?: string }) {
    return ops.changeAssignee(this.core, actor, input)
  }

  /** Ops: every open task closes, the node opens. */
  dispatch(actor: Actor, input: { instanceId: string; nodeId: string; comment?: string }) {
    return ops.dispatch(this.core, actor, input)
  }

  /** Ops: the instance is marked deleted (a reason), its tasks cancelled, its history kept. */
  deleteInstance(actor: Actor, input: { instanceId: string; reason: string }) {
    return ops.deleteInstance(this.core, actor, input)
  }

  /** Ops: urge a task (once an hour); returns whom to message. */
  urge(actor: Actor, input: { taskId: string; comment?: string }) {
    return ops.urge(this.core, actor, input)
  }

  /** Copy (抄送) a task's instance to users: its handler, where the node offers `wf_copy`; returns who was copied. */
  copy(actor: Actor, input: { taskId: string; userIds: string[]; comment?: string }) {
    return ops.copy(this.core, actor, input)
  }

  /** Fire the timer boundary events now due (the `workflow-timers` job); returns the instances moved. */
  fireDueTimers(limit?: number) {
    return fireDueTimers(this.core, limit)
  }
}

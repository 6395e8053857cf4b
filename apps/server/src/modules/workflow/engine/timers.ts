import { badRequest } from '../../../core/errors.js'
import { nextId } from '../../../core/ids.js'
import { workflowTimer } from '../schema.js'
import type { GraphNode } from './graph.js'
import type { Step } from './walker.js'

/**
 * Timer boundary events (escalation) on a user task: a `timeDuration` (ISO 8601) counted from when
 * the task opens. The due time is a row written with the task; the `workflow-timers` job fires it
 * (timer-job.ts).
 */

const DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/

/** An ISO 8601 duration in milliseconds: weeks, days, hours, minutes, seconds (no years or months: not a fixed length). */
export function parseDuration(nodeId: string, text: string): number {
  const match = DURATION.exec(text)
  if (!match || text === 'P' || text.endsWith('T')) throw badRequest(`定时时长有误: ${nodeId}: ${text}`)
  const [, weeks, days, hours, minutes, seconds] = match.map((part) => Number(part ?? 0))
  const ms = ((((weeks! * 7 + days!) * 24 + hours!) * 60 + minutes!) * 60 + seconds!) * 1000
  if (ms <= 0) throw badRequest(`定时时长有误: ${nodeId}: ${text}`)
  return ms
}

/** A task of a node with timers has opened: each timer's due time from now. */
export async function scheduleTimers(step: Step, node: GraphNode, taskId: string): Promise<void> {
  for (const boundaryId of node.timers ?? []) {
    const boundary = step.graph.nodes[boundaryId]!
    await step.tx.insert(workflowTimer).values({
      id: nextId(),
      tenantId: step.instance.tenantId,
      instanceId: step.instance.id,
      taskId,
      boundaryId,
      dueTime: new Date(step.now.getTime() + parseDuration(boundaryId, boundary.timer!.duration)),
    })
  }
}

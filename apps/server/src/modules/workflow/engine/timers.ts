import { nextId } from '../../../core/ids.js'
import type { Tx } from '../../../db/types.js'
import { workflowTimer } from '../schema.js'
import { parseDuration } from './duration.js'
import type { Graph, GraphNode } from './graph.js'

/**
 * Timer boundary events (escalation) on a user task: a `timeDuration` (ISO 8601) counted from when
 * the task opens. The due time is a row written with the task; the `workflow-timers` job fires it
 * (timer-job.ts).
 */

/** A task of a node with timers has opened: each timer's due time from now. */
export async function scheduleTimers(
  // a walker's step (its type is not imported: the walker imports this)
  step: { tx: Tx; graph: Graph; instance: { tenantId: string; id: string }; now: Date },
  node: GraphNode,
  taskId: string,
): Promise<void> {
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

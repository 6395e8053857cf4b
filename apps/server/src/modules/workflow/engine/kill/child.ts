import { and, asc, eq } from 'drizzle-orm'
import { openDatabase } from '../../../../db/client.js'
import { TASK, workflowTask } from '../../schema.js'
import { type Directory, userDirectory } from '../directory.js'
import { WorkflowEngine } from '../operations.js'

/**
 * The kill test's child process (kill.test.ts): the engine in a process of its own on the test's
 * PostgreSQL, doing one thing and telling the parent (IPC) when to kill it with SIGKILL.
 * - `start`: starts the process, reports the instance, waits to be killed (after a commit).
 * - `mid-step`: completes the first open task; the multi-instance step it enters asks the directory,
 *   which reports and hangs: killed with the transaction open.
 * - `finish`: completes every open task until the instance ends, reports, exits.
 */
const [url, mode, tenantId, instanceId] = process.argv.slice(2) as [string, string, string, string?]
const tell = (message: unknown) => process.send!(message)
const forever = () => new Promise(() => {})

const hanging: Directory = {
  ...userDirectory,
  async usersIn() {
    tell({ inside: true })
    return forever() as Promise<string[]>
  },
}

const database = await openDatabase({ url })
const engine = new WorkflowEngine(database.db, mode === 'mid-step' ? hanging : userDirectory)
const openTasks = () =>
  database.db
    .select()
    .from(workflowTask)
    .where(and(eq(workflowTask.instanceId, instanceId!), eq(workflowTask.status, TASK.open)))
    .orderBy(asc(workflowTask.createTime), asc(workflowTask.id))

if (mode === 'start') {
  const instance = await engine.start({ tenantId, userId: '1' }, { key: 'kill_test', variables: { days: 5 } })
  tell({ instanceId: instance.id })
  await forever()
} else if (mode === 'mid-step') {
  const [task] = await openTasks()
  await engine.complete({ tenantId, userId: task!.assignee! }, { taskId: task!.id })
  tell({ error: 'the step was not held' })
} else {
  for (let open = await openTasks(); open.length > 0; open = await openTasks())
    for (const task of open) await engine.complete({ tenantId, userId: task.assignee! }, { taskId: task.id })
  tell({ finished: true })
  await database.close()
}

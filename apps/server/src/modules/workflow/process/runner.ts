import type { ModuleContext } from '../../../core/module.js'
import { type ProcessRunner, provideProcessRunner } from '../../../core/processes.js'
import type { Db } from '../../../db/types.js'
import { notifyNewTasks } from './context.js'
import { startProcess } from './operations.js'

/**
 * The engine as the kit's `workflow` declaration reaches it (core/processes.ts): a row's process starts
 * in the row's write transaction; once committed, its first tasks' assignees are told by the app whose
 * database wrote it (tests run several apps in one process).
 */
const apps = new WeakMap<Db, ModuleContext>()

const runner: ProcessRunner = {
  async start(tx, auth, { key, businessKey, variables }) {
    const actor = { tenantId: auth.tenantId, userId: auth.userId, ops: false }
    const instance = await startProcess(tx, actor, { processDefKey: key, businessKey, variables })
    return instance.id
  },
  async started(db, tenantId, instanceIds, since) {
    const ctx = apps.get(db)
    if (!ctx) return
    for (const id of instanceIds) await notifyNewTasks(ctx, tenantId, id, since)
  },
}

export function runProcessRows(ctx: ModuleContext): void {
  apps.set(ctx.database.db, ctx)
  provideProcessRunner(runner)
}

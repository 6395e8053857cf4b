import { and, eq, getTableColumns, inArray } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db, DbOrTx, Tx } from '../db/types.js'
import type { AuthContext } from './auth/tokens.js'
import { AppError } from './errors.js'

/**
 * Rows that are processes (the kit's `workflow` declaration, core/crud): a new row starts the named
 * process in its write's transaction, its `approvalStatus` mirrors the instance, and it is read-only
 * while the process runs. The engine is the workflow module's: it hands core a runner when it loads
 * (core never imports a module), and tells core when an instance ends, inside its own transaction, so
 * the row's status and the instance's never disagree.
 */

/** A process-bound row's status (its `approvalStatus` column): 审批中, 已通过, 已驳回, 已撤销. */
export const APPROVAL = { running: 1, approved: 2, rejected: 3, cancelled: 4 } as const
export type Approval = (typeof APPROVAL)[keyof typeof APPROVAL]
export const APPROVAL_TEXTS = { 1: '审批中', 2: '已通过', 3: '已驳回', 4: '已撤销' } as const
export const RUNNING_READONLY = '审批中或已通过的记录不能修改或删除'

export interface ProcessRunner {
  /** start the newest active definition of `key` for the caller, in `tx`; the instance's id */
  start(
    tx: Tx,
    auth: AuthContext,
    input: { key: string; businessKey: string; variables: Record<string, unknown> },
  ): Promise<string>
  /** after the commit: the first tasks' assignees are told (the app of `db` sends the messages) */
  started(db: Db, tenantId: string, instanceIds: readonly string[], since: Date): Promise<void>
}

let runner: ProcessRunner | undefined

/** The workflow module's engine, handed over when it loads. */
export function provideProcessRunner(r: ProcessRunner): void {
  runner = r
}

export function processRunner(): ProcessRunner {
  if (!runner) throw new AppError(503, '流程服务未启用')
  return runner
}

/** A table whose rows are processes: its instance and status columns. */
interface Bound {
  table: PgTable
  tenantId: PgColumn
  instance: PgColumn
  status: PgColumn
}

const bound = new Set<Bound>()

/** The kit binds a resource's table when it is declared. */
export function bindProcessTable(b: Bound): void {
  for (const known of bound) if (known.table === b.table) return
  bound.add(b)
}

/**
 * An instance ended (called by the engine in its transaction): the rows it was started for take the
 * outcome. Rows of another instance (an older, rejected run of a resubmitted row) are left alone.
 */
export async function processEnded(
  tx: DbOrTx,
  tenantId: string,
  instanceIds: readonly string[],
  outcome: Approval,
): Promise<void> {
  if (instanceIds.length === 0) return
  for (const b of bound)
    await tx
      .update(b.table)
      .set({ [keyOf(b.table, b.status)]: outcome } as never)
      .where(and(eq(b.tenantId, tenantId), inArray(b.instance, [...instanceIds])))
}

/** The property name drizzle knows a column by (its `set` takes properties, not SQL names). */
function keyOf(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column)
  if (!entry) throw new Error(`column ${column.name} is not on its table`)
  return entry[0]
}

import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { APPROVAL, bindProcessTable, RUNNING_READONLY } from '../processes.js'

/**
 * The kit's `workflow` declaration as `defineResource` reads it (its writes: process-bound.ts): the
 * table's columns checked, its rows bound to their instances' ends, read-only while running.
 */

type Columns = Record<string, PgColumn>

/** A resource's `workflow` declaration (docs/modules.md). */
export interface WorkflowDeclaration {
  /** the process key (the newest active definition of it starts) */
  process: string
  /** what the process reads (its variables); default: the row's columns as written */
  variables?: (row: Record<string, unknown>) => Record<string, unknown>
}

/** A process-bound row is read-only while its process runs and once approved. */
export const PROCESS_ROW_READONLY = {
  field: 'approvalStatus',
  in: [APPROVAL.running, APPROVAL.approved],
  message: RUNNING_READONLY,
} as const

/** The declaration's table has what it needs; its ends reach its rows (core/processes.ts). */
export function bindProcessRows(where: string, table: PgTable, columns: Columns): void {
  for (const c of ['processInstanceId', 'approvalStatus', 'tenantId'])
    if (!columns[c]) throw new Error(`${where}: a process-bound table needs a ${c} column`)
  bindProcessTable({
    table,
    tenantId: columns.tenantId!,
    instance: columns.processInstanceId!,
    status: columns.approvalStatus!,
  })
}

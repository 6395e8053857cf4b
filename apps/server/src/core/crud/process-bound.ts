import { and, eq, getTableColumns, inArray } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../db/types.js'
import type { AuthContext } from '../auth/tokens.js'
import { APPROVAL, processRunner } from '../processes.js'
import type { Resource } from './resource.js'

/**
 * The kit's `workflow` declaration at write time (core/processes.ts): a written row starts its process
 * in the write's transaction (a refused start writes no row), the row keeps the instance and reads
 * 审批中; once committed, the first tasks' assignees are told.
 */

type Columns = Record<string, PgColumn>

/** What a process reads of a row: its columns as written, without the server's own. */
const NOT_VARIABLES = new Set([
  'tenantId',
  'createUser',
  'createDept',
  'updateUser',
  'updateTime',
  'isDeleted',
  'processInstanceId',
  'approvalStatus',
])

export async function startBoundProcess(tx: Tx, r: Resource, auth: AuthContext, id: string): Promise<void> {
  const declared = r.workflow
  if (!declared) return
  const columns = getTableColumns(r.table) as Columns
  const [row] = await tx.select().from(r.table).where(eq(r.idColumn, id))
  const written = Object.fromEntries(
    Object.entries(row ?? {}).filter(([k, v]) => !NOT_VARIABLES.has(k) && v !== null),
  )
  const variables = declared.variables ? declared.variables(written) : written
  const instanceId = await processRunner().start(tx, auth, {
    key: declared.process,
    businessKey: id,
    variables: JSON.parse(JSON.stringify(variables)) as Record<string, unknown>,
  })
  await tx
    .update(r.table)
    .set({ processInstanceId: instanceId, approvalStatus: APPROVAL.running } as never)
    .where(and(eq(columns.tenantId!, auth.tenantId), eq(r.idColumn, id)))
}

/** After the commit: the assignees of the rows' new instances are told (never for a rolled-back write). */
export async function tellBoundProcesses(
  db: Db,
  r: Resource,
  auth: AuthContext,
  ids: readonly string[],
  since: Date,
): Promise<void> {
  if (!r.workflow || ids.length === 0) return
  const columns = getTableColumns(r.table) as Columns
  const rows = await db
    .select({ instance: columns.processInstanceId! })
    .from(r.table)
    .where(and(eq(columns.tenantId!, auth.tenantId), inArray(r.idColumn, [...ids])))
  const instances = rows.map((x) => String(x.instance ?? '')).filter(Boolean)
  await processRunner().started(db, auth.tenantId, instances, since)
}

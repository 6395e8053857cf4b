import { WORKFLOW_DESIGN_TEXTS as T } from '@xpark/contract/modules/workflow-design'
import { getTableColumns, inArray } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { AuthContext } from '../../../core/auth/tokens.js'
import {
  assertReferences,
  type References,
  type Resource,
  referenceScopes,
  whereOf,
} from '../../../core/crud/index.js'
import { notFound } from '../../../core/errors.js'
import { touched } from '../../../core/tenancy.js'
import type { Db } from '../../../db/types.js'
import { workflowCategories } from './resources.js'

/**
 * Move models, forms or deployments to a category: the category a live one of the tenant's, every id
 * one the caller may see (else nothing moves), in one transaction with the rows locked.
 */
const categoryRefs: References = { categoryId: { to: () => workflowCategories, message: T.categoryMissing } }

export async function changeCategory(
  db: Db,
  auth: AuthContext,
  target: { resource: Resource; table: PgTable; column: string },
  ids: string,
  categoryId: string,
  missing: string,
): Promise<void> {
  const list = [...new Set(ids.split(','))]
  const id = (getTableColumns(target.table) as Record<string, PgColumn>).id!
  const scopes = await referenceScopes(categoryRefs, auth)
  const where = await whereOf(target.resource, auth, inArray(id, list))
  await db.transaction(async (tx) => {
    await assertReferences(tx, auth, categoryRefs, { categoryId }, scopes)
    const rows = await tx.select({ id }).from(target.table).where(where).for('update')
    if (rows.length !== list.length) throw notFound(missing)
    await tx
      .update(target.table)
      .set(touched(target.table, auth, { [target.column]: categoryId }) as never)
      .where(inArray(id, list))
  })
}

import { and, count, desc, eq } from 'drizzle-orm'
import type { AuthContext } from '../../../core/auth/tokens.js'
import { type Resource, whereOf } from '../../../core/crud/index.js'
import { formatDateTime, page } from '../../../core/envelope.js'
import { notFound } from '../../../core/errors.js'
import { readPaging } from '../../../core/query/index.js'
import type { Db } from '../../../db/types.js'
import { workflowDesignVersion, type workflowForm, type workflowModel } from './schema.js'

/** The saved versions of a model or form (history), and making one the main version again. */

type Owner = { resource: Resource; table: typeof workflowModel | typeof workflowForm; kind: 'model' | 'form' }

/** The model or form as the caller may see it (data scope), else 404 with the owner's message. */
export async function ownerRow(db: Db, owner: Owner, auth: AuthContext, id: string, missing: string) {
  const [row] = await db
    .select({ id: owner.table.id, version: owner.table.version })
    .from(owner.table)
    .where(await whereOf(owner.resource, auth, eq(owner.table.id, id)))
  if (!row) throw notFound(missing)
  return row
}

export async function versionPage(
  db: Db,
  owner: Owner,
  auth: AuthContext,
  params: { id: string; current?: number | undefined; size?: number | undefined },
  missing: string,
) {
  const main = await ownerRow(db, owner, auth, params.id, missing)
  const paging = readPaging(params)
  const v = workflowDesignVersion
  const where = and(eq(v.tenantId, auth.tenantId), eq(v.kind, owner.kind), eq(v.ownerId, params.id))
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: v.id,
        version: v.version,
        name: v.name,
        content: v.content,
        createUser: v.createUser,
        createTime: v.createTime,
      })
      .from(v)
      .where(where)
      .orderBy(desc(v.version))
      .limit(paging.size)
      .offset(paging.offset),
    // counted apart: a page past the last still tells the total
    db.select({ total: count() }).from(v).where(where),
  ])
  const records = rows.map((r) => ({
    ...r,
    createTime: formatDateTime(r.createTime),
    main: r.version === main.version,
  }))
  return page(records, counted?.total ?? 0, paging.current, paging.size)
}

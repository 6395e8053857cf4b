import {
  REPORT_PERMISSIONS,
  type ReportView,
  reportDetailCall,
  reportListCall,
  reportRemoveCall,
  reportSubmitCall,
} from '@xpark/contract/modules/report'
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm'
import { can } from '../../../core/auth/guards.js'
import { authOf } from '../../../core/auth/plugin.js'
import type { AuthContext } from '../../../core/auth/tokens.js'
import { page } from '../../../core/envelope.js'
import { forbidden, notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import { nextId } from '../../../core/ids.js'
import type { ModuleContext } from '../../../core/module.js'
import { readPaging } from '../../../core/query/paging.js'
import { scoped, stamped, touched } from '../../../core/tenancy.js'
import { user } from '../../identity/index.js'
import { savedReport } from '../schema.js'

/**
 * Saved reports (BladeX `blade-report/report/rest/*`, which served UReport designer files): a report
 * is a screen and its view. Listed to its owner and the roles it is shared with; opening it runs the
 * screen under the opener's own data scope, so sharing never widens what anyone sees. Removed by its
 * owner or a holder of `report_delete`; the data it shows is untouched.
 */

/** The caller's own reports and those shared with one of its roles (of its tenant). */
function visible(auth: AuthContext, ...conditions: (SQL | undefined)[]): SQL {
  const roles = auth.roleIds.filter((r) => /^\d{1,19}$/.test(r))
  const shared = roles.length
    ? sql`string_to_array(${savedReport.roleIds}, ',') && ${sql`array[${sql.join(
        roles.map((r) => sql`${r}`),
        sql`, `,
      )}]::text[]`}`
    : undefined
  return scoped(savedReport, auth, or(eq(savedReport.ownerId, auth.userId), shared), ...conditions)
}

const columns = {
  id: savedReport.id,
  name: savedReport.name,
  path: savedReport.path,
  view: savedReport.view,
  ownerId: savedReport.ownerId,
  ownerName: sql<
    string | null
  >`(select ${user.realName} from ${user} where ${user.id} = ${savedReport.ownerId})`,
  roleIds: savedReport.roleIds,
  createTime: savedReport.createTime,
}

const wire = <R extends { id: unknown; ownerId: unknown; view: unknown }>(auth: AuthContext, r: R) => ({
  ...r,
  id: String(r.id),
  ownerId: String(r.ownerId),
  mine: String(r.ownerId) === auth.userId,
  view: (r.view ?? {}) as ReportView,
})

export function registerSavedReportRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const options = { preHandler: [api.scopes.api.guard] }

  handle(
    api,
    reportListCall,
    async (q, request) => {
      const auth = authOf(request)
      const paging = readPaging(request.query as Record<string, unknown>)
      const name = q.name?.trim()
      const rows = await db
        .select({ ...columns, total: sql<number>`count(*) over()`.mapWith(Number) })
        .from(savedReport)
        .where(
          visible(auth, name ? ilike(savedReport.name, `%${name.replace(/[\\%_]/g, '\\$&')}%`) : undefined),
        )
        .orderBy(desc(savedReport.id))
        .limit(paging.size)
        .offset(paging.offset)
      return page(
        rows.map(({ total: _, ...r }) => wire(auth, r)),
        rows[0]?.total ?? 0,
        paging.current,
        paging.size,
      )
    },
    options,
  )

  handle(
    api,
    reportDetailCall,
    async (q, request) => {
      const auth = authOf(request)
      const [row] = await db
        .select(columns)
        .from(savedReport)
        .where(visible(auth, eq(savedReport.id, q.id)))
        .limit(1)
      if (!row) throw notFound('报表不存在或无权查看')
      return wire(auth, row)
    },
    options,
  )

  handle(
    api,
    reportSubmitCall,
    async (q, request) => {
      const auth = authOf(request)
      const values = { name: q.name, path: q.path, view: q.view, roleIds: q.roleIds ?? '' }
      if (!q.id) {
        const id = nextId()
        await db
          .insert(savedReport)
          .values(stamped(savedReport, auth, { id, ...values, ownerId: auth.userId }) as never)
        return { id }
      }
      const [row] = await db
        .select({ ownerId: savedReport.ownerId })
        .from(savedReport)
        .where(scoped(savedReport, auth, eq(savedReport.id, q.id)))
        .limit(1)
      if (!row) throw notFound('报表不存在')
      if (String(row.ownerId) !== auth.userId) throw forbidden('只能修改自己的报表')
      await db
        .update(savedReport)
        .set(touched(savedReport, auth, values) as never)
        .where(scoped(savedReport, auth, eq(savedReport.id, q.id)))
      return { id: q.id }
    },
    options,
  )

  handle(
    api,
    reportRemoveCall,
    async (q, request) => {
      const auth = authOf(request)
      const ids = [...new Set(q.ids.split(','))]
      const mayRemoveAny = await can(request.server, auth, REPORT_PERMISSIONS.delete)
      await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: savedReport.id, ownerId: savedReport.ownerId })
          .from(savedReport)
          .where(scoped(savedReport, auth, inArray(savedReport.id, ids)))
          .for('update')
        // one report of another owner refuses the whole batch
        if (!mayRemoveAny && rows.some((r) => String(r.ownerId) !== auth.userId))
          throw forbidden('只能删除自己的报表')
        if (!rows.length) return
        await tx
          .update(savedReport)
          .set({ ...touched(savedReport, auth, {}), isDeleted: 1 } as never)
          .where(
            and(
              scoped(savedReport, auth),
              inArray(
                savedReport.id,
                rows.map((r) => String(r.id)),
              ),
            ),
          )
      })
      return {}
    },
    options,
  )
}

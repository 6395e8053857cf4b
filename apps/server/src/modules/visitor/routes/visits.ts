import { GRANT_TYPES } from '@xpark/contract/modules/device'
import {
  approveCall,
  approveInfoCall,
  currentUserInfoCall,
  getMachinesCall,
  VISIT,
  VISITOR_APPROVE,
  visitDetailCall,
} from '@xpark/contract/modules/visitor'
import { asc, desc, eq, inArray, ne } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { can } from '../../../core/auth/guards.js'
import { authOf } from '../../../core/auth/plugin.js'
import { rowSelection, whereOf } from '../../../core/crud/index.js'
import { presenceExpand } from '../../../core/devices/index.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import { idsIn } from '../../../core/ids.js'
import type { ModuleContext } from '../../../core/module.js'
import { readPaging, selectPage } from '../../../core/query/index.js'
import { machines, parkMachine } from '../../device/index.js'
import { user } from '../../identity/index.js'
import { dept } from '../../org/index.js'
import { maskedFor, type Reader } from '../present.js'
import { visits } from '../resources.js'
import { visit } from '../schema.js'
import { decide, visitDetail } from '../visits.js'

/** The visit's detail, the approver's list, the host's own info, the doors, and the decision. */
export function registerVisitRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guards = [api.scopes.api.guard]
  const readerOf = (request: FastifyRequest): Reader => {
    const auth = authOf(request)
    return { auth, can: (code) => can(request.server, auth, code) }
  }

  handle(
    api,
    visitDetailCall,
    async ({ id }, request) => visitDetail(db, authOf(request), readerOf(request), id),
    { preHandler: guards },
  )

  handle(
    api,
    approveInfoCall,
    async ({ current, size, pending }, request) => {
      const reader = readerOf(request)
      const auth = reader.auth
      const approver = await reader.can(VISITOR_APPROVE)
      const where = await whereOf(
        visits,
        auth,
        pending === 0 ? ne(visit.status, VISIT.pending) : eq(visit.status, VISIT.pending),
        ...(approver ? [] : [eq(visit.hostId, auth.userId)]),
      )
      const page = await selectPage<Record<string, unknown>>(db, {
        table: visit,
        where,
        orderBy:
          pending === 0 ? [desc(visit.approveTime), desc(visit.id)] : [asc(visit.visitStart), asc(visit.id)],
        paging: readPaging({ current, size }),
        columns: rowSelection(visits) as never,
      })
      return { ...page, records: await maskedFor(page.records, reader, ['visitorPhone']) } as never
    },
    { preHandler: guards },
  )

  handle(
    api,
    currentUserInfoCall,
    async (_params, request) => {
      const reader = readerOf(request)
      const [me] = await db
        .select({ realName: user.realName, phone: user.phone, deptId: user.deptId })
        .from(user)
        .where(eq(user.id, reader.auth.userId))
      const deptIds = idsIn(me?.deptId)
      const names = deptIds.length
        ? await db.select({ name: dept.deptName }).from(dept).where(inArray(dept.id, deptIds))
        : []
      return {
        userId: reader.auth.userId,
        realName: me?.realName ?? '',
        phone: me?.phone ?? '',
        deptName: names.map((d) => d.name).join(','),
        approver: await reader.can(VISITOR_APPROVE),
      }
    },
    { preHandler: guards },
  )

  handle(
    api,
    getMachinesCall,
    async ({ area }, request) => {
      const rows = await db
        .select({
          id: parkMachine.id,
          code: parkMachine.code,
          name: parkMachine.name,
          type: parkMachine.type,
          area: parkMachine.location,
          online: presenceExpand('online')(parkMachine),
        })
        .from(parkMachine)
        .where(
          await whereOf(
            machines,
            authOf(request),
            inArray(parkMachine.type, [...GRANT_TYPES]),
            ...(area ? [eq(parkMachine.location, area)] : []),
          ),
        )
        .orderBy(asc(parkMachine.location), asc(parkMachine.code))
        .limit(500)
      return rows.map((r) => ({ ...r, online: Number(r.online ?? 0) }))
    },
    { preHandler: guards },
  )

  handle(
    api,
    approveCall,
    async (params, request) => {
      const reader = readerOf(request)
      await decide(ctx, reader.auth, params, await reader.can(VISITOR_APPROVE))
      return visitDetail(db, reader.auth, reader, params.id)
    },
    { preHandler: guards },
  )
}

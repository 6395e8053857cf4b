import {
  addVisitorBackgroundCall,
  getVisitorUserCall,
  queryVisitorInfoCall,
  VISITOR,
} from '@xpark/contract/modules/property'
import { eq, gt, lte } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { findRow, listRows } from '../../../core/crud/index.js'
import { dayOf } from '../../../core/days.js'
import { notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { scoped } from '../../../core/tenancy.js'
import { machineByCode, machineGrant } from '../../device/index.js'
import { visitors } from '../resources.js'
import { grantVisitor } from '../visitors.js'

/** The visitor machines' calls: granting a registration, the machine's look-up, the reception's search. */
export function registerVisitorRoutes(api: Api, ctx: ModuleContext) {
  const db = ctx.database.db

  handle(api, addVisitorBackgroundCall, async ({ id }, request) => {
    const { machines } = await grantVisitor(ctx, authOf(request), id)
    return { machines }
  })

  handle(api, getVisitorUserCall, async ({ machineCode, id }, request) => {
    const auth = authOf(request)
    const visitor = await findRow(db, visitors, auth, id)
    const machine = await machineByCode(ctx, auth.tenantId, machineCode)
    if (!machine) throw notFound('设备不存在')
    const now = new Date()
    const [grant] = await db
      .select({ id: machineGrant.id })
      .from(machineGrant)
      .where(
        scoped(
          machineGrant,
          auth,
          eq(machineGrant.machineId, machine.id),
          eq(machineGrant.userId, id),
          lte(machineGrant.validFrom, now),
          gt(machineGrant.validUntil, now),
        ),
      )
      .limit(1)
    return {
      id: String(visitor.id),
      visitorName: String(visitor.visitorName),
      faceUrl: String(visitor.faceUrl),
      hostHouse: String(visitor.hostHouse),
      visitDate: String(visitor.visitDate),
      communityName: (visitor.communityName as string | null) ?? null,
      allowed: Boolean(grant) && visitor.status === VISITOR.granted && visitor.visitDate === dayOf(now),
    }
  })

  handle(api, queryVisitorInfoCall, async ({ visitorPhone, visitorName, visitDate }, request) => {
    const page = await listRows(db, visitors, authOf(request), {
      visitDate: visitDate || dayOf(new Date()),
      ...(visitorPhone ? { visitorPhone } : {}),
      ...(visitorName ? { visitorName } : {}),
      size: 50,
      descs: 'createTime',
    })
    return page.records as never
  })
}

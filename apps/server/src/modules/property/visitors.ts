import { GRANT_TYPES } from '@xpark/contract/modules/device'
import { VISITOR, VISITOR_TEXTS } from '@xpark/contract/modules/property'
import { and, eq, inArray, lt } from 'drizzle-orm'
import type { AuthContext } from '../../core/auth/tokens.js'
import { whereOf } from '../../core/crud/index.js'
import { dayBounds, dayOf } from '../../core/days.js'
import { AppError, badRequest, notFound } from '../../core/errors.js'
import type { ModuleContext } from '../../core/module.js'
import { grantForPeriod, issueDue, parkMachine } from '../device/index.js'
import { visitors } from './resources.js'
import { propertyMachine, propertyVisitor } from './schema.js'

/**
 * A visitor's day on the visitor machines: granted from the day's midnight to the next (server
 * time), through the device layer's grants (issued, retried, taken back by its job after the day).
 */

/** The community's visitor machines (of a type that takes grants). */
async function visitorMachines(ctx: ModuleContext, auth: AuthContext, communityId: string) {
  return ctx.database.db
    .select({ id: parkMachine.id })
    .from(propertyMachine)
    .innerJoin(parkMachine, and(eq(parkMachine.id, propertyMachine.machineId), eq(parkMachine.isDeleted, 0)))
    .where(
      and(
        eq(propertyMachine.tenantId, auth.tenantId),
        eq(propertyMachine.isDeleted, 0),
        eq(propertyMachine.communityId, communityId),
        eq(propertyMachine.visitor, 1),
        inArray(parkMachine.type, [...GRANT_TYPES]),
      ),
    )
}

/**
 * `addVisitorBackground`: the registration's face on its community's visitor machines for its day.
 * Refused (nothing written) for a day already over, without a face, or without visitor machines.
 */
export async function grantVisitor(ctx: ModuleContext, auth: AuthContext, id: string, now = new Date()) {
  const db = ctx.database.db
  const where = await whereOf(visitors, auth, eq(propertyVisitor.id, id))
  const [found] = await db.select().from(propertyVisitor).where(where)
  if (!found) throw notFound('访客登记不存在')
  if (found.visitDate < dayOf(now) || found.status === VISITOR.expired)
    throw new AppError(409, VISITOR_TEXTS.dayOver)
  if (!found.faceUrl) throw badRequest(VISITOR_TEXTS.noFace)
  const machines = await visitorMachines(ctx, auth, found.communityId)
  if (!machines.length) throw new AppError(409, VISITOR_TEXTS.noMachines)
  const [validFrom, validUntil] = dayBounds(found.visitDate)
  const ids = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: propertyVisitor.status })
      .from(propertyVisitor)
      .where(where)
      .for('update')
    if (!locked || locked.status === VISITOR.expired) throw new AppError(409, VISITOR_TEXTS.dayOver)
    const granted = await grantForPeriod(tx, auth, {
      machineIds: machines.map((m) => m.id),
      subjectId: found.id,
      name: found.visitorName,
      faceUrl: found.faceUrl,
      validFrom,
      validUntil,
    })
    await tx
      .update(propertyVisitor)
      .set({ status: VISITOR.granted, updateUser: auth.userId, updateTime: new Date() })
      .where(where)
    return granted
  })
  // issued now (the device-grants job retries what does not take)
  void issueDue(ctx, { tenantId: auth.tenantId, ids }).catch(() => {})
  return { machines: ids.length, grantIds: ids }
}

/** Registrations whose day is over: 已过期 (their grants are taken back by the device-grants job). */
export async function expireVisitors(ctx: ModuleContext, now = new Date()): Promise<number> {
  const rows = await ctx.database.db
    .update(propertyVisitor)
    .set({ status: VISITOR.expired, updateTime: now })
    .where(
      and(
        eq(propertyVisitor.isDeleted, 0),
        inArray(propertyVisitor.status, [VISITOR.registered, VISITOR.granted]),
        lt(propertyVisitor.visitDate, dayOf(now)),
      ),
    )
    .returning({ id: propertyVisitor.id })
  return rows.length
}

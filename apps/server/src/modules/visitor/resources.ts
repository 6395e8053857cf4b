import {
  doorRecordContract,
  faceRecordContract,
  VISIT,
  VISITOR_TEXTS,
  visitContract,
} from '@xpark/contract/modules/visitor'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { defineResource, lookup } from '../../core/crud/index.js'
import { dayOf } from '../../core/days.js'
import { AppError, badRequest } from '../../core/errors.js'
import { parseDateTime } from '../../core/query/values.js'
import type { FileLinks } from '../../core/storage/index.js'
import { parkMachine } from '../device/index.js'
import { user } from '../identity/index.js'
import { visitDays } from './aggregates.js'
import { maskedFor, photoLink } from './present.js'
import { accessRecord, visit } from './schema.js'

/** The visits (registered, read; decided by `visitorApproval/approve`) and the face and door records. */

const MAX_WINDOW_MS = 7 * 24 * 3600_000
/** a form's date-time as the hooks see it (the text sent, or a date) */
const asDate = (v: unknown): Date | undefined =>
  v instanceof Date ? v : typeof v === 'string' && v ? (parseDateTime(v) ?? undefined) : undefined

/** The signed links' signer, bound when the module's routes are registered (resources are static). */
let links: FileLinks | undefined
export function bindLinks(files: FileLinks): void {
  links = files
}

export const visits = defineResource({
  contract: visitContract,
  table: visit,
  references: { hostId: { to: user, message: '被访人不存在' } },
  expand: {
    hostName: lookup(user, 'realName', 'hostId'),
    approverName: lookup(user, 'realName', 'approverId'),
  },
  readonlyWhen: {
    field: 'status',
    in: [VISIT.approved, VISIT.refused, VISIT.arrived, VISIT.left, VISIT.expired],
    message: VISITOR_TEXTS.notPending,
  },
  // a window in the future, in order, at most a week; its day's figures recomputed (old day too)
  beforeWrite: async ({ tx, auth, values, id }) => {
    const [current] = id ? await tx.select().from(visit).where(eq(visit.id, id)) : []
    const start = asDate(values.visitStart) ?? current?.visitStart
    const end = asDate(values.visitEnd) ?? current?.visitEnd
    if (!start || !end) return
    if (end.getTime() <= start.getTime()) throw badRequest(VISITOR_TEXTS.windowOrder)
    if (end.getTime() - start.getTime() > MAX_WINDOW_MS) throw badRequest(VISITOR_TEXTS.windowTooLong)
    if (end.getTime() <= Date.now()) throw new AppError(409, VISITOR_TEXTS.pastWindow)
    if (values.visitStart) (values as Record<string, unknown>).visitDay = dayOf(start)
    const days = [dayOf(start), ...(current ? [current.visitDay] : [])]
    await visitDays.touch(
      tx,
      days.map((day) => ({ tenantId: auth.tenantId, day })),
    )
  },
  beforeRemove: async ({ tx, auth, ids }) => {
    const rows = await tx
      .select({ day: visit.visitDay })
      .from(visit)
      .where(and(eq(visit.tenantId, auth.tenantId), inArray(visit.id, [...ids])))
    await visitDays.touch(
      tx,
      rows.map((r) => ({ tenantId: auth.tenantId, day: r.day })),
    )
  },
  present: (rows, reader) => maskedFor(rows, reader, ['visitorPhone']),
})

const recordExpand = {
  machineName: lookup(parkMachine, 'name', 'machineId'),
  // made by `present` from the row's photo id (a signed link needs the server's key)
  photoUrl: () => sql`''`,
}

/** A record as read: its phone masked for staff, its snapshot as a signed link (the id never shown). */
export const presentRecords = async (
  rows: Record<string, unknown>[],
  reader: Parameters<typeof maskedFor>[1],
) =>
  (await maskedFor(rows, reader, ['phone'])).map(({ photoId, ...row }) => ({
    ...row,
    photoUrl: links ? photoLink(links, photoId as string | null) : '',
  }))

export const faceRecords = defineResource({
  contract: faceRecordContract,
  table: accessRecord,
  expand: recordExpand,
  queryFilter: () => eq(accessRecord.kind, 1),
  present: presentRecords,
})

export const doorRecords = defineResource({
  contract: doorRecordContract,
  table: accessRecord,
  expand: recordExpand,
  queryFilter: () => eq(accessRecord.kind, 2),
  present: presentRecords,
})

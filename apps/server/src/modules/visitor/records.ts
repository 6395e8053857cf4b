import { ACCESS_KIND, OPEN_METHODS, PERSON_TYPE } from '@xpark/contract/modules/visitor'
import { and, eq, inArray, lt } from 'drizzle-orm'
import { z } from 'zod'
import { dayOf } from '../../core/days.js'
import { eventEnvelope, subscription } from '../../core/devices/index.js'
import { nextId } from '../../core/ids.js'
import type { Db, Tx } from '../../db/client.js'
import { parkMachine } from '../device/index.js'
import { user } from '../identity/index.js'
import { accessDays } from './aggregates.js'
import { accessRecord, facePhoto, visit } from './schema.js'
import { visitorPassed } from './visits.js'

/**
 * Face and door records from the device layer (docs/modules/visitor.md "Records"): a face terminal
 * raises `{ type: 'face', userId?, similarity?, passed?, photo?, direction? }` when it sees someone,
 * a door `{ type: 'door', userId?, method, passed?, direction? }` when it opens (or refuses). `userId`
 * is whom the machine was granted: a user (staff) or a visit (a visitor's grant is in the visit's
 * id); anyone else is a stranger. A repeated event is stored once (the device layer's event key, and
 * the record's unique index on the machine's event id). A visitor let through moves the visit.
 */

const ID = /^\d{1,20}$/
/** A snapshot: base64 JPEG or PNG, up to ~200 KB. */
const PHOTO = z
  .string()
  .max(280_000)
  .regex(/^[A-Za-z0-9+/=]*$/)
const passedFlag = z.union([z.boolean(), z.literal(0), z.literal(1)]).optional()

const faceEvent = eventEnvelope
  .extend({
    userId: z.string().regex(ID).optional(),
    similarity: z.number().min(0).max(100).optional(),
    passed: passedFlag,
    photo: PHOTO.optional(),
    direction: z.enum(['in', 'out']).optional(),
  })
  .loose()
type FaceEvent = z.infer<typeof faceEvent>

const doorEvent = eventEnvelope
  .extend({
    userId: z.string().regex(ID).optional(),
    method: z.enum(OPEN_METHODS).optional(),
    passed: passedFlag,
    direction: z.enum(['in', 'out']).optional(),
  })
  .loose()
type DoorEvent = z.infer<typeof doorEvent>

/** Who the machine says passed: a visit of the tenant, else a user of it, else no one we know. */
async function personOf(tx: Tx, tenantId: string, userId: string | undefined) {
  if (!userId) return { personType: PERSON_TYPE.stranger, personId: null, personName: '', phone: '' }
  const [visitor] = await tx
    .select({ name: visit.visitorName, phone: visit.visitorPhone })
    .from(visit)
    .where(and(eq(visit.tenantId, tenantId), eq(visit.id, userId), eq(visit.isDeleted, 0)))
  if (visitor)
    return {
      personType: PERSON_TYPE.visitor,
      personId: userId,
      personName: visitor.name,
      phone: visitor.phone,
    }
  const [staff] = await tx
    .select({ name: user.realName, phone: user.phone })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.id, userId), eq(user.isDeleted, 0)))
  if (staff)
    return { personType: PERSON_TYPE.staff, personId: userId, personName: staff.name, phone: staff.phone }
  return { personType: PERSON_TYPE.stranger, personId: null, personName: '', phone: '' }
}

export interface AccessEvent {
  tenantId: string
  machine: string
  kind: number
  eventId: string
  userId?: string | undefined
  method: string
  passed: boolean
  similarity?: number | undefined
  photo?: string | undefined
  out: boolean
  at: Date
}

/** Store one record (once per machine and event id); answers whether it was new. */
export async function recordAccess(tx: Tx, e: AccessEvent): Promise<boolean> {
  const [machine] = await tx
    .select({ id: parkMachine.id, location: parkMachine.location })
    .from(parkMachine)
    .where(
      and(
        eq(parkMachine.tenantId, e.tenantId),
        eq(parkMachine.code, e.machine),
        eq(parkMachine.isDeleted, 0),
      ),
    )
  const person = await personOf(tx, e.tenantId, e.userId)
  const photoId = e.photo ? nextId() : null
  const day = dayOf(e.at)
  const inserted = await tx
    .insert(accessRecord)
    .values({
      id: nextId(),
      tenantId: e.tenantId,
      kind: e.kind,
      machineId: machine?.id ?? null,
      machineCode: e.machine,
      area: machine?.location ?? '',
      ...person,
      method: e.method,
      passed: e.passed ? 1 : 0,
      similarity: e.similarity === undefined ? null : Math.round(e.similarity),
      photoId,
      passTime: e.at,
      day,
      eventKey: e.eventId,
    })
    .onConflictDoNothing()
    .returning({ id: accessRecord.id })
  if (!inserted.length) return false
  if (photoId && e.photo)
    await tx.insert(facePhoto).values({
      id: photoId,
      tenantId: e.tenantId,
      contentType: e.photo.startsWith('iVBOR') ? 'image/png' : 'image/jpeg',
      content: Buffer.from(e.photo, 'base64'),
    })
  if (person.personType === PERSON_TYPE.visitor && e.passed && person.personId)
    await visitorPassed(tx, e.tenantId, person.personId, e.at, e.out)
  await accessDays.touch(tx, [{ tenantId: e.tenantId, day }])
  return true
}

const passedOf = (p: boolean | 0 | 1 | undefined) => p === undefined || p === true || p === 1

export const accessSubscriptions = [
  subscription<FaceEvent>({
    kind: 'event',
    type: 'face',
    payload: faceEvent,
    handle: async ({ tenantId, machine, payload, receivedAt }, tx) =>
      void (await recordAccess(tx, {
        tenantId,
        machine,
        kind: ACCESS_KIND.face,
        eventId: payload.id,
        userId: payload.userId,
        method: 'face',
        passed: passedOf(payload.passed),
        similarity: payload.similarity,
        photo: payload.photo,
        out: payload.direction === 'out',
        at: receivedAt,
      })),
  }),
  subscription<DoorEvent>({
    kind: 'event',
    type: 'door',
    payload: doorEvent,
    handle: async ({ tenantId, machine, payload, receivedAt }, tx) =>
      void (await recordAccess(tx, {
        tenantId,
        machine,
        kind: ACCESS_KIND.door,
        eventId: payload.id,
        userId: payload.userId,
        method: payload.method ?? 'card',
        passed: passedOf(payload.passed),
        out: payload.direction === 'out',
        at: receivedAt,
      })),
  }),
]

/** Snapshots older than `keepDays` are deleted, and their records no longer link to them. */
export async function purgePhotos(db: Db, keepDays: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - keepDays * 24 * 3600_000)
  let purged = 0
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const old = await tx
        .select({ id: facePhoto.id })
        .from(facePhoto)
        .where(lt(facePhoto.createTime, before))
        .limit(500)
      if (!old.length) return 0
      const ids = old.map((p) => p.id)
      await tx.update(accessRecord).set({ photoId: null }).where(inArray(accessRecord.photoId, ids))
      await tx.delete(facePhoto).where(inArray(facePhoto.id, ids))
      return ids.length
    })
    purged += done
    if (done < 500) return purged
  }
}

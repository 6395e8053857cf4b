import { MEETING } from '@xpark/contract/modules/meeting'
import { and, asc, eq, getTableName, lt, sql } from 'drizzle-orm'
import type { AuthContext } from '../../core/auth/tokens.js'
import { whereOf } from '../../core/crud/index.js'
import { notFound } from '../../core/errors.js'
import { scoped } from '../../core/tenancy.js'
import type { DbOrTx } from '../../db/client.js'
import { user } from '../identity/index.js'
import { dept } from '../org/index.js'
import { meetings } from './resources.js'
import { meeting, meetingPerson, meetingRoom } from './schema.js'

/** Reads the meeting routes share: one meeting the caller may see, a room's meetings, its people. */

export const MEETING_MISSING = '会议不存在'

const meetingColumns = {
  id: meeting.id,
  name: meeting.name,
  roomId: meeting.roomId,
  organiserId: meeting.organiserId,
  startTime: meeting.startTime,
  endTime: meeting.endTime,
  status: meeting.status,
  graceMinutes: meeting.graceMinutes,
  signAdvanceMinutes: meeting.signAdvanceMinutes,
  pictures: meeting.pictures,
}

/** A meeting the caller may see (tenant and data scope), locked when asked; 404 otherwise. */
export async function meetingOf(db: DbOrTx, auth: AuthContext, id: string, lock = false) {
  const query = db
    .select(meetingColumns)
    .from(meeting)
    .where(await whereOf(meetings, auth, eq(meeting.id, id)))
  const [found] = lock ? await query.for('update') : await query
  if (!found) throw notFound(MEETING_MISSING)
  return found
}

/** The meeting condition resolved before a transaction (data scope lookups go through the pool). */
export async function meetingWhere(auth: AuthContext, id: string) {
  return whereOf(meetings, auth, eq(meeting.id, id))
}

export async function lockedMeeting(tx: DbOrTx, where: Awaited<ReturnType<typeof meetingWhere>>) {
  const [found] = await tx.select(meetingColumns).from(meeting).where(where).for('update')
  if (!found) throw notFound(MEETING_MISSING)
  return found
}

/** A room of the caller's tenant (404 otherwise). */
export async function roomOf(db: DbOrTx, tenant: Pick<AuthContext, 'tenantId'>, roomId: string) {
  const [room] = await db
    .select({
      id: meetingRoom.id,
      name: meetingRoom.name,
      place: meetingRoom.place,
      capacity: meetingRoom.capacity,
      displayToken: meetingRoom.displayToken,
    })
    .from(meetingRoom)
    .where(scoped(meetingRoom, tenant, eq(meetingRoom.id, roomId)))
  if (!room) throw notFound('会议室不存在')
  return room
}

/** A room's running meeting, else its next one not begun (tenant rows, not narrowed by data scope: a room shows what is on). */
export async function roomMeetings(db: DbOrTx, tenant: Pick<AuthContext, 'tenantId'>, roomId: string) {
  const rows = await db
    .select({
      ...meetingColumns,
      organiserName: sql<
        string | null
      >`(select ${user.realName} from ${user} where ${user.id} = ${meeting.organiserId} limit 1)`,
    })
    .from(meeting)
    .where(scoped(meeting, tenant, eq(meeting.roomId, roomId), lt(meeting.status, MEETING.ended)))
    .orderBy(asc(meeting.startTime))
    .limit(20)
  const current = rows.find((m) => m.status === MEETING.running) ?? null
  const next = rows.find((m) => m.status === MEETING.pending) ?? null
  return { current, next }
}

const deptTable = sql.identifier(getTableName(dept))

/** A meeting's people with their names, first department, group and seat, in the order invited. */
export async function peopleOf(db: DbOrTx, tenant: Pick<AuthContext, 'tenantId'>, meetingId: string) {
  return db
    .select({
      id: meetingPerson.id,
      userId: meetingPerson.userId,
      userName: user.realName,
      deptName: sql<
        string | null
      >`(select d.dept_name from ${deptTable} d where d.id::text = split_part(${user.deptId}, ',', 1) limit 1)`,
      groupName: meetingPerson.groupName,
      seat: meetingPerson.seat,
    })
    .from(meetingPerson)
    .leftJoin(user, and(eq(user.id, meetingPerson.userId), eq(user.tenantId, meetingPerson.tenantId)))
    .where(scoped(meetingPerson, tenant, eq(meetingPerson.meetingId, meetingId)))
    .orderBy(asc(meetingPerson.id))
}

/** A comma-joined picture list as links. */
export const picturesOf = (pictures: string) =>
  pictures
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)

import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { id, live, tenantColumns, tenantIndexes } from '../../db/columns.js'

/**
 * Meetings (spec 02 §7, issue 28): rooms, templates, meetings with their invited people (lines) and
 * sign-ins, and the scene log. A meeting's `status` is 1 未开始, 2 进行中, 3 已结束; a room's 1 in
 * use, 0 closed. Times are timestamps with time zone.
 */

/** A meeting room; `displayToken` opens its door screen (null: none, revoked). */
export const meetingRoom = pgTable(
  'xpark_meeting_room',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    name: varchar('name', { length: 64 }).notNull(),
    place: varchar('place', { length: 255 }).notNull().default(''),
    capacity: integer('capacity').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    displayToken: varchar('display_token', { length: 64 }),
  },
  (t) => [
    ...tenantIndexes('xpark_meeting_room', t),
    uniqueIndex('xpark_meeting_room_name_uq').on(t.tenantId, t.name).where(live),
  ],
)

/** A meeting template: sign-in rules and a usual length the meetings made from it start with. */
export const meetingTemplate = pgTable(
  'xpark_meeting_template',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    name: varchar('name', { length: 64 }).notNull(),
    graceMinutes: integer('grace_minutes').notNull().default(5),
    signAdvanceMinutes: integer('sign_advance_minutes').notNull().default(30),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    content: varchar('content', { length: 2000 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [...tenantIndexes('xpark_meeting_template', t)],
)

/** A meeting booked in a room; `status` 1 未开始 (where it starts), 2 进行中, 3 已结束. */
export const meeting = pgTable(
  'xpark_meeting',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    name: varchar('name', { length: 64 }).notNull(),
    roomId: id('room_id').notNull(),
    templateId: id('template_id'),
    organiserId: id('organiser_id').notNull(),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }).notNull(),
    graceMinutes: integer('grace_minutes').notNull().default(5),
    signAdvanceMinutes: integer('sign_advance_minutes').notNull().default(30),
    /** comma-joined links */
    pictures: varchar('pictures', { length: 4000 }).notNull().default(''),
    content: varchar('content', { length: 2000 }).notNull().default(''),
    actualStart: timestamp('actual_start', { withTimezone: true, mode: 'date' }),
    actualEnd: timestamp('actual_end', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    ...tenantIndexes('xpark_meeting', t),
    // a room's bookings by time (the overlap check, the door screen); the scheduled job by state and time
    index('xpark_meeting_room_time_idx').on(t.tenantId, t.roomId, t.startTime).where(live),
    index('xpark_meeting_status_time_idx')
      .on(t.status, t.startTime)
      .where(sql`is_deleted = 0 and status < 3`),
  ],
)

/** An invited person, a line of the meeting. */
export const meetingPerson = pgTable(
  'xpark_meeting_person',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    meetingId: id('meeting_id').notNull(),
    userId: id('user_id').notNull(),
    groupName: varchar('group_name', { length: 32 }).notNull().default(''),
    seat: varchar('seat', { length: 32 }).notNull().default(''),
  },
  (t) => [index('xpark_meeting_person_meeting_idx').on(t.tenantId, t.meetingId)],
)

/**
 * A person's sign-in to a meeting: one per person (the first stands), kept apart from the invitation
 * lines so that changing a 未开始 meeting's people does not lose who signed in early.
 */
export const meetingSign = pgTable(
  'xpark_meeting_sign',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    meetingId: id('meeting_id').notNull(),
    userId: id('user_id').notNull(),
    signTime: timestamp('sign_time', { withTimezone: true, mode: 'date' }).notNull(),
    /** 1 face, 2 card, 3 QR code, 4 by hand */
    signMethod: integer('sign_method').notNull(),
    /** 1 准时, 2 迟到 */
    result: integer('result').notNull(),
  },
  (t) => [uniqueIndex('xpark_meeting_sign_uq').on(t.tenantId, t.meetingId, t.userId).where(live)],
)

/** One step of a run as its log keeps it (the contract's SceneStepResult). */
export interface LoggedStep {
  machineId: string
  machineName: string
  control: string
  controlName: string
  /** 1 成功, 2 失败, 3 超时, 0 refused before sending */
  result: number
  resultName: string
  reason: string
  elapsedMs: number
}

/** One run of a meeting-room scene (`park-meeting/scene/log`): which scene, whether it worked, what it did. */
export const sceneLog = pgTable(
  'xpark_scene_log',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    sceneId: id('scene_id'),
    sceneName: varchar('scene_name', { length: 64 }).notNull(),
    /** 1 成功, 0 失败, 2 部分失败 */
    result: integer('result').notNull().default(1),
    content: varchar('content', { length: 1000 }).notNull().default(''),
    /** WEB (a person) or LINKAGE */
    source: varchar('source', { length: 16 }).notNull().default('WEB'),
    steps: jsonb('steps').$type<LoggedStep[]>().notNull().default([]),
    elapsedMs: integer('elapsed_ms').notNull().default(0),
  },
  (t) => [...tenantIndexes('xpark_scene_log', t)],
)

/** A device-module machine serving a meeting room, with its part there (灯光, 投影 …) and order. */
export const meetingMachine = pgTable(
  'xpark_meeting_machine',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    roomId: id('room_id').notNull(),
    machineId: id('machine_id').notNull(),
    role: varchar('role', { length: 32 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [
    ...tenantIndexes('xpark_meeting_machine', t),
    uniqueIndex('xpark_meeting_machine_uq').on(t.tenantId, t.roomId, t.machineId).where(live),
  ],
)

/**
 * A scene: ordered steps run by `exec`. `runningSince` is the run's lock, in the row so that two
 * server processes see it (set by a conditional update, cleared when the run ends; a run older than
 * the stale limit no longer holds it, so a crashed process does not lock the scene for ever).
 */
export const scene = pgTable(
  'xpark_scene',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    name: varchar('name', { length: 64 }).notNull(),
    roomId: id('room_id'),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    runningSince: timestamp('running_since', { withTimezone: true, mode: 'date' }),
  },
  (t) => [...tenantIndexes('xpark_scene', t)],
)

/** A step of a scene, a line: the machine, the control (dict `machine_control_type` key), the wait before it. */
export const sceneStep = pgTable(
  'xpark_scene_step',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    sceneId: id('scene_id').notNull(),
    machineId: id('machine_id').notNull(),
    control: varchar('control', { length: 8 }).notNull(),
    delaySeconds: integer('delay_seconds').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 64 }).notNull().default(''),
  },
  (t) => [index('xpark_scene_step_scene_idx').on(t.tenantId, t.sceneId)],
)

/**
 * A linkage: a trigger (1 meeting start, 2 meeting end of `roomId` or any room; 3 a schedule at
 * `timeOfDay` on `weekdays`; 4 a device event `eventType` of `machineId`) firing a scene.
 * `lastFiredAt` also keeps a schedule from firing twice for one minute.
 */
export const sceneLinkage = pgTable(
  'xpark_scene_linkage',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    name: varchar('name', { length: 64 }).notNull(),
    triggerType: integer('trigger_type').notNull(),
    roomId: id('room_id'),
    timeOfDay: varchar('time_of_day', { length: 5 }).notNull().default(''),
    weekdays: varchar('weekdays', { length: 16 }).notNull().default(''),
    machineId: id('machine_id'),
    eventType: varchar('event_type', { length: 32 }).notNull().default(''),
    sceneId: id('scene_id').notNull(),
    lastFiredAt: timestamp('last_fired_at', { withTimezone: true, mode: 'date' }),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [
    ...tenantIndexes('xpark_scene_linkage', t),
    index('xpark_scene_linkage_trigger_idx').on(t.tenantId, t.triggerType).where(live),
  ],
)

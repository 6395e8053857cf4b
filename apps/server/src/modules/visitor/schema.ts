import { sql } from 'drizzle-orm'
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { id, live, tenantColumns, tenantIndexes } from '../../db/columns.js'

/**
 * Visitors, faces and doors (spec 02 §7, issue 30). A visit's `status`: 1 待审批, 2 已通过, 3 已拒绝,
 * 4 已到访, 5 已离开, 6 已过期. Face and door records are written by the device layer only; their
 * daily aggregates (`xpark_visit_daily`, `xpark_access_daily`) are kept by jobs (core/jobs/derived.ts)
 * and are what the analysis reads. See docs/modules/visitor.md.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const visit = pgTable(
  'xpark_visit',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    visitorName: varchar('visitor_name', { length: 32 }).notNull(),
    visitorPhone: varchar('visitor_phone', { length: 32 }).notNull(),
    company: varchar('company', { length: 64 }).notNull().default(''),
    faceUrl: varchar('face_url', { length: 500 }).notNull().default(''),
    hostId: id('host_id').notNull(),
    visitStart: at('visit_start').notNull(),
    visitEnd: at('visit_end').notNull(),
    /** the window's first day (`yyyy-MM-dd`, server time): the day the figures count the visit on */
    visitDay: varchar('visit_day', { length: 10 }).notNull(),
    reason: varchar('reason', { length: 255 }).notNull().default(''),
    carNumber: varchar('car_number', { length: 16 }).notNull().default(''),
    /** the doors granted at approval (comma-joined machine ids) and the first one's location */
    machineIds: varchar('machine_ids', { length: 1000 }).notNull().default(''),
    area: varchar('area', { length: 128 }).notNull().default(''),
    approverId: id('approver_id'),
    approveTime: at('approve_time'),
    refuseReason: varchar('refuse_reason', { length: 255 }).notNull().default(''),
    arriveTime: at('arrive_time'),
    leaveTime: at('leave_time'),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [
    ...tenantIndexes('xpark_visit', t),
    index('xpark_visit_host_idx').on(t.tenantId, t.hostId, t.status).where(live),
    index('xpark_visit_day_idx').on(t.tenantId, t.visitDay).where(live),
    // the expiry job: visits still open, by the end of their window
    index('xpark_visit_open_idx').on(t.visitEnd).where(sql`is_deleted = 0 and status in (1, 2, 4)`),
  ],
)

/**
 * A face terminal's recognition (kind 1) or a door's pass (kind 2). `event_key` is the machine's event
 * id: the device layer handles a repeated event once, and the unique index keeps one row whatever.
 */
export const accessRecord = pgTable(
  'xpark_access_record',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    kind: smallint('kind').notNull(),
    machineId: id('machine_id'),
    machineCode: varchar('machine_code', { length: 64 }).notNull(),
    area: varchar('area', { length: 128 }).notNull().default(''),
    /** 0 stranger, 1 staff (a user), 2 visitor (a visit) */
    personType: smallint('person_type').notNull().default(0),
    personId: id('person_id'),
    personName: varchar('person_name', { length: 64 }).notNull().default(''),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    method: varchar('method', { length: 16 }).notNull().default(''),
    passed: smallint('passed').notNull().default(1),
    similarity: integer('similarity'),
    /** the snapshot (xpark_face_photo) while kept */
    photoId: id('photo_id'),
    passTime: at('pass_time').notNull(),
    day: varchar('day', { length: 10 }).notNull(),
    eventKey: varchar('event_key', { length: 64 }).notNull(),
  },
  (t) => [
    ...tenantIndexes('xpark_access_record', t),
    uniqueIndex('xpark_access_record_event_uq').on(t.tenantId, t.machineCode, t.eventKey),
    index('xpark_access_record_day_idx').on(t.tenantId, t.kind, t.day).where(live),
    index('xpark_access_record_person_idx').on(t.tenantId, t.personId, t.passTime).where(live),
  ],
)

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
})

/** A record's snapshot, read only through its signed link, deleted after the keep days (the purge job). */
export const facePhoto = pgTable(
  'xpark_face_photo',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    contentType: varchar('content_type', { length: 32 }).notNull(),
    content: bytea('content').notNull(),
    createTime: at('create_time').notNull().defaultNow(),
  },
  (t) => [index('xpark_face_photo_time_idx').on(t.createTime)],
)

/** Visits by the day their window starts, area and state (kept by the visit-daily job). */
export const visitDaily = pgTable(
  'xpark_visit_daily',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    day: varchar('day', { length: 10 }).notNull(),
    area: varchar('area', { length: 128 }).notNull(),
    status: smallint('status').notNull(),
    visits: integer('visits').notNull(),
    approved: integer('approved').notNull(),
    arrived: integer('arrived').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.area, t.status] })],
)

/** Face and door records by day, kind, machine, person and outcome (kept by the access-daily job). */
export const accessDaily = pgTable(
  'xpark_access_daily',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    day: varchar('day', { length: 10 }).notNull(),
    kind: smallint('kind').notNull(),
    machineId: id('machine_id').notNull(),
    area: varchar('area', { length: 128 }).notNull(),
    personType: smallint('person_type').notNull(),
    /** '0' for strangers */
    personId: id('person_id').notNull(),
    passed: smallint('passed').notNull(),
    records: integer('records').notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.tenantId, t.day, t.kind, t.machineId, t.area, t.personType, t.personId, t.passed],
    }),
    index('xpark_access_daily_person_idx').on(t.tenantId, t.personId, t.day),
  ],
)

import { index, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { id, live, tenantColumns } from '../../db/columns.js'

/**
 * Inspection patrols (issue 29): points, paths (ordered points), plans, the records a job makes from
 * them with their points, events, and each point's camera history. A record's `state` is 0 待开始,
 * 1 进行中, 2 已完成, 3 已关闭, 4 已超时; a record point's `result` 0 未检, 1 正常, 2 异常, 3 漏检.
 * See docs/modules/inspection.md.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const inspectionPoint = pgTable(
  'xpark_inspection_point',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    name: varchar('name', { length: 64 }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    placeId: id('place_id'),
    machineId: id('machine_id'),
    checkItems: varchar('check_items', { length: 1000 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [uniqueIndex('xpark_inspection_point_code_uq').on(t.tenantId, t.code).where(live)],
)

/** Which camera watched a point from when (written when a point's camera changes). */
export const inspectionPointCamera = pgTable(
  'xpark_inspection_point_camera',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    pointId: id('point_id').notNull(),
    machineId: id('machine_id'),
    since: at('since').notNull().defaultNow(),
  },
  (t) => [index('xpark_inspection_point_camera_idx').on(t.tenantId, t.pointId, t.since)],
)

export const inspectionPath = pgTable('xpark_inspection_path', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  name: varchar('name', { length: 64 }).notNull(),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
})

/** A path's points, in their order (`sort`). */
export const inspectionPathPoint = pgTable(
  'xpark_inspection_path_point',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    pathId: id('path_id').notNull(),
    pointId: id('point_id').notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    index('xpark_inspection_path_point_path_idx').on(t.tenantId, t.pathId),
    index('xpark_inspection_path_point_point_idx').on(t.tenantId, t.pointId),
  ],
)

/** A plan; `status` 1 makes records, 0 does not; `madeThrough` is the last day made (core/jobs/plan-rows). */
export const inspectionPlan = pgTable(
  'xpark_inspection_plan',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    name: varchar('name', { length: 64 }).notNull(),
    pathId: id('path_id').notNull(),
    inspectorIds: varchar('inspector_ids', { length: 1000 }).notNull(),
    weekdays: varchar('weekdays', { length: 13 }).notNull(),
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    madeThrough: varchar('made_through', { length: 10 }),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [index('xpark_inspection_plan_path_idx').on(t.tenantId, t.pathId)],
)

export const inspectionRecord = pgTable(
  'xpark_inspection_record',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    /** the plan's name when the record was made */
    name: varchar('name', { length: 64 }).notNull(),
    planId: id('plan_id').notNull(),
    pathId: id('path_id').notNull(),
    inspectorId: id('inspector_id').notNull(),
    day: varchar('day', { length: 10 }).notNull(),
    windowStart: at('window_start').notNull(),
    windowEnd: at('window_end').notNull(),
    state: smallint('state').notNull().default(0),
    result: smallint('result'),
    startedAt: at('started_at'),
    endedAt: at('ended_at'),
    closeReason: varchar('close_reason', { length: 255 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [
    // a plan's record of an inspector and a day, once (the job on N processes, an ad-hoc one)
    uniqueIndex('xpark_inspection_record_uq').on(t.tenantId, t.planId, t.inspectorId, t.day).where(live),
    index('xpark_inspection_record_day_idx').on(t.tenantId, t.day, t.state),
    index('xpark_inspection_record_inspector_idx').on(t.tenantId, t.inspectorId, t.state),
  ],
)

/** A record's points, copied from its path when the record is made (a later path edit keeps them). */
export const inspectionRecordPoint = pgTable(
  'xpark_inspection_record_point',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    recordId: id('record_id').notNull(),
    pointId: id('point_id').notNull(),
    sort: smallint('sort').notNull().default(0),
    result: smallint('result').notNull().default(0),
    checkedAt: at('checked_at'),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [uniqueIndex('xpark_inspection_record_point_uq').on(t.recordId, t.pointId)],
)

export const inspectionEvent = pgTable(
  'xpark_inspection_event',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    recordId: id('record_id'),
    pointId: id('point_id').notNull(),
    level: smallint('level').notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    photos: varchar('photos', { length: 2000 }).notNull().default(''),
    alarmId: id('alarm_id'),
    repairId: id('repair_id'),
  },
  (t) => [
    index('xpark_inspection_event_point_idx').on(t.tenantId, t.pointId),
    index('xpark_inspection_event_record_idx').on(t.tenantId, t.recordId),
  ],
)

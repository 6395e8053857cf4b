import { sql } from 'drizzle-orm'
import { index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { id, live, tenantColumns, tenantIndexes } from '../../db/columns.js'

/**
 * Property services (spec 02 §7, issue 29). A community is a department of category 社区: the rows
 * name it in `community_id`, so a data-scope rule on that column (所在机构, 所在机构及子级) narrows
 * them by community. Orders' `status`: 1 待受理, 2 已派单, 3 维修中, 4 待评价, 5 已完成, 6 已取消.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** What repair and cleaning orders share. */
function orderColumns() {
  return {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    communityId: id('community_id').notNull(),
    typeKey: varchar('type_key', { length: 32 }).notNull().default(''),
    content: varchar('content', { length: 2000 }).notNull().default(''),
    place: varchar('place', { length: 128 }).notNull().default(''),
    /** comma-joined links */
    photos: varchar('photos', { length: 4500 }).notNull().default(''),
    contactName: varchar('contact_name', { length: 32 }).notNull().default(''),
    contactPhone: varchar('contact_phone', { length: 32 }).notNull().default(''),
    appointmentTime: at('appointment_time'),
    /** who reported it (rates it, may cancel it) */
    reporterId: id('reporter_id').notNull(),
    /** who was dispatched (accepts it, finishes it) */
    workerId: id('worker_id'),
    dispatchTime: at('dispatch_time'),
    acceptTime: at('accept_time'),
    /** when the worker finished: 待评价 since, completed unrated 7 days later */
    finishTime: at('finish_time'),
    completeTime: at('complete_time'),
    result: varchar('result', { length: 1000 }).notNull().default(''),
    resultPhotos: varchar('result_photos', { length: 4500 }).notNull().default(''),
    cancelReason: varchar('cancel_reason', { length: 255 }).notNull().default(''),
    /** 1 console, 2 app, 3 inspection */
    source: smallint('source').notNull().default(1),
  }
}

export const propertyRepair = pgTable(
  'xpark_property_repair',
  {
    ...orderColumns(),
    title: varchar('title', { length: 64 }).notNull(),
    troubleKey: varchar('trouble_key', { length: 32 }).notNull().default(''),
    /** the inspection event it came from (source 3) */
    sourceId: id('source_id'),
  },
  (t) => [
    ...tenantIndexes('xpark_property_repair', t),
    uniqueIndex('xpark_property_repair_no_uq').on(t.tenantId, t.orderNo).where(live),
    index('xpark_property_repair_worker_idx').on(t.tenantId, t.workerId, t.status),
    // the auto-complete job: orders waiting for their appraisal, by when they were finished
    index('xpark_property_repair_rating_idx').on(t.finishTime).where(sql`is_deleted = 0 and status = 4`),
  ],
)

export const propertyClean = pgTable('xpark_property_clean', orderColumns(), (t) => [
  ...tenantIndexes('xpark_property_clean', t),
  uniqueIndex('xpark_property_clean_no_uq').on(t.tenantId, t.orderNo).where(live),
  index('xpark_property_clean_worker_idx').on(t.tenantId, t.workerId, t.status),
  index('xpark_property_clean_rating_idx').on(t.finishTime).where(sql`is_deleted = 0 and status = 4`),
])

/** An order's moves (its detail's progress): kind 1 repair, 2 cleaning. */
export const propertyOrderLog = pgTable(
  'xpark_property_order_log',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    kind: smallint('kind').notNull(),
    orderId: id('order_id').notNull(),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    /** who moved it (null: the auto-complete job) */
    userId: id('user_id'),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [index('xpark_property_order_log_order_idx').on(t.tenantId, t.kind, t.orderId)],
)

/** The reporter's one appraisal of an order (kind 1 repair, 2 cleaning). */
export const propertyAppraise = pgTable(
  'xpark_property_appraise',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    kind: smallint('kind').notNull(),
    orderId: id('order_id').notNull(),
    communityId: id('community_id').notNull(),
    workerId: id('worker_id'),
    reporterId: id('reporter_id').notNull(),
    score: smallint('score').notNull(),
    content: varchar('content', { length: 500 }).notNull().default(''),
  },
  (t) => [
    ...tenantIndexes('xpark_property_appraise', t),
    // one appraisal per order, whatever races
    uniqueIndex('xpark_property_appraise_order_uq').on(t.tenantId, t.kind, t.orderId).where(live),
  ],
)

/** A machine of the device layer placed in a community (one community per machine). */
export const propertyMachine = pgTable(
  'xpark_property_machine',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    communityId: id('community_id').notNull(),
    machineId: id('machine_id').notNull(),
    /** 1: a visitor machine */
    visitor: smallint('visitor').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [
    ...tenantIndexes('xpark_property_machine', t),
    uniqueIndex('xpark_property_machine_uq').on(t.tenantId, t.machineId).where(live),
  ],
)

/** A check list item (检查清单). */
export const propertyCheckItem = pgTable(
  'xpark_property_check_item',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    name: varchar('name', { length: 64 }).notNull(),
    category: varchar('category', { length: 32 }).notNull().default(''),
    content: varchar('content', { length: 500 }).notNull().default(''),
    communityId: id('community_id'),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [...tenantIndexes('xpark_property_check_item', t)],
)

/** The tenant's hot cities (codes of the region data), in order. */
export const propertyHotspot = pgTable(
  'xpark_property_hotspot',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    cityCode: varchar('city_code', { length: 12 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('xpark_property_hotspot_uq').on(t.tenantId, t.cityCode).where(live)],
)

/** A complaint (809001) or suggestion (809002); `status` 1 待回复, 2 已回复. */
export const propertyAdvice = pgTable(
  'xpark_property_advice',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    communityId: id('community_id').notNull(),
    adviceType: integer('advice_type').notNull(),
    content: varchar('content', { length: 1000 }).notNull(),
    photos: varchar('photos', { length: 4500 }).notNull().default(''),
    contactName: varchar('contact_name', { length: 32 }).notNull().default(''),
    contactPhone: varchar('contact_phone', { length: 32 }).notNull().default(''),
    reply: varchar('reply', { length: 1000 }).notNull().default(''),
    replyUser: id('reply_user'),
    replyTime: at('reply_time'),
  },
  (t) => [...tenantIndexes('xpark_property_advice', t)],
)

/** A visitor registration; `status` 1 已登记, 2 已授权, 3 已过期. `visit_date` is a calendar day. */
export const propertyVisitor = pgTable(
  'xpark_property_visitor',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    communityId: id('community_id').notNull(),
    visitorName: varchar('visitor_name', { length: 32 }).notNull(),
    visitorPhone: varchar('visitor_phone', { length: 32 }).notNull().default(''),
    faceUrl: varchar('face_url', { length: 500 }).notNull().default(''),
    hostHouse: varchar('host_house', { length: 64 }).notNull(),
    hostName: varchar('host_name', { length: 32 }).notNull().default(''),
    hostPhone: varchar('host_phone', { length: 32 }).notNull().default(''),
    visitDate: varchar('visit_date', { length: 10 }).notNull(),
    reason: varchar('reason', { length: 255 }).notNull().default(''),
    carNumber: varchar('car_number', { length: 16 }).notNull().default(''),
  },
  (t) => [
    ...tenantIndexes('xpark_property_visitor', t),
    index('xpark_property_visitor_day_idx').on(t.tenantId, t.visitDate),
    index('xpark_property_visitor_granted_idx').on(t.visitDate).where(sql`is_deleted = 0 and status = 2`),
  ],
)

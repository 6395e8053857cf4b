import { sql } from 'drizzle-orm'
import {
  bigint,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { id, live, tenantColumns, tenantIndexes } from '../../db/columns.js'

/**
 * Canteen and food (spec 02 §7): canteens and their settings, food, cooks, safety and traceability
 * records, published menus, orders paid from a card (finance) with their dishes and refunds. Money in
 * integer cents; dates of a menu as `yyyy-MM-dd` text (a calendar day, not an instant).
 */

const text = (name: string, length: number) => varchar(name, { length }).notNull().default('')
const day = (name: string) => varchar(name, { length: 10 }).notNull()
const clock = (name: string) => varchar(name, { length: 5 }).notNull().default('')
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0)

export const canteenFoodCategory = pgTable(
  'xpark_canteen_food_category',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    parentId: id('parent_id').notNull().default('0'),
    name: varchar('name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    remark: text('remark', 255),
  },
  (t) => [index('xpark_canteen_food_category_parent_idx').on(t.tenantId, t.parentId)],
)

/** A canteen, with its automatic publishing settings. */
export const canteen = pgTable('xpark_canteen', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  name: varchar('name', { length: 64 }).notNull(),
  address: text('address', 255),
  autoPublish: smallint('auto_publish').notNull().default(0),
  orderAheadDays: integer('order_ahead_days').notNull().default(1),
  remark: text('remark', 255),
})

const foodColumns = () => ({
  categoryId: id('category_id').notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  price: money('price'),
  unit: text('unit', 16),
  picture: text('picture', 500),
  description: text('description', 500),
  sort: integer('sort').notNull().default(0),
})

export const canteenFood = pgTable(
  'xpark_canteen_food',
  { id: id('id').primaryKey(), ...tenantColumns(), canteenId: id('canteen_id').notNull(), ...foodColumns() },
  (t) => [
    ...tenantIndexes('xpark_canteen_food', t),
    index('xpark_canteen_food_canteen_idx').on(t.tenantId, t.canteenId),
  ],
)

/** Food templates any canteen copies from. */
export const canteenCommonFood = pgTable('xpark_canteen_common_food', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  ...foodColumns(),
})

export const canteenFoodSafe = pgTable('xpark_canteen_food_safe', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  foodName: varchar('food_name', { length: 64 }).notNull(),
  checkDate: timestamp('check_date', { withTimezone: true, mode: 'date' }),
  inspector: text('inspector', 32),
  result: smallint('result').notNull().default(1),
  /** comma-separated picture links */
  pictures: text('pictures', 2000),
  remark: text('remark', 255),
})

export const canteenFoodRaw = pgTable(
  'xpark_canteen_food_raw',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    foodId: id('food_id').notNull(),
    rawName: varchar('raw_name', { length: 64 }).notNull(),
    supplier: text('supplier', 64),
    origin: text('origin', 64),
    batchNo: text('batch_no', 64),
    purchaseDate: timestamp('purchase_date', { withTimezone: true, mode: 'date' }),
    inspectResult: text('inspect_result', 64),
    remark: text('remark', 255),
  },
  (t) => [index('xpark_canteen_food_raw_food_idx').on(t.tenantId, t.foodId)],
)

export const canteenCook = pgTable('xpark_canteen_cook', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  canteenId: id('canteen_id').notNull(),
  userId: id('user_id'),
  name: varchar('name', { length: 32 }).notNull(),
  phone: text('phone', 20),
  healthCertNo: text('health_cert_no', 64),
  certExpire: timestamp('cert_expire', { withTimezone: true, mode: 'date' }),
  picture: text('picture', 500),
})

export const canteenAllowance = pgTable('xpark_canteen_allowance', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  canteenId: id('canteen_id').notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  mealType: integer('meal_type').notNull(),
  amount: money('amount'),
  remark: text('remark', 255),
})

export const canteenPhase = pgTable('xpark_canteen_phase', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  canteenId: id('canteen_id').notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  startTime: clock('start_time'),
  endTime: clock('end_time'),
})

export const canteenMeal = pgTable('xpark_canteen_meal', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  canteenId: id('canteen_id').notNull(),
  name: varchar('name', { length: 32 }).notNull(),
  mealType: integer('meal_type').notNull(),
  mealMode: integer('meal_mode').notNull().default(1),
  startTime: clock('start_time'),
  endTime: clock('end_time'),
  orderDeadline: clock('order_deadline'),
  price: money('price'),
})

export const canteenImage = pgTable('xpark_canteen_image', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  name: varchar('name', { length: 64 }).notNull(),
  url: varchar('url', { length: 500 }).notNull(),
  imgType: integer('img_type').notNull().default(1),
  sort: integer('sort').notNull().default(0),
})

export const canteenNotice = pgTable('xpark_canteen_notice', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  title: varchar('title', { length: 128 }).notNull(),
  content: text('content', 4000),
  canteenId: id('canteen_id'),
})

export const canteenHoliday = pgTable(
  'xpark_canteen_holiday',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    holidayDate: day('holiday_date'),
    name: varchar('name', { length: 64 }).notNull(),
    dayType: integer('day_type').notNull().default(1),
  },
  (t) => [uniqueIndex('xpark_canteen_holiday_date_uq').on(t.tenantId, t.holidayDate).where(live)],
)

export const canteenMealTime = pgTable('xpark_canteen_meal_time', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  name: varchar('name', { length: 32 }).notNull(),
  mealType: integer('meal_type').notNull(),
  startTime: clock('start_time'),
  endTime: clock('end_time'),
})

/** A canteen's menu for one date and meal. */
export const canteenPublish = pgTable(
  'xpark_canteen_publish',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    canteenId: id('canteen_id').notNull(),
    publishDate: day('publish_date'),
    mealType: integer('meal_type').notNull(),
    foodCount: integer('food_count').notNull().default(0),
    remark: text('remark', 255),
  },
  (t) => [
    ...tenantIndexes('xpark_canteen_publish', t),
    uniqueIndex('xpark_canteen_publish_uq')
      .on(t.tenantId, t.canteenId, t.publishDate, t.mealType)
      .where(live),
  ],
)

/** A dish of a menu: its price then, its stock (0 = no limit) and how many were sold. */
export const canteenPublishFood = pgTable(
  'xpark_canteen_publish_food',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    publishId: id('publish_id').notNull(),
    foodId: id('food_id').notNull(),
    foodName: varchar('food_name', { length: 64 }).notNull().default(''),
    price: money('price'),
    stock: integer('stock').notNull().default(0),
    sold: integer('sold').notNull().default(0),
  },
  (t) => [index('xpark_canteen_publish_food_publish_idx').on(t.tenantId, t.publishId)],
)

/** An order: paid from a card when placed; `payPrice` what was paid, `refundFee` what went back. */
export const canteenOrder = pgTable(
  'xpark_canteen_order',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    canteenId: id('canteen_id').notNull(),
    publishId: id('publish_id').notNull(),
    cardId: id('card_id').notNull(),
    cardNo: varchar('card_no', { length: 32 }).notNull(),
    userName: text('user_name', 64),
    orderDate: day('order_date'),
    mealType: integer('meal_type').notNull(),
    totalFee: money('total_fee'),
    payPrice: money('pay_price'),
    refundFee: money('refund_fee'),
    remark: text('remark', 255),
    payTime: timestamp('pay_time', { withTimezone: true, mode: 'date' }),
    /** the partner channel it was placed through (a report partner's code; '' none) */
    channel: text('channel', 32),
  },
  (t) => [
    ...tenantIndexes('xpark_canteen_order', t),
    uniqueIndex('xpark_canteen_order_no_uq').on(t.tenantId, t.orderNo),
    index('xpark_canteen_order_date_idx').on(t.tenantId, t.orderDate),
    // a partner's orders by day (the reports' statisticList and dining counts)
    index('xpark_canteen_order_channel_idx').on(t.tenantId, t.channel, t.orderDate).where(sql`channel <> ''`),
  ],
)

/** A dish of an order, with its score (1–5, 0 not scored). */
export const canteenOrderFood = pgTable(
  'xpark_canteen_order_food',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    orderId: id('order_id').notNull(),
    publishFoodId: id('publish_food_id').notNull(),
    foodId: id('food_id').notNull(),
    foodName: varchar('food_name', { length: 64 }).notNull(),
    price: money('price'),
    quantity: integer('quantity').notNull(),
    amount: money('amount'),
    score: smallint('score').notNull().default(0),
    comment: text('comment', 255),
  },
  (t) => [index('xpark_canteen_order_food_order_idx').on(t.tenantId, t.orderId)],
)

/** A refund of an order; `refundNo` unique per tenant (a retried refund is the same refund). */
export const canteenRefund = pgTable(
  'xpark_canteen_refund',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    orderId: id('order_id').notNull(),
    refundNo: varchar('refund_no', { length: 64 }).notNull(),
    amount: money('amount'),
  },
  (t) => [
    uniqueIndex('xpark_canteen_refund_no_uq').on(t.tenantId, t.refundNo),
    index('xpark_canteen_refund_order_idx').on(t.tenantId, t.orderId),
  ],
)

export const canteenOrderApply = pgTable('xpark_canteen_order_apply', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  canteenId: id('canteen_id').notNull(),
  applicant: varchar('applicant', { length: 32 }).notNull(),
  applyDate: day('apply_date'),
  mealType: integer('meal_type').notNull(),
  quantity: integer('quantity').notNull().default(1),
  reason: text('reason', 255),
})

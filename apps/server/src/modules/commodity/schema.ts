import { commodityBrandContract } from '@xpark/contract/modules/commodity'
import { sql } from 'drizzle-orm'
import { bigint, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { resourceOf } from '../../core/crud/beside-table.js'
import { codedTreeColumns, codedTreeIndexes, id, live, tenantColumns } from '../../db/columns.js'

/** Commodities (spec 02 §7): types (a tree), listings, orders and their lines. Money in integer cents. */

/** A commodity type; `status` 1 enabled, 0 disabled. */
export const commodityType = pgTable(
  'xpark_commodity_type',
  codedTreeColumns({ picture: varchar('picture', { length: 500 }).notNull().default('') }),
  (t) => codedTreeIndexes('xpark_commodity_type', t),
)

/** A listing; `status` 0 off the shelf (where a new one starts), 1 on the shelf. */
export const commodityMessage = pgTable(
  'xpark_commodity_message',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    status: integer('status').notNull().default(0),
    typeId: id('type_id').notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    picture: varchar('picture', { length: 500 }).notNull().default(''),
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    stock: integer('stock').notNull().default(0),
    unit: varchar('unit', { length: 16 }).notNull().default(''),
    specification: varchar('specification', { length: 64 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    description: varchar('description', { length: 2000 }).notNull().default(''),
  },
  (t) => [
    index('xpark_commodity_message_type_idx').on(t.tenantId, t.typeId),
    uniqueIndex('xpark_commodity_message_code_uq').on(t.tenantId, t.code).where(live),
  ],
)

/** An order; `status` 1 placed, 2 paid, 3 completed, 4 cancelled. */
export const commodityOrder = pgTable(
  'xpark_commodity_order',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    buyerName: varchar('buyer_name', { length: 64 }).notNull(),
    buyerPhone: varchar('buyer_phone', { length: 20 }).notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    deliveryTime: timestamp('delivery_time', { withTimezone: true, mode: 'date' }),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull().default(0),
    itemCount: integer('item_count').notNull().default(0),
    orderTime: timestamp('order_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    payTime: timestamp('pay_time', { withTimezone: true, mode: 'date' }),
    /** the partner channel it was placed through (a report partner's code; '' none): written by whoever places it */
    channel: varchar('channel', { length: 32 }).notNull().default(''),
  },
  (t) => [
    index('xpark_commodity_order_time_idx').on(t.tenantId, t.orderTime),
    uniqueIndex('xpark_commodity_order_no_uq').on(t.tenantId, t.orderNo),
    // a partner's orders by day (the reports' statisticList, darunfa-h5/page)
    index('xpark_commodity_order_channel_idx')
      .on(t.tenantId, t.channel, t.orderTime)
      .where(sql`channel <> ''`),
  ],
)

/** An order's line: the listing, and its name and price as they were when the order was placed. */
export const commodityOrderItem = pgTable(
  'xpark_commodity_order_item',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    orderId: id('order_id').notNull(),
    commodityId: id('commodity_id').notNull(),
    commodityName: varchar('commodity_name', { length: 64 }).notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [index('xpark_commodity_order_item_order_idx').on(t.tenantId, t.orderId)],
)

/** A unit a shop sells by. */
export const commodityUnit = pgTable(
  'xpark_commodity_unit',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    code: varchar('code', { length: 16 }).notNull(),
    name: varchar('name', { length: 16 }).notNull(),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [uniqueIndex('xpark_commodity_unit_code_uq').on(t.tenantId, t.code).where(live)],
)

/** A brand of the catalogue, and its resource (a flat list: the code unique in the park). */
export const commodityBrand = pgTable(
  'xpark_commodity_brand',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    code: varchar('code', { length: 16 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [uniqueIndex('xpark_commodity_brand_code_uq').on(t.tenantId, t.code).where(live)],
)
export const commodityBrands = resourceOf(commodityBrand, commodityBrandContract, {
  unique: [{ fields: ['code'], message: '品牌编码已存在' }],
})

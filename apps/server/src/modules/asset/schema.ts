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
import { codedTreeColumns, codedTreeIndexes, id, live, tenantColumns } from '../../db/columns.js'

/** Assets (spec 02 §7): types (a tree), properties, assets, their users, and places. Money in cents. */

export const assetType = pgTable(
  'xpark_asset_type',
  codedTreeColumns({ lifeMonths: integer('life_months').notNull().default(0) }),
  (t) => codedTreeIndexes('xpark_asset_type', t),
)

export const assetProperty = pgTable(
  'xpark_asset_property',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    typeId: id('type_id').notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    unit: varchar('unit', { length: 16 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [uniqueIndex('xpark_asset_property_code_uq').on(t.tenantId, t.typeId, t.code).where(live)],
)

/** A place assets stand in: kind 1 computer room, 2 canteen. */
export const assetPlace = pgTable(
  'xpark_asset_place',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    kind: smallint('kind').notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    address: varchar('address', { length: 255 }).notNull().default(''),
    manager: varchar('manager', { length: 32 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [uniqueIndex('xpark_asset_place_code_uq').on(t.tenantId, t.kind, t.code).where(live)],
)

/** An asset; `status` 0 in stock, 1 in use, 2 repairing, 3 scrapped. */
export const asset = pgTable(
  'xpark_asset',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    typeId: id('type_id').notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    parentId: id('parent_id'),
    specification: varchar('specification', { length: 64 }).notNull().default(''),
    purchasePrice: bigint('purchase_price', { mode: 'number' }).notNull().default(0),
    residualValue: bigint('residual_value', { mode: 'number' }).notNull().default(0),
    purchaseDate: timestamp('purchase_date', { withTimezone: true, mode: 'date' }),
    lifeMonths: integer('life_months').notNull().default(0),
    warehouseId: id('warehouse_id'),
    placeId: id('place_id'),
    location: varchar('location', { length: 100 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [
    index('xpark_asset_type_idx').on(t.tenantId, t.typeId),
    uniqueIndex('xpark_asset_code_uq').on(t.tenantId, t.code).where(live),
  ],
)

/** Who uses an asset. */
export const assetUser = pgTable(
  'xpark_asset_user',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    assetId: id('asset_id').notNull(),
    userName: varchar('user_name', { length: 32 }).notNull(),
    deptName: varchar('dept_name', { length: 64 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [index('xpark_asset_user_asset_idx').on(t.tenantId, t.assetId)],
)

import { customType, integer, smallint, timestamp, varchar } from 'drizzle-orm/pg-core'

/** 64-bit time-ordered id: bigint in the database, a string everywhere else (JS numbers lose bits). */
export const id = customType<{ data: string; driverData: string | bigint | number }>({
  dataType: () => 'bigint',
  toDriver: (value) => value,
  fromDriver: (value) => String(value),
})

/** Columns of every BladeX BaseEntity: audit, status and soft delete. */
export function baseColumns() {
  return {
    createUser: id('create_user'),
    createDept: id('create_dept'),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updateUser: id('update_user'),
    updateTime: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    status: integer('status').notNull().default(1),
    isDeleted: smallint('is_deleted').notNull().default(0),
  }
}

/** TenantEntity: BaseEntity plus the tenant it belongs to. */
export function tenantColumns() {
  return { tenantId: varchar('tenant_id', { length: 12 }).notNull().default('000000'), ...baseColumns() }
}

import { USER_FILTERS } from '@xpark/contract/schemas'
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import type { FilterSpec } from '../../core/query/index.js'
import { id, tenantColumns, tenantIndexes } from '../../db/columns.js'

/** Accounts (BladeX `blade_user`), their departments and the tenants they may switch into (see index.ts). */

/** The user list's filters: the searched text columns carry trigram indexes (declared here, built below). */
export const userFilters = USER_FILTERS satisfies FilterSpec

export const user = pgTable(
  'blade_user',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    code: varchar('code', { length: 12 }).notNull().default(''),
    userType: smallint('user_type').notNull().default(1),
    account: varchar('account', { length: 45 }).notNull(),
    /** argon2id of the MD5 hex the console sends; never leaves the server */
    password: varchar('password', { length: 255 }).notNull(),
    /** true while the account still has the demo/initial password */
    passwordDefault: boolean('password_default').notNull().default(false),
    /**
     * an initial password someone else set (import, reset by an administrator, a new tenant's admin):
     * until the account changes it, the server refuses every call but changing it (issue 7)
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    name: varchar('name', { length: 20 }).notNull().default(''),
    realName: varchar('real_name', { length: 20 }).notNull().default(''),
    avatar: varchar('avatar', { length: 500 }).notNull().default(''),
    email: varchar('email', { length: 45 }).notNull().default(''),
    phone: varchar('phone', { length: 45 }).notNull().default(''),
    sex: smallint('sex').notNull().default(-1),
    roleId: varchar('role_id', { length: 1000 }).notNull().default(''),
    deptId: varchar('dept_id', { length: 1000 }).notNull().default(''),
    postId: varchar('post_id', { length: 1000 }).notNull().default(''),
    /** per-platform extension data (BladeX blade_user_web/_app/_other.user_ext), a JSON object as text */
    userExt: text('user_ext').notNull().default(''),
    /** staff type (blade_staff_type of the same tenant), spec 01 §7 `updateEmployeeType` */
    staffTypeId: id('staff_type_id'),
    /** the canteen the person eats at (`updateCanteen`, set and checked by the canteen module) */
    canteenId: id('canteen_id'),
    /** place in the attendance lists (`updateOrder`, spec 02 Attendance); lists read it once that module lands */
    attendanceSort: integer('attendance_sort').notNull().default(0),
    /** place in meeting attendee and seat lists (`updateMeetingOrder`, spec 02 Meetings); stored ahead of that module */
    meetingSort: integer('meeting_sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('blade_user_tenant_account_uq').on(t.tenantId, t.account).where(sql`is_deleted = 0`),
    ...tenantIndexes('blade_user', t, userFilters),
  ],
)

/**
 * A live user's departments, one row each (BladeX `blade_user_dept`, with the user's tenant): what
 * data scope and the "dept and children" filters join, through the (dept_id, tenant_id, user_id)
 * index. `blade_user.dept_id` (the comma-joined ids BladeX clients read and write) stays the source:
 * triggers keep this table equal to it for every user that is not deleted, whatever path writes it
 * (db/sql/0002.after.sql, 0005.after.sql). So the users of a tenant in some depts are counted from this
 * table alone, index-only (a scoped role's total, core/query/forms.ts).
 */
export const userDept = pgTable(
  'blade_user_dept',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: id('user_id').notNull(),
    deptId: id('dept_id').notNull(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull().default('000000'),
  },
  (t) => [
    uniqueIndex('blade_user_dept_dept_tenant_user_uq').on(t.deptId, t.tenantId, t.userId),
    index('blade_user_dept_user_idx').on(t.userId),
  ],
)

/** Tenants a user may switch into, and the account it becomes there (tenant switch grant). */
export const userTenant = pgTable('xpark_user_tenant', {
  id: id('id').primaryKey(),
  userId: id('user_id').notNull(),
  tenantId: varchar('tenant_id', { length: 12 }).notNull(),
  targetUserId: id('target_user_id').notNull(),
})

import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import type { FilterSpec } from '../../core/query/index.js'
import { baseColumns, id, tenantColumns, tenantIndexes } from '../../db/columns.js'

export * from './staff/schema.js'

export const tenant = pgTable(
  'blade_tenant',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    tenantName: varchar('tenant_name', { length: 50 }).notNull(),
    domain: varchar('domain', { length: 255 }).notNull().default(''),
    logo: varchar('logo', { length: 1000 }).notNull().default(''),
    linkman: varchar('linkman', { length: 20 }).notNull().default(''),
    contactNumber: varchar('contact_number', { length: 20 }).notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    accountNumber: integer('account_number').notNull().default(-1),
    expireTime: timestamp('expire_time', { withTimezone: true, mode: 'date' }),
    /** login page background (BladeX 2.8+) */
    backgroundUrl: varchar('background_url', { length: 1000 }).notNull().default(''),
    /** blade_datasource bound to the tenant (stored and shown; every tenant stays in one database) */
    datasourceId: id('datasource_id'),
    /** the agent (xpark_proxy_tenant) that sold the tenant, if any */
    proxyId: id('proxy_id'),
    ...baseColumns(),
  },
  (t) => [uniqueIndex('blade_tenant_tenant_id_uq').on(t.tenantId)],
)

/** The user list's filters: the searched text columns carry trigram indexes (declared here, built below). */
export const userFilters = {
  account: { op: 'like', index: 'trigram' },
  realName: { op: 'like', index: 'trigram' },
  name: { op: 'like', index: 'trigram' },
  phone: { op: 'like', index: 'trigram' },
  userType: 'eq',
} as const satisfies FilterSpec

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
  },
  (t) => [
    uniqueIndex('blade_user_tenant_account_uq').on(t.tenantId, t.account).where(sql`is_deleted = 0`),
    ...tenantIndexes('blade_user', t, userFilters),
  ],
)

/**
 * A user's departments, one row each (BladeX `blade_user_dept`): what data scope and the "dept and
 * children" filters join, through the (dept_id, user_id) index. `blade_user.dept_id` (the comma-joined
 * ids BladeX clients read and write) stays the source: a trigger keeps this table equal to it on
 * every write, whatever path makes it (db/sql/0002.after.sql).
 */
export const userDept = pgTable(
  'blade_user_dept',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: id('user_id').notNull(),
    deptId: id('dept_id').notNull(),
  },
  (t) => [
    uniqueIndex('blade_user_dept_dept_user_uq').on(t.deptId, t.userId),
    index('blade_user_dept_user_idx').on(t.userId),
  ],
)

export const role = pgTable(
  'blade_role',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    parentId: id('parent_id').notNull().default('0'),
    roleName: varchar('role_name', { length: 255 }).notNull(),
    sort: integer('sort').notNull().default(0),
    roleAlias: varchar('role_alias', { length: 255 }).notNull(),
  },
  (t) => [index('blade_role_tenant_idx').on(t.tenantId)],
)

/** Columns of a menu tree: the console's (`blade_menu`) and the mobile app's (`blade_menu_app`). */
function menuColumns() {
  return {
    id: id('id').primaryKey(),
    parentId: id('parent_id').notNull().default('0'),
    code: varchar('code', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    alias: varchar('alias', { length: 255 }).notNull().default('menu'),
    path: varchar('path', { length: 255 }).notNull().default(''),
    source: varchar('source', { length: 255 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    category: smallint('category').notNull().default(1),
    action: smallint('action').notNull().default(0),
    isOpen: smallint('is_open').notNull().default(1),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    /** comma-joined role aliases; empty means every role that was granted the menu */
    roles: varchar('roles', { length: 255 }).notNull().default(''),
    keepAlive: boolean('keep_alive').notNull().default(true),
    isDeleted: smallint('is_deleted').notNull().default(0),
  }
}

export const menu = pgTable('blade_menu', menuColumns())

export const roleMenu = pgTable(
  'blade_role_menu',
  {
    id: id('id').primaryKey(),
    menuId: id('menu_id').notNull(),
    roleId: id('role_id').notNull(),
  },
  (t) => [index('blade_role_menu_role_idx').on(t.roleId)],
)

/** The mobile app's menus (BladeX menuApp): platform data, granted to roles like `blade_menu`. */
export const menuApp = pgTable('blade_menu_app', menuColumns())

export const roleMenuApp = pgTable(
  'blade_role_menu_app',
  {
    id: id('id').primaryKey(),
    menuId: id('menu_id').notNull(),
    roleId: id('role_id').notNull(),
  },
  (t) => [index('blade_role_menu_app_role_idx').on(t.roleId)],
)

export const topMenu = pgTable('blade_top_menu', {
  id: id('id').primaryKey(),
  ...tenantColumns(),
  code: varchar('code', { length: 255 }).notNull(),
  name: varchar('name', { length: 255 }).notNull(),
  source: varchar('source', { length: 255 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
})

export const topMenuSetting = pgTable('blade_top_menu_setting', {
  id: id('id').primaryKey(),
  topMenuId: id('top_menu_id').notNull(),
  menuId: id('menu_id').notNull(),
})

export const dept = pgTable(
  'blade_dept',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    parentId: id('parent_id').notNull().default('0'),
    ancestors: varchar('ancestors', { length: 2000 }).notNull().default('0'),
    deptCategory: smallint('dept_category').notNull().default(1),
    deptName: varchar('dept_name', { length: 45 }).notNull(),
    fullName: varchar('full_name', { length: 45 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  // a dept's subtree is an `ancestors` prefix range (org/dept.ts deptSubtree)
  (t) => [index('blade_dept_tenant_ancestors_idx').on(t.tenantId, t.ancestors.op('varchar_pattern_ops'))],
)

/** Global system parameters (no tenant): only the platform administrator writes them. */
export const param = pgTable(
  'blade_param',
  {
    id: id('id').primaryKey(),
    paramName: varchar('param_name', { length: 255 }).notNull(),
    paramKey: varchar('param_key', { length: 255 }).notNull(),
    paramValue: text('param_value').notNull(),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...baseColumns(),
  },
  (t) => [uniqueIndex('blade_param_key_uq').on(t.paramKey).where(sql`is_deleted = 0`)],
)

/** Tenants a user may switch into, and the account it becomes there (tenant switch grant). */
export const userTenant = pgTable('xpark_user_tenant', {
  id: id('id').primaryKey(),
  userId: id('user_id').notNull(),
  tenantId: varchar('tenant_id', { length: 12 }).notNull(),
  targetUserId: id('target_user_id').notNull(),
})

/** Columns shared by the system and the business dictionary (roots: parent_id 0, dict_key '-1'). */
function dictColumns() {
  return {
    parentId: id('parent_id').notNull().default('0'),
    code: varchar('code', { length: 255 }).notNull(),
    dictKey: varchar('dict_key', { length: 255 }).notNull().default('-1'),
    dictValue: varchar('dict_value', { length: 255 }).notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    /** 1: sealed; only the platform administrator may change or remove the row */
    isSealed: smallint('is_sealed').notNull().default(0),
  }
}

/** System dictionary: global, written by the platform administrator only. */
export const dict = pgTable(
  'blade_dict',
  { id: id('id').primaryKey(), ...dictColumns(), ...baseColumns() },
  (t) => [
    uniqueIndex('blade_dict_code_key_uq').on(t.code, t.dictKey).where(sql`is_deleted = 0`),
    index('blade_dict_parent_idx').on(t.parentId),
  ],
)

/** Business dictionary: the same per tenant. */
export const dictBiz = pgTable(
  'blade_dict_biz',
  { id: id('id').primaryKey(), ...dictColumns(), ...tenantColumns() },
  (t) => [
    uniqueIndex('blade_dict_biz_code_key_uq').on(t.tenantId, t.code, t.dictKey).where(sql`is_deleted = 0`),
    index('blade_dict_biz_parent_idx').on(t.parentId),
  ],
)

/** Administrative regions (global); the code is the key, provinces have parent_code '00'. */
export const region = pgTable(
  'blade_region',
  {
    code: varchar('code', { length: 12 }).primaryKey(),
    parentCode: varchar('parent_code', { length: 12 }).notNull(),
    ancestors: varchar('ancestors', { length: 255 }).notNull().default(''),
    name: varchar('name', { length: 32 }).notNull(),
    provinceCode: varchar('province_code', { length: 12 }).notNull().default(''),
    provinceName: varchar('province_name', { length: 32 }).notNull().default(''),
    cityCode: varchar('city_code', { length: 12 }).notNull().default(''),
    cityName: varchar('city_name', { length: 32 }).notNull().default(''),
    districtCode: varchar('district_code', { length: 12 }).notNull().default(''),
    districtName: varchar('district_name', { length: 32 }).notNull().default(''),
    townCode: varchar('town_code', { length: 12 }).notNull().default(''),
    townName: varchar('town_name', { length: 32 }).notNull().default(''),
    villageCode: varchar('village_code', { length: 12 }).notNull().default(''),
    villageName: varchar('village_name', { length: 32 }).notNull().default(''),
    /** 1 province, 2 city, 3 district, 4 town, 5 village */
    regionLevel: smallint('region_level').notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [index('blade_region_parent_idx').on(t.parentCode)],
)

/** Posts (job titles) of a tenant; category 1 senior, 2 middle, 3 junior, 4 other. */
export const post = pgTable(
  'blade_post',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    category: smallint('category').notNull().default(1),
    postCode: varchar('post_code', { length: 12 }).notNull(),
    postName: varchar('post_name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [uniqueIndex('blade_post_tenant_code_uq').on(t.tenantId, t.postCode).where(sql`is_deleted = 0`)],
)

/** Data and API scopes granted to a role: scope_category 1 data (blade_scope_data), 2 api (blade_scope_api). */
export const roleScope = pgTable(
  'blade_role_scope',
  {
    id: id('id').primaryKey(),
    scopeCategory: smallint('scope_category').notNull(),
    scopeId: id('scope_id').notNull(),
    roleId: id('role_id').notNull(),
  },
  (t) => [index('blade_role_scope_role_idx').on(t.roleId)],
)

/**
 * Data scope rules (global, defined by the platform administrator, granted per tenant role).
 * scope_type 1 all, 2 own, 3 own dept, 4 own dept and children, 5 custom (scope_value: a structured
 * JSON rule, never SQL; see core/scope).
 */
export const scopeData = pgTable(
  'blade_scope_data',
  {
    id: id('id').primaryKey(),
    menuId: id('menu_id').notNull(),
    resourceCode: varchar('resource_code', { length: 255 }).notNull(),
    scopeName: varchar('scope_name', { length: 255 }).notNull(),
    scopeField: varchar('scope_field', { length: 255 }).notNull().default('*'),
    scopeClass: varchar('scope_class', { length: 500 }).notNull().default(''),
    scopeColumn: varchar('scope_column', { length: 255 }).notNull().default('create_dept'),
    scopeType: smallint('scope_type').notNull(),
    scopeValue: varchar('scope_value', { length: 2000 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...baseColumns(),
  },
  (t) => [index('blade_scope_data_resource_idx').on(t.resourceCode)],
)

/** API scope rules (global): a granted scope_path lets a role call the paths containing it. */
export const scopeApi = pgTable('blade_scope_api', {
  id: id('id').primaryKey(),
  menuId: id('menu_id').notNull(),
  resourceCode: varchar('resource_code', { length: 255 }).notNull(),
  scopeName: varchar('scope_name', { length: 255 }).notNull(),
  scopePath: varchar('scope_path', { length: 255 }).notNull(),
  /** 1 system, 2 business */
  scopeType: smallint('scope_type').notNull().default(1),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  ...baseColumns(),
})

import { sql } from 'drizzle-orm'
import {
  customType,
  type ExtraConfigColumn,
  index,
  integer,
  type PgColumnBuilderBase,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { type FilterSpec, trigramFields } from '../core/query/filters.js'

/** 64-bit time-ordered id: bigint in the database, a string everywhere else (JS numbers lose bits). */
export const id = customType<{ data: string; driverData: string | bigint | number }>({
  dataType: () => 'bigint',
  toDriver: (value) => value,
  fromDriver: (value) => String(value),
})

/** The condition of live rows, for partial indexes: a soft-deleted row frees its unique values. */
export const live = sql`is_deleted = 0`

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

/**
 * A coded tree of a tenant (goods classifications, supplier sorts, commodity and asset types): the
 * parent (`0` at the root), a code, a name, a sort and a remark; `extra` columns stand after the name.
 */
export function codedTreeColumns<E extends Record<string, PgColumnBuilderBase>>(extra: E = {} as E) {
  return {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    parentId: id('parent_id').notNull().default('0'),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    ...extra,
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  }
}

/** A coded tree's indexes: a parent's children, and the code unique among the tenant's live rows. */
export function codedTreeIndexes(
  table: string,
  t: { tenantId: ExtraConfigColumn; parentId: ExtraConfigColumn; code: ExtraConfigColumn },
) {
  return [
    index(`${table}_parent_idx`).on(t.tenantId, t.parentId),
    uniqueIndex(`${table}_code_uq`).on(t.tenantId, t.code).where(live),
  ]
}

/** The columns `tenantIndexes` reads, as the table's extra-config callback hands them over. */
interface TenantIndexColumns {
  id: ExtraConfigColumn
  tenantId: ExtraConfigColumn
  createUser: ExtraConfigColumn
  createDept: ExtraConfigColumn
}

/**
 * The indexes every tenant table whose lists are paged and data-scoped needs (docs/architecture.md,
 * "Pages and data scope at scale"), all partial on live rows (`scoped()` always adds `is_deleted = 0`):
 * - `(tenant_id, id)`: the page's count reads it index-only, and a deep page finds its first id in it
 *   (keyset under the hood) without fetching the rows it skips;
 * - `(tenant_id, create_dept, id)`, `(tenant_id, create_user, id)`: the data scope columns (own, own
 *   dept, dept and children, custom rules on them); with the id, a scoped count and the page's ids are
 *   read from the index alone, and one creator's or dept's rows come in id order;
 * - a pg_trgm GIN index for each filter declared `{ op: 'like', index: 'trigram' }`, so a
 *   contains-search does not scan the tenant.
 * Use: `pgTable('x', {...}, (t) => [...tenantIndexes('x', t, xFilters)])`.
 */
export function tenantIndexes(
  table: string,
  t: TenantIndexColumns & Record<string, ExtraConfigColumn>,
  filters: FilterSpec = {},
) {
  return [
    index(`${table}_tenant_page_idx`).on(t.tenantId, t.id).where(live),
    index(`${table}_tenant_dept_idx`).on(t.tenantId, t.createDept, t.id).where(live),
    index(`${table}_tenant_user_idx`).on(t.tenantId, t.createUser, t.id).where(live),
    ...trigramIndexes(table, t, filters),
  ]
}

/** pg_trgm GIN indexes for the filters that ask for one (the extension comes with migration 0002). */
export function trigramIndexes(table: string, t: Record<string, ExtraConfigColumn>, filters: FilterSpec) {
  return trigramFields(filters).map((field) => {
    const column = t[field]
    if (!column) throw new Error(`${table}: trigram filter ${field} is not a column`)
    return index(`${table}_${column.name}_trgm_idx`).using('gin', column.op('gin_trgm_ops'))
  })
}

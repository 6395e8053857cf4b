import { sql } from 'drizzle-orm'
import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { keyedByTenant } from '../../core/tenancy.js'
import { baseColumns, id } from '../../db/columns.js'

/**
 * A tenant (a park, BladeX `blade_tenant`). Its `tenant_id` is its own key, not an owner: platform data
 * (core/tenancy.ts `keyedByTenant`), read and written by the platform administrator.
 */
export const tenant = keyedByTenant(
  pgTable(
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
  ),
)

/**
 * Park products, agents and datasources: platform data (no tenant of their own), written by the
 * platform administrator only. See docs/architecture.md "Tenants, park products and agents".
 */

/** A park product (产品管理): a named bundle of menus; a tenant's admin role holds its products' menus. */
export const production = pgTable('xpark_production', {
  id: id('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  sort: integer('sort').notNull().default(0),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  ...baseColumns(),
})

/** The menus (and buttons) a product bundles. */
export const productionMenu = pgTable(
  'xpark_production_menu',
  {
    id: id('id').primaryKey(),
    productId: id('product_id').notNull(),
    menuId: id('menu_id').notNull(),
  },
  (t) => [uniqueIndex('xpark_production_menu_uq').on(t.productId, t.menuId)],
)

/** The products of a tenant (tenant submit `proIds`), by the tenant's 6-digit id. */
export const tenantProduction = pgTable(
  'xpark_tenant_production',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    productId: id('product_id').notNull(),
  },
  (t) => [
    uniqueIndex('xpark_tenant_production_uq').on(t.tenantId, t.productId),
    index('xpark_tenant_production_product_idx').on(t.productId),
  ],
)

/** An agent (代理商): resells the platform; its tenants carry `blade_tenant.proxy_id`. */
export const proxyTenant = pgTable('xpark_proxy_tenant', {
  id: id('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  linkman: varchar('linkman', { length: 20 }).notNull().default(''),
  contactNumber: varchar('contact_number', { length: 20 }).notNull().default(''),
  logo: varchar('logo', { length: 1000 }).notNull().default(''),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  ...baseColumns(),
})

/** The products an agent may sell. */
export const proxyProduction = pgTable(
  'xpark_proxy_production',
  {
    id: id('id').primaryKey(),
    proxyId: id('proxy_id').notNull(),
    productId: id('product_id').notNull(),
  },
  (t) => [uniqueIndex('xpark_proxy_production_uq').on(t.proxyId, t.productId)],
)

/** BladeX blade_datasource: a PostgreSQL database a tenant may be bound to. The password is write-only. */
export const datasource = pgTable(
  'blade_datasource',
  {
    id: id('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    driverClass: varchar('driver_class', { length: 100 }).notNull(),
    url: varchar('url', { length: 500 }).notNull(),
    username: varchar('username', { length: 50 }).notNull(),
    password: varchar('password', { length: 255 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...baseColumns(),
  },
  (t) => [uniqueIndex('blade_datasource_name_uq').on(t.name).where(sql`is_deleted = 0`)],
)

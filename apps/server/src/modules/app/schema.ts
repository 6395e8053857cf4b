import { boolean, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { id, tenantColumns } from '../../db/columns.js'

/**
 * blade_app_info: the mobile app's releases of a tenant (`blade-app/appInfo`). `status` 1 enabled,
 * 0 disabled; the public lookup answers the newest enabled release (highest version code) of a platform.
 */
export const appInfo = pgTable(
  'blade_app_info',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    appName: varchar('app_name', { length: 64 }).notNull(),
    /** android | ios */
    platform: varchar('platform', { length: 16 }).notNull(),
    versionName: varchar('version_name', { length: 32 }).notNull(),
    versionCode: integer('version_code').notNull(),
    downloadUrl: varchar('download_url', { length: 1000 }).notNull().default(''),
    releaseNotes: text('release_notes').notNull().default(''),
    forceUpdate: boolean('force_update').notNull().default(false),
  },
  (t) => [index('blade_app_info_tenant_idx').on(t.tenantId, t.platform, t.versionCode)],
)

/** blade_app_startup: the app's splash pages of a tenant (`blade-app/appStartup`), shown between start and end. */
export const appStartup = pgTable(
  'blade_app_startup',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    title: varchar('title', { length: 64 }).notNull(),
    imageUrl: varchar('image_url', { length: 1000 }).notNull(),
    linkUrl: varchar('link_url', { length: 1000 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('blade_app_startup_tenant_idx').on(t.tenantId, t.sort)],
)

import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { id, tenantColumns } from '../../db/columns.js'

/** blade_notice: a tenant's notices; `content` is rich text, sanitised on every write (BladeX #38). */
export const notice = pgTable(
  'blade_notice',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    title: varchar('title', { length: 255 }).notNull(),
    /** dict `notice` (1-6, BladeX) or `notice_type` (1000 owner, 1001 staff, 1002 community; spec 01 §3) */
    category: integer('category').notNull(),
    releaseTime: timestamp('release_time', { withTimezone: true, mode: 'date' }),
    content: text('content').notNull().default(''),
  },
  (t) => [index('blade_notice_tenant_idx').on(t.tenantId, t.releaseTime)],
)

/** xpark_shortcut: a user's desk shortcuts (`blade-desk/shortcut`); each user sees only their own. */
export const shortcut = pgTable(
  'xpark_shortcut',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    userId: id('user_id').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** the console route it opens (a menu path), or an http(s) address */
    path: varchar('path', { length: 255 }).notNull(),
    /** the menu it was picked from, if any */
    menuId: id('menu_id'),
    /** an icon name (antd icon, as menu `source`) */
    source: varchar('source', { length: 255 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('xpark_shortcut_user_idx').on(t.tenantId, t.userId, t.sort)],
)

import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { id, live, tenantColumns } from '../../db/columns.js'

/**
 * Which cards the home page (`/wel/index`) shows to a role (`/home-page-configuration/index`).
 * `cards` is the card keys in display order, comma-separated; a role without a row shows the defaults.
 */
export const homePageConfig = pgTable(
  'xpark_home_page_config',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    roleId: id('role_id').notNull(),
    cards: varchar('cards', { length: 1000 }).notNull().default(''),
  },
  (t) => [uniqueIndex('xpark_home_page_config_role_uq').on(t.tenantId, t.roleId).where(live)],
)

import { index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { id, live, tenantColumns, tenantIndexes } from '../../db/columns.js'

/**
 * A big screen (issue 32): its design (`layout`, JSON of the contract's ScreenLayout), and what
 * viewers see (`published`, the layout as it was when last published; null: never published).
 * `builtin` marks the walls of /wel/screen (`general`) and /wel/assetsscreen (`assets`).
 */
export const screen = pgTable(
  'xpark_screen',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    name: varchar('name', { length: 64 }).notNull(),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    layout: text('layout').notNull(),
    builtin: varchar('builtin', { length: 16 }).notNull().default(''),
    published: text('published'),
    publishTime: timestamp('publish_time', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    ...tenantIndexes('xpark_screen', t),
    index('xpark_screen_builtin_idx').on(t.tenantId, t.builtin).where(live),
  ],
)

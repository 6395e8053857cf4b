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

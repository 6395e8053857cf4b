import { sql } from 'drizzle-orm'
import { index, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core'
import { id, live, tenantColumns } from '../../db/columns.js'

/**
 * One message to one person of a tenant (the message centre, `park-manage/center-web-message`).
 * A message sent to ten people is ten rows: each has its own read state and is deleted on its own.
 * `createUser` is who sent it (null: the system); `senderName` keeps the name as it was when sent.
 */
export const message = pgTable(
  'xpark_message',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    /** the recipient */
    userId: id('user_id').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    content: varchar('content', { length: 2000 }).notNull().default(''),
    /** 0 unread, 1 read */
    isRead: smallint('is_read').notNull().default(0),
    readTime: timestamp('read_time', { withTimezone: true, mode: 'date' }),
    senderName: varchar('sender_name', { length: 64 }).notNull().default(''),
    /** the module that sent it (`duty`, `storage`…), '' for a person's message */
    module: varchar('module', { length: 32 }).notNull().default(''),
    /** a console route or an http(s) address */
    link: varchar('link', { length: 500 }).notNull().default(''),
  },
  (t) => [
    // the recipient's list, newest first, and the unread count (partial: unread live rows)
    index('xpark_message_user_idx').on(t.tenantId, t.userId, t.id).where(live),
    index('xpark_message_unread_idx').on(t.tenantId, t.userId).where(sql`is_deleted = 0 and is_read = 0`),
  ],
)

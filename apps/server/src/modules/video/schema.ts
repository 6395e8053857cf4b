import { index, integer, pgTable, real, smallint, timestamp, varchar } from 'drizzle-orm/pg-core'
import { id, tenantColumns } from '../../db/columns.js'

/**
 * A playback of a machine's recordings (issue 28): it belongs to the user who started it; 0 playing
 * ⇄ 1 paused → 2 stopped; a playback no call touched for 60 s is stopped. In the database, not in a
 * process, so every node of a cluster sees the same owner and state.
 */
export const videoPlayback = pgTable(
  'xpark_video_playback',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    userId: id('user_id').notNull(),
    machineId: id('machine_id').notNull(),
    /** the media server's id of the playback stream */
    stream: varchar('stream', { length: 128 }).notNull(),
    url: varchar('url', { length: 500 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    /** the span played, park time `yyyy-MM-dd HH:mm:ss` as the media server names it */
    startTime: varchar('start_time', { length: 19 }).notNull(),
    endTime: varchar('end_time', { length: 19 }).notNull(),
    state: smallint('state').notNull().default(0),
    speed: real('speed').notNull().default(1),
    /** seconds from startTime (the last seek) */
    position: integer('position').notNull().default(0),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('xpark_video_playback_user_idx').on(t.tenantId, t.userId, t.state),
    index('xpark_video_playback_idle_idx').on(t.state, t.lastActiveAt),
  ],
)

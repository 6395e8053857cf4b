import { index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { id, tenantColumns } from '../../db/columns.js'

/**
 * A link that opens one public page of a tenant without an account (core/links): a big screen's
 * wall. Only the token's SHA-256 is kept (a database read gives no working link); `hint` is its last
 * characters, for the operator to tell links apart. Revoked (`revokedAt`) or past `expiresAt`, it
 * opens nothing; `allow` limits it to addresses or CIDR ranges.
 */
export const publicLink = pgTable(
  'xpark_public_link',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    /** what it opens: `screen` … */
    kind: varchar('kind', { length: 32 }).notNull(),
    targetId: id('target_id').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    hint: varchar('hint', { length: 8 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    allow: varchar('allow', { length: 500 }).notNull().default(''),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('xpark_public_link_token_uq').on(t.tokenHash),
    index('xpark_public_link_target_idx').on(t.tenantId, t.kind, t.targetId),
  ],
)

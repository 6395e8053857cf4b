import { sql } from 'drizzle-orm'
import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { baseColumns, id } from '../../db/columns.js'

/** OAuth clients that may call the token endpoint (Authorization: Basic). */
export const client = pgTable(
  'blade_client',
  {
    id: id('id').primaryKey(),
    clientId: varchar('client_id', { length: 48 }).notNull(),
    /** argon2id of the secret; empty for a public client (the console: no secret in a browser bundle) */
    clientSecret: varchar('client_secret', { length: 255 }).notNull(),
    scope: varchar('scope', { length: 255 }).notNull().default('all'),
    authorizedGrantTypes: varchar('authorized_grant_types', { length: 255 }).notNull(),
    accessTokenValidity: integer('access_token_validity').notNull().default(3600),
    refreshTokenValidity: integer('refresh_token_validity').notNull().default(604800),
    // BladeX client columns, kept for its client screen (not read by the token endpoint)
    resourceIds: varchar('resource_ids', { length: 255 }).notNull().default(''),
    webServerRedirectUri: varchar('web_server_redirect_uri', { length: 255 }).notNull().default(''),
    authorities: varchar('authorities', { length: 255 }).notNull().default(''),
    additionalInformation: varchar('additional_information', { length: 4096 }).notNull().default(''),
    autoapprove: varchar('autoapprove', { length: 255 }).notNull().default(''),
    ...baseColumns(),
  },
  (t) => [uniqueIndex('blade_client_client_id_uq').on(t.clientId).where(sql`is_deleted = 0`)],
)

/**
 * Issued refresh tokens. Rotation: each use marks the row used and issues a sibling in the same
 * family; presenting a used token again revokes the whole family (token theft detection).
 */
export const refreshToken = pgTable(
  'xpark_refresh_token',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    familyId: varchar('family_id', { length: 64 }).notNull(),
    userId: id('user_id').notNull(),
    /** the account a tenant switch started from: the family ends when that account is disabled */
    sourceUserId: id('source_user_id'),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    clientId: varchar('client_id', { length: 48 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('xpark_refresh_token_family_idx').on(t.familyId),
    index('xpark_refresh_token_user_idx').on(t.userId),
    index('xpark_refresh_token_source_idx').on(t.sourceUserId),
  ],
)

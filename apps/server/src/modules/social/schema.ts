import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { baseColumns, id, live, tenantColumns } from '../../db/columns.js'

/**
 * An OpenID Connect provider people may sign in with (platform-wide, the platform administrator's).
 * The client secret is sealed with the server's secret box (core/secret-box.ts), never read back.
 */
export const oauthProvider = pgTable(
  'xpark_oauth_provider',
  {
    id: id('id').primaryKey(),
    ...baseColumns(),
    name: varchar('name', { length: 64 }).notNull(),
    /** the `source` of BladeX's social grant; the sign-in page's button key */
    code: varchar('code', { length: 32 }).notNull(),
    issuer: varchar('issuer', { length: 255 }).notNull(),
    clientId: varchar('client_id', { length: 255 }).notNull(),
    /** `v1:` sealed secret, or empty for a public client */
    clientSecret: varchar('client_secret', { length: 1024 }).notNull().default(''),
    scope: varchar('scope', { length: 255 }).notNull().default('openid profile email'),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [uniqueIndex('xpark_oauth_provider_code_uq').on(t.code).where(live)],
)

/**
 * A person known by a provider (`providerId` + the provider's `subject`) in a tenant: a guest's
 * registration (status 0 pending, 1 approved → `userId` is their account, 2 rejected). The password
 * is hashed as every account's (argon2id of the MD5 hex the console sends), ready for the account.
 */
export const socialUser = pgTable(
  'xpark_social_user',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    providerId: id('provider_id').notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull().default(''),
    account: varchar('account', { length: 45 }).notNull(),
    name: varchar('name', { length: 20 }).notNull().default(''),
    password: varchar('password', { length: 255 }).notNull(),
    userId: id('user_id'),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [
    index('xpark_social_user_tenant_page_idx').on(t.tenantId, t.id).where(live),
    // one registration per person and tenant
    uniqueIndex('xpark_social_user_subject_uq').on(t.tenantId, t.providerId, t.subject).where(live),
  ],
)

import { pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { id, live, tenantColumns } from '../../db/columns.js'

/**
 * Dispatcher auth info (spec 01 §3), one live row per tenant. The three secrets are sealed at rest
 * (core/secret-box.ts): the columns hold `v1:…`, never the clear text.
 */
export const intercomAuth = pgTable(
  'xpark_intercom_auth',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    /** the wireless base; '' uses the operator's XPARK_INTERCOM_BASE or the embedded simulator */
    url: varchar('url', { length: 255 }).notNull().default(''),
    hostIp: varchar('host_ip', { length: 64 }).notNull().default(''),
    customId: varchar('custom_id', { length: 64 }).notNull(),
    customPwdSecret: text('custom_pwd_secret').notNull().default(''),
    dispatcherPwd: text('dispatcher_pwd').notNull().default(''),
    dispatcherPwdSecret: text('dispatcher_pwd_secret').notNull().default(''),
    dispatcherId: varchar('dispatcher_id', { length: 64 }).notNull(),
  },
  (t) => [uniqueIndex('xpark_intercom_auth_tenant_uq').on(t.tenantId).where(live)],
)

import { sql } from 'drizzle-orm'
import { bigint, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { id, tenantColumns } from '../../db/columns.js'

/**
 * blade_oss: a tenant's object storage configurations (dict `oss`: 1 minio, 2 qiniu, 3 ali,
 * 4 tencent over the S3 protocol, 5 local disk). `status` 2 = the enabled one; the partial unique
 * index keeps it to one per tenant whatever the code does. `secret_key` is never read back.
 */
export const oss = pgTable(
  'blade_oss',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    category: integer('category').notNull(),
    ossCode: varchar('oss_code', { length: 32 }).notNull(),
    endpoint: varchar('endpoint', { length: 255 }),
    accessKey: varchar('access_key', { length: 255 }),
    secretKey: varchar('secret_key', { length: 255 }),
    bucketName: varchar('bucket_name', { length: 255 }),
    appId: varchar('app_id', { length: 255 }),
    region: varchar('region', { length: 255 }),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [
    uniqueIndex('blade_oss_code_uq').on(t.tenantId, t.ossCode).where(sql`${t.isDeleted} = 0`),
    uniqueIndex('blade_oss_enabled_uq').on(t.tenantId).where(sql`${t.status} = 2 and ${t.isDeleted} = 0`),
  ],
)

/**
 * blade_sms: a tenant's SMS configurations (dict `sms`: 1 yunpian, 2 qiniu, 3 ali, 4 tencent,
 * 5 log). One enabled per tenant, as for OSS. `access_key` and `secret_key` are never read back.
 */
export const sms = pgTable(
  'blade_sms',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    category: integer('category').notNull(),
    smsCode: varchar('sms_code', { length: 32 }).notNull(),
    templateId: varchar('template_id', { length: 255 }),
    accessKey: varchar('access_key', { length: 255 }),
    secretKey: varchar('secret_key', { length: 255 }),
    regionId: varchar('region_id', { length: 255 }),
    signName: varchar('sign_name', { length: 255 }),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [
    uniqueIndex('blade_sms_code_uq').on(t.tenantId, t.smsCode).where(sql`${t.isDeleted} = 0`),
    uniqueIndex('blade_sms_enabled_uq').on(t.tenantId).where(sql`${t.status} = 2 and ${t.isDeleted} = 0`),
  ],
)

/**
 * blade_attach: every stored file (BladeX 2.8+). `name` is the object key, `link` the signed URL
 * it is read through. `oss_id` (xpark) names the blade_oss configuration that holds the object;
 * null is the built-in local disk.
 */
export const attach = pgTable(
  'blade_attach',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    link: varchar('link', { length: 1000 }).notNull(),
    domain: varchar('domain', { length: 500 }).notNull().default(''),
    name: varchar('name', { length: 500 }).notNull(),
    originalName: varchar('original_name', { length: 500 }).notNull().default(''),
    extension: varchar('extension', { length: 12 }).notNull().default(''),
    attachSize: bigint('attach_size', { mode: 'number' }).notNull().default(0),
    ossId: id('oss_id'),
  },
  (t) => [
    index('blade_attach_tenant_idx').on(t.tenantId, t.createTime),
    uniqueIndex('blade_attach_name_uq').on(t.name),
  ],
)

/**
 * xpark_sms_record: every SMS a tenant sent (`sendSms`), what `smsnum/customerMessageDetail` lists.
 * The template parameters' names are kept, never their values (a sign-in code must not be readable
 * by whoever reads the list).
 */
export const smsRecord = pgTable(
  'xpark_sms_record',
  {
    id: id('id').primaryKey(),
    ...tenantColumns(),
    smsCode: varchar('sms_code', { length: 32 }).notNull(),
    category: integer('category').notNull(),
    templateId: varchar('template_id', { length: 255 }).notNull().default(''),
    phones: varchar('phones', { length: 4000 }).notNull(),
    phoneCount: integer('phone_count').notNull(),
    paramNames: varchar('param_names', { length: 500 }).notNull().default(''),
    success: integer('success').notNull(),
    msg: varchar('msg', { length: 500 }).notNull().default(''),
  },
  (t) => [index('xpark_sms_record_tenant_time_idx').on(t.tenantId, t.createTime)],
)

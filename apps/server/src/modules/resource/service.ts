import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { type BladeFile, CONFIG_STATUS, OSS_CATEGORY, SMS_CATEGORY } from '@xpark/contract/schemas'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type LogOwner, logUsual, maskValue } from '../../core/audit/index.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { AppError, badRequest } from '../../core/errors.js'
import { nextId } from '../../core/ids.js'
import type { ModuleContext } from '../../core/module.js'
import {
  contentTypeOf,
  EgressPolicy,
  extensionOf,
  type FileLinks,
  LocalObjectStore,
  newObjectKey,
  type ObjectBody,
  type ObjectStore,
  S3ObjectStore,
  type StoredObject,
  tenantOfKey,
} from '../../core/storage/index.js'
import { scoped, stamped } from '../../core/tenancy.js'
import type { Db, DbOrTx } from '../../db/client.js'
import { attach, oss, sms, smsRecord } from './schema.js'
import {
  logSmsProvider,
  SMS_PROVIDER_NAMES,
  type SmsConfig,
  type SmsResult,
  smsProviderFor,
} from './sms-providers.js'

export type OssRow = typeof oss.$inferSelect
export type AttachRow = typeof attach.$inferSelect

/** Who stores a file: the columns `stamped` needs (a request's AuthContext fits). */
export type Owner = Pick<AuthContext, 'tenantId' | 'userId' | 'deptIds'>

export interface FileMeta {
  /** the name the file had on the sender's side (kept in blade_attach.original_name) */
  originalName: string
  /** defaults to the type of the name's extension */
  contentType?: string
}

/** Where a usual-log row goes: the current request, or for work without one the app and owner. */
export type LogTarget = FastifyRequest | { app: FastifyInstance; owner: LogOwner }

const MAX_CACHED_STORES = 100

/** What an upload failure may tell the uploader. */
function storeFailure(error: unknown): string {
  const code = (error as { code?: string }).code ?? ''
  if (code === 'EADDRNOTALLOWED') return '地址不允许访问 (内网地址)'
  // S3 error codes (AccessDenied, NoSuchBucket, InvalidAccessKeyId…) are the service's own answers
  if (/^[A-Z][a-z]+[A-Za-z]*$/.test(code)) return code
  return '无法连接存储服务'
}

/**
 * Files and messages of a tenant, for routes and for other modules (user photos, imports):
 * `storeFile` puts bytes into the tenant's enabled store and records a blade_attach row;
 * `openFile` reads one back; `sendSms` sends through the tenant's enabled SMS configuration.
 */
export class ResourceService {
  readonly local: LocalObjectStore
  private readonly s3Stores = new Map<string, S3ObjectStore>()

  constructor(
    readonly db: Db,
    dataDir: string,
    readonly links: FileLinks,
    readonly egress: EgressPolicy = new EgressPolicy(),
    /** what a tenant's live attachments may add up to, in bytes (`XPARK_TENANT_STORAGE_MB`); 0 unlimited */
    readonly tenantQuotaBytes = 0,
  ) {
    this.local = new LocalObjectStore(join(dataDir, 'files'), links)
  }

  /** the store of a configuration (null or category 5 = the local disk); S3 clients are reused per version of the row */
  storeFor(config: OssRow | null): ObjectStore {
    if (!config || config.category === OSS_CATEGORY.local) return this.local
    const cacheKey = `${config.id}:${config.updateTime.getTime()}`
    let store = this.s3Stores.get(cacheKey)
    if (!store) {
      if (!config.endpoint || !config.accessKey || !config.secretKey || !config.bucketName)
        throw badRequest(`OSS配置不完整: ${config.ossCode}`)
      if (this.s3Stores.size >= MAX_CACHED_STORES) this.s3Stores.clear()
      store = new S3ObjectStore(
        {
          endpoint: config.endpoint,
          accessKey: config.accessKey,
          secretKey: config.secretKey,
          bucket: config.bucketName,
          region: config.region || undefined,
          // MinIO serves path-style; the clouds' S3 APIs want the bucket in the host name
          pathStyle: config.category === OSS_CATEGORY.minio,
          egress: this.egress,
        },
        this.links,
      )
      this.s3Stores.set(cacheKey, store)
    }
    return store
  }

  /**
   * The tenant's enabled configuration, or null (the local disk). A `code` (old consoles always send
   * `code=minio`) never selects another configuration: an uploader must not reach a disabled one.
   */
  async chooseOss(tenantId: string): Promise<OssRow | null> {
    const [enabled] = await this.db
      .select()
      .from(oss)
      .where(scoped(oss, { tenantId }, eq(oss.status, CONFIG_STATUS.enabled)))
    return enabled ?? null
  }

  /** Store a file for a tenant and record it in blade_attach; answers BladeX's BladeFile. */
  async storeFile(owner: Owner, body: Readable | Buffer, meta: FileMeta): Promise<BladeFile> {
    // a cheap refusal before anything is stored; the exact check is made again with the row
    if (Buffer.isBuffer(body)) await this.assertQuota(this.db, owner.tenantId, body.length)
    const config = await this.chooseOss(owner.tenantId)
    const originalName = meta.originalName.trim().slice(0, 255) || 'file'
    const key = newObjectKey(owner.tenantId, originalName)
    let store: ObjectStore
    let stored: StoredObject
    try {
      store = this.storeFor(config)
      stored = await store.put(body, key, meta.contentType ?? contentTypeOf(key))
    } catch (error) {
      // our own refusals (an incomplete configuration) stand; the tenant's store refusing or being
      // unreachable (or at a forbidden address) is a 502, not a bare 500: the storage service's own
      // error codes help its admin, socket-level details would only map the network
      if (error instanceof AppError) throw error
      throw new AppError(502, `对象存储写入失败 (${config?.ossCode ?? 'local'}): ${storeFailure(error)}`)
    }
    const row = stamped(attach, owner, {
      id: nextId(),
      link: stored.link,
      domain: store.domain,
      name: stored.name,
      originalName,
      extension: extensionOf(originalName),
      attachSize: stored.size,
      ossId: config?.id ?? null,
    })
    try {
      await this.db.transaction(async (tx) => {
        // one upload at a time per tenant past this point: the quota holds under concurrent uploads
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`attach:${owner.tenantId}`}))`)
        await this.assertQuota(tx, owner.tenantId, stored.size)
        await tx.insert(attach).values(row)
      })
    } catch (error) {
      await store.remove(key).catch(() => {})
      throw error
    }
    return {
      link: stored.link,
      domain: store.domain,
      name: stored.name,
      originalName,
      attachId: String(row.id),
    }
  }

  /** 413 when `adding` more bytes would take the tenant's live attachments past its quota. */
  private async assertQuota(db: DbOrTx, tenantId: string, adding: number): Promise<void> {
    if (!this.tenantQuotaBytes) return
    const [row] = await db
      .select({ used: sql<string>`coalesce(sum(${attach.attachSize}), 0)` })
      .from(attach)
      .where(and(eq(attach.tenantId, tenantId), eq(attach.isDeleted, 0)))
    if (Number(row?.used ?? 0) + adding > this.tenantQuotaBytes)
      throw new AppError(
        413,
        `存储空间不足: 租户附件合计不能超过 ${Math.round(this.tenantQuotaBytes / 1024 / 1024)} MB, 请删除不用的附件后再上传`,
      )
  }

  /** the store an attachment lives in (its configuration even if since removed: the object is still there) */
  async storeOf(row: AttachRow): Promise<ObjectStore> {
    if (!row.ossId) return this.local
    const [config] = await this.db.select().from(oss).where(eq(oss.id, row.ossId))
    if (!config) throw new Error(`attach ${row.id}: its OSS configuration ${row.ossId} is gone`)
    return this.storeFor(config)
  }

  /** An object by key with its attachment row, or null (unknown key, removed attachment, missing object). */
  async openFile(key: string): Promise<{ row: AttachRow; body: ObjectBody } | null> {
    const [row] = await this.db
      .select()
      .from(attach)
      .where(and(eq(attach.name, key), eq(attach.tenantId, tenantOfKey(key)), eq(attach.isDeleted, 0)))
    if (!row) return null
    const body = await (await this.storeOf(row)).get(key)
    return body ? { row, body } : null
  }

  /** Remove the objects of attachments already removed from the table; failures are logged, not thrown. */
  async removeObjects(rows: readonly AttachRow[], log: FastifyInstance['log']): Promise<void> {
    for (const row of rows) {
      try {
        await (await this.storeOf(row)).remove(row.name)
      } catch (err) {
        log.warn({ err, key: row.name }, 'attach: could not remove the stored object')
      }
    }
  }

  /**
   * Send a message through the configuration named by `code` (else the tenant's enabled one; with
   * none, the log provider). 400 when the configuration's provider is not available.
   */
  async sendSms(
    target: LogTarget,
    tenantId: string,
    input: { code?: string; phones: string[]; params: Record<string, string> },
  ): Promise<SmsResult> {
    const tenant = { tenantId }
    const [row] = input.code
      ? await this.db
          .select()
          .from(sms)
          .where(scoped(sms, tenant, eq(sms.smsCode, input.code)))
      : await this.db
          .select()
          .from(sms)
          .where(scoped(sms, tenant, eq(sms.status, CONFIG_STATUS.enabled)))
    if (input.code && !row) throw badRequest(`短信配置不存在: ${input.code}`)
    const config: SmsConfig = row ?? {
      category: SMS_CATEGORY.log,
      smsCode: 'log',
      templateId: null,
      accessKey: null,
      secretKey: null,
      regionId: null,
      signName: null,
    }
    const provider = smsProviderFor(config.category)
    if (!provider)
      throw badRequest(`短信服务商尚未接入: ${SMS_PROVIDER_NAMES[config.category] ?? config.category}`)
    const server = 'app' in target ? target.app : target.server
    const result = await provider
      .send(
        config,
        { phones: input.phones, params: input.params },
        {
          log: (message, data) => {
            logUsual(target, 'info', message, data)
            server.log.info({ sms: maskValue(data), tenantId, provider: provider.name }, message)
          },
        },
      )
      .catch((error: unknown): SmsResult => {
        server.log.warn({ err: error, tenantId, provider: provider.name }, 'sms provider failed')
        return { success: false, code: 500, msg: error instanceof Error ? error.message : String(error) }
      })
    // the record of what was sent (smsnum/customerMessageDetail); its failure does not undo a sent message
    await this.db
      .insert(smsRecord)
      .values({
        id: nextId(),
        tenantId,
        smsCode: config.smsCode,
        category: config.category,
        templateId: config.templateId ?? '',
        phones: input.phones.join(',').slice(0, 4000),
        phoneCount: input.phones.length,
        paramNames: Object.keys(input.params).join(',').slice(0, 500),
        success: result.success ? 1 : 0,
        msg: result.msg.slice(0, 500),
      })
      .catch((error: unknown) => server.log.error({ err: error, tenantId }, 'sms record not written'))
    return result
  }
}

const services = new WeakMap<ModuleContext, ResourceService>()

/** The service of an app (one per ModuleContext, so S3 clients are shared by its routes). */
export function resourceService(ctx: ModuleContext): ResourceService {
  let service = services.get(ctx)
  if (!service) {
    service = new ResourceService(
      ctx.database.db,
      ctx.config.dataDir,
      ctx.files,
      new EgressPolicy(ctx.config.ossAllowPrivate),
      ctx.config.tenantStorageBytes,
    )
    services.set(ctx, service)
  }
  return service
}

export { logSmsProvider }

import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import type { Client } from 'minio'
import type { EgressPolicy } from './egress.js'
import type { FileLinks } from './links.js'
import type { ObjectBody, ObjectStore, StoredObject } from './types.js'

export interface S3Settings {
  /** `http(s)://host[:port]`; a path after the host is ignored */
  endpoint: string
  accessKey: string
  secretKey: string
  bucket: string
  /** defaults to us-east-1; always sent, so the client never asks the server for the bucket's region */
  region?: string
  /** `endpoint/bucket/key` (MinIO and most self-hosted servers) rather than `bucket.endpoint/key` */
  pathStyle?: boolean
  /** where connections may go (tenant-typed endpoints: no internal addresses unless allowed) */
  egress?: EgressPolicy
}

/** How long one S3 call may take before the upload or download is answered with an error. */
const CALL_TIMEOUT_MS = 30_000

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`S3 ${what}: no answer in ${CALL_TIMEOUT_MS} ms`)),
      CALL_TIMEOUT_MS,
    )
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code
  return code === 'NoSuchKey' || code === 'NotFound' || code === 'NoSuchBucket'
}

/**
 * Objects in an S3-compatible bucket (MinIO, AWS, and the S3 APIs of Aliyun OSS, Tencent COS and
 * Qiniu Kodo) through the `minio` client. An upload is sent as one PutObject: the body is
 * collected first (uploads are capped by XPARK_UPLOAD_MAX_BYTES, far below S3's 5 GB single-PUT
 * limit), which keeps to the protocol subset adapters/s3/simulator.ts speaks. The bucket is made
 * on first use when missing. Links go through the signed xpark route, so the bucket may stay private.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const
  readonly domain: string
  /** minio and its XML parsers load with the first S3 store, not with every server start */
  private readonly client: Promise<Client>
  private bucketReady: Promise<void> | undefined

  constructor(
    private readonly settings: S3Settings,
    private readonly links: FileLinks,
  ) {
    const url = new URL(settings.endpoint)
    const useSSL = url.protocol === 'https:'
    if (settings.egress?.refusesHost(url.hostname)) {
      const refused: NodeJS.ErrnoException = new Error(`address not allowed: ${url.hostname}`)
      refused.code = 'EADDRNOTALLOWED'
      throw refused
    }
    const options = {
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: settings.accessKey,
      secretKey: settings.secretKey,
      region: settings.region || 'us-east-1',
      pathStyle: settings.pathStyle ?? true,
      ...(settings.egress ? { transportAgent: settings.egress.agent(useSSL) } : {}),
    }
    this.client = import('minio').then(({ Client }) => new Client(options))
    this.domain = `${url.origin}/${settings.bucket}`
  }

  private ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      const { bucket, region } = this.settings
      if (!(await (await this.client).bucketExists(bucket)))
        await (await this.client).makeBucket(bucket, region || 'us-east-1')
    })().catch((error: unknown) => {
      this.bucketReady = undefined
      throw error
    })
    return this.bucketReady
  }

  async put(body: Readable | Buffer, key: string, contentType: string): Promise<StoredObject> {
    const bytes = Buffer.isBuffer(body) ? body : await buffer(body)
    await withTimeout(
      (async () => {
        await this.ensureBucket()
        await (await this.client).putObject(this.settings.bucket, key, bytes, bytes.length, {
          'Content-Type': contentType,
        })
      })(),
      'PutObject',
    )
    return { link: this.links.link(key), name: key, size: bytes.length }
  }

  async get(key: string): Promise<ObjectBody | null> {
    try {
      return await withTimeout(
        (async () => {
          const info = await (await this.client).statObject(this.settings.bucket, key)
          const stream = await (await this.client).getObject(this.settings.bucket, key)
          return { stream: Readable.from(stream), size: info.size }
        })(),
        'GetObject',
      )
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  async remove(key: string): Promise<void> {
    try {
      await withTimeout((await this.client).removeObject(this.settings.bucket, key), 'RemoveObject')
    } catch (error) {
      if (!isMissing(error)) throw error
    }
  }

  /** a presigned GetObject URL straight to the bucket (at most 7 days, S3's limit) */
  async url(key: string, expirySeconds = 3600): Promise<string> {
    return (await this.client).presignedGetObject(
      this.settings.bucket,
      key,
      Math.min(Math.max(expirySeconds, 1), 604_800),
    )
  }
}

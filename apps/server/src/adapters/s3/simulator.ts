import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback S3-compatible server for tests and the embedded demo: the subset of the S3 REST
 * protocol (path-style) that core/storage's S3 store and the `minio` client use —
 * HeadBucket, GetBucketLocation, CreateBucket, PutObject (single part only: no multipart-upload
 * API, so a client must send each object in one PUT, which S3 itself allows up to 5 GB; this
 * simulator caps a body at `maxObjectBytes`), GetObject, HeadObject (StatObject), DeleteObject.
 * Objects live in memory.
 *
 * Every request must carry AWS Signature V4 for the configured key pair — an
 * `Authorization: AWS4-HMAC-SHA256 Credential=<accessKey>/…` header or a presigned query — and the
 * signature is checked (canonical request from the path and query as sent, as MinIO does), as is
 * the payload hash when one is signed. Anything else is answered 403 AccessDenied.
 */

export interface S3SimulatorOptions {
  accessKey: string
  secretKey: string
  region?: string
  /** largest object accepted in one PUT (default 64 MiB) */
  maxObjectBytes?: number
}

interface StoredObject {
  body: Buffer
  contentType: string
  etag: string
  lastModified: Date
}

export interface S3Simulator {
  /** `http://127.0.0.1:<port>` */
  endpoint: string
  port: number
  /** the buckets and their objects, for tests to look into */
  buckets: Map<string, Map<string, StoredObject>>
  /** requests answered, by `METHOD kind` (e.g. `PUT object`), for tests that care how a client talked */
  requests: string[]
  close(): Promise<void>
}

const ALGORITHM = 'AWS4-HMAC-SHA256'
const UNSIGNED = 'UNSIGNED-PAYLOAD'

function xmlEscape(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

function sendError(res: ServerResponse, status: number, code: string, message: string, resource = ''): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message><Resource>${xmlEscape(resource)}</Resource><RequestId>sim</RequestId></Error>`
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) })
  res.end(res.req.method === 'HEAD' ? undefined : body)
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest()
}

function sha256Hex(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex')
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

interface SignedRequest {
  credential: string
  signedHeaders: string[]
  signature: string
  amzDate: string
  payloadHash: string
  /** the raw query elements that take part in the canonical request */
  query: string[]
}

/** Read the signature parts from the Authorization header or a presigned query; null if neither is V4. */
function readSignature(req: IncomingMessage, rawQuery: string[]): SignedRequest | null | 'bad' {
  const header = req.headers.authorization
  if (header) {
    if (!header.startsWith(`${ALGORITHM} `)) return 'bad'
    const parts = Object.fromEntries(
      header
        .slice(ALGORITHM.length + 1)
        .split(',')
        .map((p) => p.trim().split('=', 2) as [string, string]),
    )
    if (!parts.Credential || !parts.SignedHeaders || !parts.Signature) return 'bad'
    return {
      credential: parts.Credential,
      signedHeaders: parts.SignedHeaders.split(';'),
      signature: parts.Signature,
      amzDate: String(req.headers['x-amz-date'] ?? ''),
      payloadHash: String(req.headers['x-amz-content-sha256'] ?? UNSIGNED),
      query: rawQuery,
    }
  }
  const params = new URLSearchParams(rawQuery.join('&'))
  if (params.get('X-Amz-Algorithm') !== ALGORITHM) return null
  const expires = Number(params.get('X-Amz-Expires') ?? 0)
  const amzDate = params.get('X-Amz-Date') ?? ''
  const signedAt = Date.parse(
    amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
  )
  if (!Number.isFinite(signedAt) || Date.now() > signedAt + expires * 1000) return 'bad'
  return {
    credential: params.get('X-Amz-Credential') ?? '',
    signedHeaders: (params.get('X-Amz-SignedHeaders') ?? '').split(';'),
    signature: params.get('X-Amz-Signature') ?? '',
    amzDate,
    payloadHash: UNSIGNED,
    query: rawQuery.filter((q) => !q.startsWith('X-Amz-Signature=')),
  }
}

function verify(
  req: IncomingMessage,
  rawPath: string,
  signed: SignedRequest,
  options: Required<Pick<S3SimulatorOptions, 'accessKey' | 'secretKey'>>,
): boolean {
  const [accessKey, date, region, service, terminator] = signed.credential.split('/')
  if (accessKey !== options.accessKey || service !== 's3' || terminator !== 'aws4_request') return false
  if (!date || !region || !signed.amzDate.startsWith(date)) return false
  const headers = signed.signedHeaders.map(
    (name) => `${name}:${String(req.headers[name] ?? '').replace(/ +/g, ' ')}`,
  )
  const query = [...signed.query]
    .sort()
    .map((q) => (q.includes('=') ? q : `${q}=`))
    .join('&')
  const canonical = [
    req.method,
    rawPath,
    query,
    `${headers.join('\n')}\n`,
    signed.signedHeaders.join(';'),
    signed.payloadHash,
  ].join('\n')
  const scope = `${date}/${region}/s3/aws4_request`
  const toSign = [ALGORITHM, signed.amzDate, scope, sha256Hex(canonical)].join('\n')
  const key = hmac(hmac(hmac(hmac(`AWS4${options.secretKey}`, date), region), 's3'), 'aws4_request')
  return safeEqual(createHmac('sha256', key).update(toSign).digest('hex'), signed.signature)
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length
    if (total > limit) return null
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/** S3's bucket naming rule (3-63 lower-case letters, digits, dots and hyphens). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/

export async function startS3Simulator(options: S3SimulatorOptions): Promise<S3Simulator> {
  const region = options.region ?? 'us-east-1'
  const maxObjectBytes = options.maxObjectBytes ?? 64 * 1024 * 1024
  const buckets = new Map<string, Map<string, StoredObject>>()
  const requests: string[] = []

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = req.url ?? '/'
    const [rawPath = '/', rawQueryText = ''] = url.split('?', 2)
    const rawQuery = rawQueryText ? rawQueryText.split('&') : []
    const signed = readSignature(req, rawQuery)
    if (signed === null || signed === 'bad' || !verify(req, rawPath, signed, options))
      return sendError(res, 403, 'AccessDenied', 'Access Denied.', rawPath)

    const segments = rawPath.split('/').slice(1)
    const bucketName = decodeURIComponent(segments[0] ?? '')
    const key = segments.slice(1).map(decodeURIComponent).join('/')
    const query = new URLSearchParams(rawQueryText)
    const method = req.method ?? 'GET'
    requests.push(`${method} ${key ? 'object' : 'bucket'}`)
    if (!bucketName) return sendError(res, 405, 'MethodNotAllowed', 'Listing buckets is not simulated.')
    const bucket = buckets.get(bucketName)

    if (!key) {
      if (method === 'HEAD') {
        if (!bucket) return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist')
        res.writeHead(200, { 'x-amz-bucket-region': region }).end()
        return
      }
      if (method === 'GET' && query.has('location')) {
        if (!bucket) return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist')
        const body = `<?xml version="1.0" encoding="UTF-8"?>\n<LocationConstraint xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${region === 'us-east-1' ? '' : region}</LocationConstraint>`
        res.writeHead(200, { 'content-type': 'application/xml' }).end(body)
        return
      }
      if (method === 'PUT') {
        await readBody(req, 64 * 1024)
        if (!BUCKET.test(bucketName))
          return sendError(res, 400, 'InvalidBucketName', 'The specified bucket is not valid.')
        if (bucket)
          return sendError(
            res,
            409,
            'BucketAlreadyOwnedByYou',
            'Your previous request to create the named bucket succeeded and you already own it.',
          )
        buckets.set(bucketName, new Map())
        res.writeHead(200, { location: `/${bucketName}` }).end()
        return
      }
      return sendError(res, 501, 'NotImplemented', `${method} on a bucket is not simulated`)
    }

    if (!bucket) return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', rawPath)
    if (query.has('uploads') || query.has('uploadId'))
      return sendError(
        res,
        501,
        'NotImplemented',
        'Multipart upload is not simulated: send the object in one PUT',
      )

    if (method === 'PUT') {
      const body = await readBody(req, maxObjectBytes)
      if (!body)
        return sendError(res, 400, 'EntityTooLarge', `Your proposed upload exceeds ${maxObjectBytes} bytes`)
      const claimed = signed.payloadHash
      if (claimed !== UNSIGNED && !claimed.startsWith('STREAMING-') && claimed !== sha256Hex(body))
        return sendError(
          res,
          400,
          'XAmzContentSHA256Mismatch',
          'The provided x-amz-content-sha256 header does not match what was computed.',
        )
      const etag = `"${createHash('md5').update(body).digest('hex')}"`
      bucket.set(key, {
        body,
        contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
        etag,
        lastModified: new Date(),
      })
      res.writeHead(200, { etag }).end()
      return
    }
    if (method === 'DELETE') {
      bucket.delete(key)
      res.writeHead(204).end()
      return
    }
    if (method === 'GET' || method === 'HEAD') {
      const object = bucket.get(key)
      if (!object) return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.', rawPath)
      res.writeHead(200, {
        'content-type': object.contentType,
        'content-length': object.body.length,
        etag: object.etag,
        'last-modified': object.lastModified.toUTCString(),
        'accept-ranges': 'bytes',
      })
      res.end(method === 'HEAD' ? undefined : object.body)
      return
    }
    return sendError(res, 501, 'NotImplemented', `${method} on an object is not simulated`)
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, 'InternalError', String(error))
      else res.destroy()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    buckets,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

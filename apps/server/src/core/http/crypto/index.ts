import { constants, privateDecrypt } from 'node:crypto'
import { Readable } from 'node:stream'
import { API_BASE } from '@xpark/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Cache } from '../../cache/index.js'
import { ok } from '../../envelope.js'
import { AppError } from '../../errors.js'
import {
  asSealedBody,
  CRYPTO_HEADERS,
  ILLEGAL_REQUEST,
  NONCE_PATTERN,
  open,
  responseAad,
  seal,
  signatureMatches,
  signingText,
} from './envelope.js'
import type { CryptoKeys } from './keys.js'

export { CRYPTO_HEADERS, ILLEGAL_REQUEST } from './envelope.js'
export { type CryptoKeys, loadCryptoKeys } from './keys.js'

/** Where the console and other clients find the public key (always open). */
export const PUBLIC_KEY_PATH = '/blade-auth/crypto/public-key'

/**
 * Paths (under the API base) that stay in clear whatever the settings: what a client reads before
 * it can encrypt (its settings, the public key), and what a browser loads by itself, sending no
 * header (the API docs, health probes).
 */
export const ALWAYS_CLEAR = ['/console/settings', PUBLIC_KEY_PATH, '/health', '/docs']

/**
 * XPARK_CRYPTO_EXCLUDE's default: what `<img src>` and plain links load (signed file links, the
 * captcha image) and the sign-in page's quiet park lookup by domain.
 */
export const DEFAULT_CRYPTO_EXCLUDE = [
  '/blade-resource/file',
  '/blade-auth/oauth/captcha2',
  '/blade-system/tenant/info',
  // server-sent events: an EventSource cannot send the encryption headers (the stream still needs a token)
  '/intercom/stream',
]

export interface RequestCryptoOptions {
  keys: CryptoKeys
  cache: Cache
  /** paths under the API base: the path itself and everything below it */
  exclude: readonly string[]
  /** how far a request's timestamp may be from the server's clock, in seconds */
  windowSeconds: number
}

const illegal = () => new AppError(400, ILLEGAL_REQUEST)

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name]
  return (Array.isArray(value) ? value[0] : value) ?? ''
}

const isJson = (request: FastifyRequest) =>
  /^application\/([\w.+-]*\+)?json\b/i.test(header(request, 'content-type'))

const hasBody = (request: FastifyRequest) =>
  Number(header(request, 'content-length') || 0) > 0 || header(request, 'transfer-encoding') !== ''

function excluded(path: string, exclude: readonly string[]): boolean {
  if (!path.startsWith(API_BASE)) return true // the console's own files
  const rest = path.slice(API_BASE.length) || '/'
  return [...ALWAYS_CLEAR, ...exclude].some((p) => rest === p || rest.startsWith(`${p.replace(/\/$/, '')}/`))
}

async function readAll(stream: NodeJS.ReadableStream, limit: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)
    size += buffer.length
    if (size > limit) throw new AppError(413, '请求体过大')
    chunks.push(buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

interface CallKey {
  key: Buffer
  nonce: string
  timestamp: string
}

/**
 * Request encryption (off by default: XPARK_CRYPTO): every API call outside the excluded paths
 * carries a wrapped key, a timestamp, a nonce and a signature (envelope.ts); a JSON body is sealed;
 * the JSON answer is sealed with the request's key. A call without them, with a timestamp outside
 * the window, with a nonce already seen (kept in the cache, so in Redis across nodes), with a key or
 * body that does not open, or a signature that does not match is answered 400 `illegal request` in
 * clear. Registered on the root before compression, so what is compressed is the sealed answer.
 */
export function registerRequestCrypto(app: FastifyInstance, options: RequestCryptoOptions): void {
  const calls = new WeakMap<FastifyRequest, CallKey>()
  const bodyLimit = app.initialConfig.bodyLimit ?? 1024 * 1024
  app.decorateRequest('sealedAnswer', false)

  function unwrap(request: FastifyRequest): CallKey {
    const wrapped = header(request, CRYPTO_HEADERS.key)
    const timestamp = header(request, CRYPTO_HEADERS.timestamp)
    const nonce = header(request, CRYPTO_HEADERS.nonce)
    if (!wrapped || !/^\d{10,16}$/.test(timestamp) || !NONCE_PATTERN.test(nonce)) throw illegal()
    if (Math.abs(Date.now() - Number(timestamp)) > options.windowSeconds * 1000) throw illegal()
    let key: Buffer
    try {
      key = privateDecrypt(
        { key: options.keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(wrapped, 'base64'),
      )
    } catch {
      throw illegal()
    }
    if (key.length !== 32) throw illegal()
    return { key, nonce, timestamp }
  }

  /** The signature over the call, then the nonce: first use only (a replay within the window). */
  async function verify(request: FastifyRequest, call: CallKey, ciphertext: string): Promise<void> {
    const text = signingText(request.method, request.url, call.timestamp, call.nonce, ciphertext)
    if (!signatureMatches(call.key, text, header(request, CRYPTO_HEADERS.signature))) throw illegal()
    // kept past the window's both ends: a nonce is refused for as long as its timestamp is accepted
    const fresh = await options.cache.setIfAbsent(
      `crypto:nonce:${call.nonce}`,
      '1',
      options.windowSeconds * 2 + 5,
    )
    if (!fresh) throw illegal()
  }

  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS' || excluded(request.url.split('?')[0] ?? '', options.exclude)) return
    const call = unwrap(request)
    // a JSON body is checked when it is read (preParsing); any other call now. A body of another
    // kind (a multipart upload) is not sealed, but the address, time and nonce are signed.
    if (!(hasBody(request) && isJson(request))) await verify(request, call, '')
    calls.set(request, call)
    // a cached answer goes out as text, for the onSend hook below to seal (core/http/prepared.ts)
    request.sealedAnswer = true
  })

  app.addHook('preParsing', async (request, _reply, payload) => {
    const call = calls.get(request)
    if (!call || !(hasBody(request) && isJson(request))) return payload
    // the call is not trusted until its body opens: until then an answer goes out in clear
    calls.delete(request)
    const text = await readAll(payload, bodyLimit * 2)
    let sealed: ReturnType<typeof asSealedBody> = null
    try {
      sealed = asSealedBody(JSON.parse(text))
    } catch {
      sealed = null
    }
    if (!sealed) throw illegal()
    await verify(request, call, sealed.ciphertext)
    const plain = open(call.key, sealed.ciphertext, call.nonce)
    if (plain === null) throw illegal()
    calls.set(request, call)
    const stream = Readable.from([Buffer.from(plain)]) as Readable & { receivedEncodedLength?: number }
    // Fastify compares the bytes read with content-length: the sealed length is what arrived
    stream.receivedEncodedLength = Buffer.byteLength(text)
    return stream
  })

  app.addHook('onSend', async (request, reply, payload) => {
    const call = calls.get(request)
    if (!call || typeof payload !== 'string') return payload
    if (!/json/i.test(String(reply.getHeader('content-type') ?? ''))) return payload
    return JSON.stringify({ ciphertext: seal(call.key, payload, responseAad(call.nonce)) })
  })

  app.get(
    `${API_BASE}${PUBLIC_KEY_PATH}`,
    {
      schema: {
        tags: ['auth'],
        summary: 'request encryption: the RSA-OAEP (SHA-256) public key, base64 SPKI',
      },
    },
    async () => ok({ enabled: true, algorithm: 'RSA-OAEP-256+A256GCM', publicKey: options.keys.publicKey }),
  )
}

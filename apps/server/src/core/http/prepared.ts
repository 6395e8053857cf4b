import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { parsedOnce } from '../cache/index.js'

/**
 * A cached answer sent as it was first written: the envelope's JSON text, its gzip and brotli forms
 * and an ETag, made once per cached value instead of on every request (parse, re-serialise and
 * compress the same bytes again cost menu/routes 90% of its rate; issue 13). Whoever caches the
 * `data` JSON text (menus, buttons, dictionaries) hands it here with its cache key; a changed text
 * under the same key (a write cleared the cache, another node filled it again) makes a new answer.
 */
class PreparedAnswer {
  readonly body: string
  readonly etag: string
  private gzip: Buffer | undefined
  private brotli: Buffer | undefined

  constructor(dataJson: string) {
    // ok(data) as toWireJson writes it: the cached text already is wire JSON (ids and dates as text)
    this.body = `{"code":200,"success":true,"data":${dataJson},"msg":"${dataJson === 'null' ? '暂无承载数据' : '操作成功'}"}`
    this.etag = `"${createHash('sha1').update(this.body).digest('base64url')}"`
  }

  encoded(encoding: 'br' | 'gzip'): Buffer {
    if (encoding === 'br')
      this.brotli ??= brotliCompressSync(this.body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length },
      })
    else this.gzip ??= gzipSync(this.body, { level: 9 })
    return encoding === 'br' ? this.brotli! : this.gzip!
  }
}

/** Below this many bytes an answer goes out as text, as @fastify/compress's threshold does. */
const COMPRESS_FROM_BYTES = 1024
/** The answer of a cached text, made once per text (core/cache/parsed.ts keeps it, the oldest going first). */
const answerFor = (key: string, dataJson: string): PreparedAnswer =>
  parsedOnce(`answer:${key}`, dataJson, (text) => new PreparedAnswer(text))

function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '')
  if (/\bbr\b/.test(accepted) && !/\bbr;q=0(\.0*)?\b/.test(accepted)) return 'br'
  if (/\bgzip\b/.test(accepted) && !/\bgzip;q=0(\.0*)?\b/.test(accepted)) return 'gzip'
  return undefined
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the answer must go through the request-encryption hook as text (core/http/crypto) */
    sealedAnswer?: boolean
  }
}

/**
 * Send `ok(<dataJson>)` for a cached `data` text: 304 when the client holds the same answer, the
 * stored brotli or gzip bytes when it accepts them (compression is then skipped), else the text. An
 * encrypted call gets the text, which the encryption hook seals.
 */
export function sendCachedData(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  dataJson: string,
): FastifyReply {
  const answer = answerFor(key, dataJson)
  reply.type('application/json; charset=utf-8')
  if (request.sealedAnswer) return reply.send(answer.body)
  reply.header('etag', answer.etag).header('vary', 'accept-encoding')
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send()
  const encoding = answer.body.length >= COMPRESS_FROM_BYTES ? acceptedEncoding(request) : undefined
  if (!encoding) return reply.send(answer.body)
  return reply.header('content-encoding', encoding).send(answer.encoded(encoding))
}

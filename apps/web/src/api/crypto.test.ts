import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHmac,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
} from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { ILLEGAL_REQUEST, requestTarget } from './crypto'
import { createHttp, type HttpDeps } from './httpCore'

// the server's side, written from the wire format (server: core/http/crypto/envelope.ts)
const pair = generateKeyPairSync('rsa', { modulusLength: 2048 })
const PUBLIC_KEY = pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')

function open(key: Buffer, sealed: string, aad: string): string {
  const raw = Buffer.from(sealed, 'base64')
  const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
  d.setAAD(Buffer.from(aad))
  d.setAuthTag(raw.subarray(raw.length - 16))
  return Buffer.concat([d.update(raw.subarray(12, raw.length - 16)), d.final()]).toString()
}
function seal(key: Buffer, text: string, aad: string): string {
  const iv = randomBytes(12)
  const c = createCipheriv('aes-256-gcm', key, iv)
  c.setAAD(Buffer.from(aad))
  const body = Buffer.concat([c.update(text), c.final()])
  return Buffer.concat([iv, body, c.getAuthTag()]).toString('base64')
}

type Received = { url: string; method: string; headers: Record<string, string>; body: unknown; key: Buffer }

/** A server that checks and opens each call and answers `reply(received)` sealed (or as told). */
function server(
  reply: (r: Received) => { status?: number; body: unknown; clear?: boolean; garble?: boolean },
) {
  const received: Received[] = []
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input)
    const headers = init!.headers as Record<string, string>
    const key = privateDecrypt(
      { key: pair.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(headers['X-Crypto-Key']!, 'base64'),
    )
    const nonce = headers['X-Crypto-Nonce']!
    const ciphertext = init!.body ? (JSON.parse(String(init!.body)) as { ciphertext: string }).ciphertext : ''
    const text = [init!.method, requestTarget(url), headers['X-Crypto-Timestamp'], nonce, ciphertext].join(
      '\n',
    )
    const signature = createHmac('sha256', key).update(text).digest('base64')
    if (signature !== headers['X-Crypto-Signature']) throw new Error('bad signature')
    const body = ciphertext ? JSON.parse(open(key, ciphertext, nonce)) : undefined
    const r = { url, method: String(init!.method), headers, body, key }
    received.push(r)
    const answer = reply(r)
    const plain = JSON.stringify(answer.body)
    const out = answer.clear
      ? plain
      : JSON.stringify({
          ciphertext: seal(answer.garble ? randomBytes(32) : key, plain, `${nonce}:response`),
        })
    return new Response(out, { status: answer.status ?? 200 })
  })
  const deps = {
    baseUrl: '/xparkApi',
    fetch: fetchMock as unknown as typeof fetch,
    getToken: () => 'tok',
    getClientId: () => 'xpark',
    getCryptoKey: () => PUBLIC_KEY,
    notifyError: vi.fn(),
    onUnauthorized: vi.fn(),
    recordFailure: vi.fn(),
    progress: { start: vi.fn(), done: vi.fn() },
    statusWhiteList: [] as number[],
    timeoutMs: 10_000,
    t: (key: string) => key,
  } satisfies HttpDeps
  return { http: createHttp(deps), deps, received, fetchMock }
}

const ok = { code: 200, success: true, msg: '操作成功', data: { a: 1 } }

describe('request encryption in the console (spec 01 §7, §8)', () => {
  it('seals the body with a fresh key, signs the call and opens the sealed answer', async () => {
    const { http, received, fetchMock } = server(() => ({ body: ok }))
    await expect(http.post('blade-system/param/submit', { x: 'a b' }, { paramKey: '秘密' })).resolves.toEqual(
      ok,
    )
    expect(received[0]!.body).toEqual({ paramKey: '秘密' })
    // what travels is the envelope, not the body
    expect(String(fetchMock.mock.calls[0]![1]!.body)).not.toContain('paramKey')
    await http.get('blade-user/info')
    expect(received[1]!.key.equals(received[0]!.key)).toBe(false)
    expect(received[1]!.headers['X-Crypto-Nonce']).not.toBe(received[0]!.headers['X-Crypto-Nonce'])
    expect(Math.abs(Number(received[1]!.headers['X-Crypto-Timestamp']) - Date.now())).toBeLessThan(5000)
  })

  it('rejects an unencrypted 200 as illegal request', async () => {
    const { http, deps } = server(() => ({ body: ok, clear: true }))
    await expect(http.get('blade-user/info')).rejects.toMatchObject({ message: ILLEGAL_REQUEST })
    expect(deps.notifyError).toHaveBeenCalledWith(ILLEGAL_REQUEST)
  })

  it('rejects a 200 sealed with another key (undecryptable) as illegal request', async () => {
    const { http } = server(() => ({ body: ok, garble: true }))
    await expect(http.get('blade-user/info')).rejects.toMatchObject({ message: ILLEGAL_REQUEST })
  })

  it("shows the server's own clear refusal (400 illegal request) and sealed errors as usual", async () => {
    const refused = server(() => ({ status: 400, body: { code: 400, msg: ILLEGAL_REQUEST }, clear: true }))
    await expect(refused.http.get('x')).rejects.toMatchObject({ status: 400, message: ILLEGAL_REQUEST })
    expect(refused.deps.notifyError).toHaveBeenCalledWith(ILLEGAL_REQUEST)
    const sealedError = server(() => ({ status: 400, body: { code: 400, msg: '参数校验失败' } }))
    await expect(sealedError.http.get('x')).rejects.toMatchObject({ status: 400, message: '参数校验失败' })
  })
})

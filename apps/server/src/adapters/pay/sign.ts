import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * The provider's signature (WeChat Pay v2 shape, HMAC-SHA256): the parameters other than `sign`
 * and the empty ones, sorted by name, as `k=v&k=v`, then `&key=<merchant key>`, HMAC-SHA256 with
 * the merchant key, upper-case hex. Requests, replies and notifies are all signed this way.
 */

export type PayParams = Record<string, string>

export function signString(params: Readonly<PayParams>, key: string): string {
  const pairs = Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
  return `${pairs.join('&')}&key=${key}`
}

export function signParams(params: Readonly<PayParams>, key: string): string {
  return createHmac('sha256', key).update(signString(params, key), 'utf8').digest('hex').toUpperCase()
}

/** The parameters with their `sign` added. */
export function signed(params: Readonly<PayParams>, key: string): PayParams {
  return { ...params, sign: signParams(params, key) }
}

/** Whether `sign` matches (constant time); a missing sign or key never matches. */
export function verifyParams(params: Readonly<PayParams>, key: string): boolean {
  const given = params.sign
  if (!given || !key) return false
  const expected = Buffer.from(signParams(params, key))
  const actual = Buffer.from(String(given).toUpperCase())
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

export const nonce = () => randomBytes(16).toString('hex')

/** Every value as a string (a JSON body may carry numbers): what the signature is computed over. */
export function asParams(body: unknown): PayParams | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null
  const out: PayParams = {}
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (typeof v === 'string') out[k] = v
    else if (typeof v === 'number' && Number.isFinite(v)) out[k] = String(v)
    else if (v !== null && v !== undefined) return null
  }
  return out
}

import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Request encryption (spec 01 §7, §8), the wire format shared by the server and every client:
 *
 * - the client makes a fresh AES-256 key per request and wraps it with the server's RSA-OAEP
 *   (SHA-256) public key: header `X-Crypto-Key` (base64);
 * - `X-Crypto-Timestamp` (milliseconds since 1970) and `X-Crypto-Nonce` (16-64 of `[A-Za-z0-9_-]`,
 *   never used twice);
 * - a JSON body travels as `{"ciphertext": base64(iv ‖ AES-GCM(body) ‖ tag)}` with the nonce as
 *   additional data (12-byte iv);
 * - `X-Crypto-Signature`: base64 HMAC-SHA256 under the same key of
 *   `METHOD \n path?query \n timestamp \n nonce \n ciphertext` ('' without a JSON body), so the method,
 *   address, time and nonce cannot be changed or moved to another body;
 * - the server answers JSON in the same envelope, sealed with the request's key and
 *   `<nonce>:response` as additional data (a recorded answer does not fit another request).
 */
export const CRYPTO_HEADERS = {
  key: 'x-crypto-key',
  timestamp: 'x-crypto-timestamp',
  nonce: 'x-crypto-nonce',
  signature: 'x-crypto-signature',
} as const

/** What the server answers to an unencrypted, undecryptable, unsigned, stale or replayed call (spec 01 §8). */
export const ILLEGAL_REQUEST = 'illegal request'

export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/

const IV_BYTES = 12
const TAG_BYTES = 16

export interface SealedBody {
  ciphertext: string
}

export const responseAad = (nonce: string) => `${nonce}:response`

export function signingText(
  method: string,
  url: string,
  timestamp: string,
  nonce: string,
  ciphertext: string,
): string {
  return [method.toUpperCase(), url, timestamp, nonce, ciphertext].join('\n')
}

export function sign(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64')
}

export function signatureMatches(key: Buffer, text: string, signature: string): boolean {
  const expected = Buffer.from(sign(key, text), 'base64')
  const given = Buffer.from(signature, 'base64')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export function seal(key: Buffer, plaintext: string, aad: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(aad))
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64')
}

/** The plaintext, or null when the text was not sealed with this key and additional data. */
export function open(key: Buffer, sealed: string, aad: string): string | null {
  const raw = Buffer.from(sealed, 'base64')
  if (raw.length < IV_BYTES + TAG_BYTES) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES))
    decipher.setAAD(Buffer.from(aad))
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES))
    return Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8')
  } catch {
    return null
  }
}

/** `{"ciphertext": "…"}` and nothing else, or null. */
export function asSealedBody(value: unknown): SealedBody | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null
  const keys = Object.keys(value)
  const ciphertext = (value as { ciphertext?: unknown }).ciphertext
  return keys.length === 1 && typeof ciphertext === 'string' ? { ciphertext } : null
}

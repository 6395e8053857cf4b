import { constants, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto'
import { CRYPTO_HEADERS, open, responseAad, seal, sign, signingText } from './envelope.js'

/**
 * A Node client of request encryption (the tests use it; envelope.ts documents the format): seals one
 * call to the server whose public key (base64 SPKI) is given, and opens its answer.
 */
export function sealCall(
  publicKey: string,
  call: { method: string; url: string; body?: unknown },
  overrides: { timestamp?: number; nonce?: string } = {},
) {
  const key = randomBytes(32)
  const nonce = overrides.nonce ?? randomBytes(16).toString('base64url')
  const timestamp = String(overrides.timestamp ?? Date.now())
  const wrapped = publicEncrypt(
    {
      key: createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' }),
      padding: constants.RSA_PKCS1_OAEP_PADDING,
      oaepHash: 'sha256',
    },
    key,
  ).toString('base64')
  const ciphertext = call.body === undefined ? '' : seal(key, JSON.stringify(call.body), nonce)
  const headers: Record<string, string> = {
    [CRYPTO_HEADERS.key]: wrapped,
    [CRYPTO_HEADERS.timestamp]: timestamp,
    [CRYPTO_HEADERS.nonce]: nonce,
    [CRYPTO_HEADERS.signature]: sign(key, signingText(call.method, call.url, timestamp, nonce, ciphertext)),
  }
  if (call.body !== undefined) headers['content-type'] = 'application/json'
  return {
    key,
    nonce,
    headers,
    payload: call.body === undefined ? undefined : JSON.stringify({ ciphertext }),
    /** the answer's JSON, or null when it was not sealed for this call */
    openReply(text: string): unknown {
      try {
        const sealed = (JSON.parse(text) as { ciphertext?: unknown }).ciphertext
        if (typeof sealed !== 'string') return null
        const plain = open(key, sealed, responseAad(nonce))
        return plain === null ? null : JSON.parse(plain)
      } catch {
        return null
      }
    },
  }
}

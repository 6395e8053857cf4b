/**
 * Request encryption, the console's side (spec 01 §7, §8; the wire format is described in
 * apps/server/src/core/http/crypto/envelope.ts): a fresh AES-256-GCM key per call, wrapped with the
 * server's RSA-OAEP (SHA-256) public key; timestamp, nonce and an HMAC-SHA256 signature in headers;
 * a JSON body as `{ciphertext}`; the answer opened with the same key. WebCrypto only: no library.
 */

/** What the console rejects an unencrypted or unopenable 200 with (spec 01 §8). */
export const ILLEGAL_REQUEST = 'illegal request'

const encoder = new TextEncoder()

function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)
  let text = ''
  for (const b of view) text += String.fromCharCode(b)
  return btoa(text)
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text)
  const bytes = new Uint8Array(raw.length)
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes
}

const randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n))

/** A URL as the server reads it: the path and query of the request line (`/<api base>/x?a=1`). */
export function requestTarget(url: string): string {
  const u = new URL(url, 'http://console.invalid')
  return `${u.pathname}${u.search}`
}

const publicKeys = new Map<string, Promise<CryptoKey>>()
function importPublicKey(spki: string): Promise<CryptoKey> {
  let key = publicKeys.get(spki)
  if (!key) {
    key = crypto.subtle.importKey('spki', fromBase64(spki), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
      'encrypt',
    ])
    publicKeys.set(spki, key)
  }
  return key
}

async function seal(key: CryptoKey, plaintext: string, aad: string): Promise<string> {
  const iv = randomBytes(12)
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(aad) },
    key,
    encoder.encode(plaintext),
  )
  const out = new Uint8Array(12 + sealed.byteLength)
  out.set(iv)
  out.set(new Uint8Array(sealed), 12)
  return toBase64(out)
}

export interface SealedCall {
  headers: Record<string, string>
  /** the JSON body to send (`{ciphertext}`), when there was one */
  body: string | undefined
  /** the answer's JSON; throws `illegal request` when it is not sealed for this call */
  open(text: string): Promise<unknown>
}

/** Seal one call to the server whose public key (base64 SPKI) the console settings carry. */
export async function sealCall(
  publicKey: string,
  call: { method: string; url: string; body?: unknown },
): Promise<SealedCall> {
  const raw = randomBytes(32)
  const aes = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt'])
  const hmac = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const wrapped = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, await importPublicKey(publicKey), raw)
  const nonce = toBase64(randomBytes(18)).replaceAll('+', '-').replaceAll('/', '_')
  const timestamp = String(Date.now())
  const ciphertext = call.body === undefined ? '' : await seal(aes, JSON.stringify(call.body), nonce)
  const text = [call.method.toUpperCase(), requestTarget(call.url), timestamp, nonce, ciphertext].join('\n')
  const signature = await crypto.subtle.sign('HMAC', hmac, encoder.encode(text))
  return {
    headers: {
      'X-Crypto-Key': toBase64(wrapped),
      'X-Crypto-Timestamp': timestamp,
      'X-Crypto-Nonce': nonce,
      'X-Crypto-Signature': toBase64(signature),
    },
    body: call.body === undefined ? undefined : JSON.stringify({ ciphertext }),
    async open(reply: string) {
      try {
        const sealed = (JSON.parse(reply) as { ciphertext?: unknown }).ciphertext
        if (typeof sealed !== 'string') throw new Error(ILLEGAL_REQUEST)
        const bytes = fromBase64(sealed)
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: bytes.slice(0, 12), additionalData: encoder.encode(`${nonce}:response`) },
          aes,
          bytes.slice(12),
        )
        return JSON.parse(new TextDecoder().decode(plain))
      } catch {
        throw new Error(ILLEGAL_REQUEST)
      }
    },
  }
}

/** True when a reply body is the sealed envelope (and nothing else). */
export function isSealed(text: string): boolean {
  try {
    const value = JSON.parse(text) as unknown
    return (
      value !== null &&
      typeof value === 'object' &&
      Object.keys(value).length === 1 &&
      typeof (value as { ciphertext?: unknown }).ciphertext === 'string'
    )
  } catch {
    return false
  }
}

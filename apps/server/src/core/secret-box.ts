import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's box for credentials at rest (set by buildApp): the kit seals write-only fields with it */
    secrets: SecretBox
  }
}

/**
 * Credentials of outside systems kept at rest (a dispatcher's passwords, an API key): AES-256-GCM
 * under a key derived (HKDF) from the server's signing secret, so nothing more has to be configured
 * and every process of one deployment (they share XPARK_JWT_SECRET) reads what another wrote. A
 * sealed value is `v1:` + base64url(iv | tag | ciphertext); a value sealed under another secret (or
 * tampered with) opens to null.
 */
export class SecretBox {
  private readonly key: Buffer

  constructor(signingSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', signingSecret, 'xpark', 'secret-box v1', 32))
  }

  seal(plain: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`
  }

  open(sealed: string): string | null {
    if (!sealed.startsWith('v1:')) return null
    const raw = Buffer.from(sealed.slice(3), 'base64url')
    if (raw.length < 28) return null
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12))
      decipher.setAuthTag(raw.subarray(12, 28))
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
    } catch {
      return null
    }
  }
}

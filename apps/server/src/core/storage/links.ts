import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import { API_BASE } from '@xpark/contract'

/** The route every stored object is read back through (modules/resource serves it). */
export const FILE_ROUTE = '/blade-resource/file'

/**
 * Links to stored objects: `/xparkApi/blade-resource/file/<key>?sign=<hmac>`. The signature is an
 * HMAC of the key under a key derived from the token signing secret, so only this server (or its
 * siblings sharing XPARK_JWT_SECRET) can mint a link, and a link works in an `<img src>` without a
 * token. Links do not expire: they are stored in rows (avatars, attachments) like BladeX's.
 */
export class FileLinks {
  private readonly key: Buffer

  constructor(signingSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', signingSecret, 'xpark', 'file-links', 32))
  }

  sign(objectKey: string): string {
    return createHmac('sha256', this.key).update(objectKey).digest('base64url').slice(0, 32)
  }

  verify(objectKey: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(objectKey))
    const given = Buffer.from(signature)
    return given.length === expected.length && timingSafeEqual(given, expected)
  }

  /** the path (under the API base) that serves the object */
  link(objectKey: string): string {
    return `${API_BASE}${FILE_ROUTE}/${objectKey}?sign=${this.sign(objectKey)}`
  }
}

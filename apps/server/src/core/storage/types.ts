import type { Readable } from 'node:stream'

/** What a store says about an object it has just written. */
export interface StoredObject {
  /** where a browser fetches it (the signed xpark route, see links.ts) */
  link: string
  /** the object key (BladeX BladeFile `name`) */
  name: string
  /** bytes written */
  size: number
}

/** An object read back: its bytes as a stream, and its size when the store knows it. */
export interface ObjectBody {
  stream: Readable
  size: number | undefined
}

/**
 * One place objects live: the local disk under the data folder, or an S3-compatible bucket.
 * Keys are made by `newObjectKey` (never taken from a request), so a store may trust them.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3'
  /** where `name` is relative to (BladeX BladeFile `domain`) */
  readonly domain: string
  put(body: Readable | Buffer, key: string, contentType: string): Promise<StoredObject>
  /** the object, or null when there is none */
  get(key: string): Promise<ObjectBody | null>
  /** gone afterwards; removing a missing object is not an error */
  remove(key: string): Promise<void>
  /** a URL that reads the object directly (presigned for S3, the signed route for the disk) */
  url(key: string, expirySeconds?: number): Promise<string>
}

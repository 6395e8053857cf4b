import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, stat, unlink } from 'node:fs/promises'
import { dirname, resolve, sep } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { isObjectKey } from './keys.js'
import type { FileLinks } from './links.js'
import type { ObjectBody, ObjectStore, StoredObject } from './types.js'

/** Counts the bytes that pass (an upload's size is known only at its end). */
export function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length
      done(null, chunk)
    },
  }) as Transform & { bytes: number }
  counter.bytes = 0
  return counter
}

/**
 * Objects as files under `<XPARK_DATA>/files/<key>`. A write goes to a temporary file beside the
 * target and is renamed into place, so a reader never sees half a file and a failed upload leaves
 * nothing behind.
 */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local' as const
  readonly domain: string
  private readonly root: string

  constructor(
    root: string,
    private readonly links: FileLinks,
  ) {
    this.root = resolve(root)
    this.domain = links.link('').replace(/\?.*$/, '').replace(/\/$/, '')
  }

  /** the file of a key; refuses anything that is not a generated key or leaves the root */
  private pathOf(key: string): string {
    const path = resolve(this.root, key)
    if (!isObjectKey(key) || !path.startsWith(this.root + sep)) throw new Error(`not an object key: ${key}`)
    return path
  }

  async put(body: Readable | Buffer, key: string, _contentType: string): Promise<StoredObject> {
    const path = this.pathOf(key)
    await mkdir(dirname(path), { recursive: true })
    const temp = `${path}.${randomBytes(6).toString('hex')}.part`
    const counter = byteCounter()
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, counter, createWriteStream(temp))
      await rename(temp, path)
    } catch (error) {
      await unlink(temp).catch(() => {})
      throw error
    }
    return { link: this.links.link(key), name: key, size: counter.bytes }
  }

  async get(key: string): Promise<ObjectBody | null> {
    const path = this.pathOf(key)
    try {
      const info = await stat(path)
      if (!info.isFile()) return null
      return { stream: createReadStream(path), size: info.size }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
  }

  async remove(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }

  async url(key: string): Promise<string> {
    this.pathOf(key)
    return this.links.link(key)
  }
}

import { Readable } from 'node:stream'
import { setImmediate as turn } from 'node:timers/promises'
import { createInflateRaw } from 'node:zlib'

export { type ZipEntryWriter, ZipWriter, type ZipWriterOptions } from './writer.js'

/**
 * Reading uploaded zips (xlsx workbooks, photo archives) without trusting them. Entries are found
 * through the central directory (random access: no streaming parser guessing where an entry ends),
 * and each one is inflated by Node's zlib stream, whose work runs on the libuv thread pool: the event
 * loop only receives output chunks and turns between them. Output is counted as it arrives and
 * inflation stops at the first limit passed, so a small file that would inflate to gigabytes costs
 * at most the limit's worth of work and never more than a chunk of memory (issue 7: a 1 MB xlsx used
 * to hold the loop for 12 s and grow the process to 2.6 GB). Declared sizes are never believed.
 */

export class ZipDamaged extends Error {
  override name = 'ZipDamaged'
}

/** An entry (or the entries together) inflated past a limit; `limit` is the one passed, in bytes. */
export class ZipTooLarge extends Error {
  override name = 'ZipTooLarge'
  constructor(
    readonly entry: string,
    readonly limit: number,
  ) {
    super(`zip entry ${entry} inflates past ${limit} bytes`)
  }
}

export interface ZipEntry {
  name: string
  /** 0 stored, 8 deflated */
  method: number
  compressedSize: number
  /** as declared: a hint only, never a limit */
  declaredSize: number
  /** offset of the local header */
  offset: number
}

/** What inflation may cost: per entry, and for everything one budget inflates. */
export class InflateBudget {
  private used = 0
  constructor(
    readonly perEntry: number,
    readonly total: number,
  ) {}
  /** count `bytes` more of `entry` (whose running size is `entrySize`); throws past a limit */
  take(entry: string, entrySize: number, bytes: number): void {
    this.used += bytes
    if (entrySize > this.perEntry) throw new ZipTooLarge(entry, this.perEntry)
    if (this.used > this.total) throw new ZipTooLarge(entry, this.total)
  }
}

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]

export function looksLikeZip(bytes: Uint8Array): boolean {
  return ZIP_MAGIC.every((b, i) => bytes[i] === b)
}

/** The entries of a zip, from its central directory. Throws ZipDamaged for anything else. */
export function zipEntries(zip: Uint8Array): ZipEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  const u32 = (at: number) => view.getUint32(at, true)
  const u16 = (at: number) => view.getUint16(at, true)
  let eocd = -1
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--)
    if (u32(i) === EOCD) {
      eocd = i
      break
    }
  if (eocd < 0) throw new ZipDamaged('no end of central directory')
  const count = u16(eocd + 10)
  let at = u32(eocd + 16)
  if (at + u32(eocd + 12) > eocd) throw new ZipDamaged('central directory out of bounds')
  const entries: ZipEntry[] = []
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || u32(at) !== CENTRAL) throw new ZipDamaged('bad central directory entry')
    const flags = u16(at + 8)
    const nameLength = u16(at + 28)
    const next = at + 46 + nameLength + u16(at + 30) + u16(at + 32)
    if (next > eocd) throw new ZipDamaged('central directory entry out of bounds')
    const nameBytes = zip.subarray(at + 46, at + 46 + nameLength)
    const entry: ZipEntry = {
      // bit 11: UTF-8 names; older tools write code page bytes, read as Latin-1 (as fflate did)
      name: Buffer.from(nameBytes).toString(flags & 0x800 ? 'utf8' : 'latin1'),
      method: u16(at + 10),
      compressedSize: u32(at + 20),
      declaredSize: u32(at + 24),
      offset: u32(at + 42),
    }
    // encrypted entries and ZIP64 (sizes past 4 GB) have no place in an upload of a few MB
    if (flags & 0x1) throw new ZipDamaged(`encrypted entry ${entry.name}`)
    if (entry.compressedSize === 0xffffffff || entry.offset === 0xffffffff)
      throw new ZipDamaged(`zip64 entry ${entry.name}`)
    entries.push(entry)
    at = next
  }
  return entries
}

/** The compressed bytes of an entry, located through its local header. */
function entryData(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  if (entry.offset + 30 > zip.length || view.getUint32(entry.offset, true) !== LOCAL)
    throw new ZipDamaged(`bad local header of ${entry.name}`)
  const start =
    entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true)
  const end = start + entry.compressedSize
  if (end > zip.length) throw new ZipDamaged(`data of ${entry.name} out of bounds`)
  return zip.subarray(start, end)
}

/** Compressed input is fed in pieces this big; zlib writes output chunks of OUTPUT_CHUNK. */
const INPUT_PIECE = 16 * 1024
const OUTPUT_CHUNK = 64 * 1024

function* pieces(data: Uint8Array): Generator<Uint8Array> {
  for (let i = 0; i < data.length; i += INPUT_PIECE) yield data.subarray(i, i + INPUT_PIECE)
}

/**
 * The inflated bytes of an entry, chunk by chunk, counted against the budget; the loop turns after
 * every chunk. Stopping early (a consumer that has read enough, or a limit) ends the inflation.
 */
export async function* entryChunks(
  zip: Uint8Array,
  entry: ZipEntry,
  budget: InflateBudget,
): AsyncGenerator<Buffer> {
  const data = entryData(zip, entry)
  if (entry.method === 0) {
    budget.take(entry.name, data.length, data.length)
    yield Buffer.from(data.buffer, data.byteOffset, data.byteLength)
    return
  }
  if (entry.method !== 8) throw new ZipDamaged(`unsupported compression ${entry.method} of ${entry.name}`)
  const inflater = createInflateRaw({ chunkSize: OUTPUT_CHUNK })
  const source = Readable.from(pieces(data), { objectMode: false })
  source.pipe(inflater)
  let size = 0
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      size += chunk.length
      budget.take(entry.name, size, chunk.length)
      yield chunk
      await turn()
    }
  } catch (error) {
    if (error instanceof ZipTooLarge) throw error
    if ((error as { code?: string }).code?.startsWith('Z_'))
      throw new ZipDamaged(`${entry.name}: ${(error as Error).message}`)
    throw error
  } finally {
    source.unpipe(inflater)
    source.destroy()
    inflater.destroy()
  }
}

/** A whole entry in memory (small parts: a workbook's relationships, one photo), within the budget. */
export async function readEntry(zip: Uint8Array, entry: ZipEntry, budget: InflateBudget): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of entryChunks(zip, entry, budget)) chunks.push(chunk)
  return Buffer.concat(chunks)
}

import { once } from 'node:events'
import type { TransformOptions, Writable } from 'node:stream'
import { crc32, createDeflateRaw, deflateRawSync, type ZlibOptions } from 'node:zlib'

/**
 * Writing a zip into a stream as it is produced (an xlsx download): entries one after another, each
 * deflated by Node's zlib, whose work runs on the libuv thread pool while the event loop prepares the
 * next piece. A streamed entry's CRC and sizes are not known when its header goes out, so they follow
 * its data in a data descriptor (general purpose flag bit 3), as every zip reader expects. No ZIP64:
 * an entry or a file past 4 GB is refused (an error, which cuts the download short) rather than
 * written wrong; a spreadsheet that large does not open anyway.
 */

const LOCAL = 0x04034b50
const DESCRIPTOR = 0x08074b50
const CENTRAL = 0x02014b50
const EOCD = 0x06054b50
const MAX_32 = 0xffffffff
/** bit 3: CRC and sizes in the data descriptor after the data */
const FLAG_DESCRIPTOR = 0x0008
/** bit 11: the name is UTF-8 */
const FLAG_UTF8 = 0x0800
const DEFLATED = 8
const VERSION = 20

interface Written {
  name: Buffer
  flags: number
  crc: number
  compressedSize: number
  size: number
  offset: number
}

/** MS-DOS time and date of a moment (local time, 2-second steps), as zip headers hold it. */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    date: (Math.max(at.getFullYear() - 1980, 0) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  }
}

export interface ZipWriterOptions {
  /** deflate level, 0-9 (default 6, zlib's) */
  level?: number
  /** modification time of every entry (default now) */
  time?: Date
}

/** An entry being streamed: write its bytes in order, then `end()` it before the next entry starts. */
export interface ZipEntryWriter {
  /**
   * false when the deflater holds more than its high-water mark: wait for `drain()`. `taken` is
   * called once zlib is done with the bytes (the buffer may then be filled again).
   */
  write(data: string | Buffer, taken?: () => void): boolean
  /** resolves once the deflater has taken what it holds (rejects if the output has gone away) */
  drain(): Promise<void>
  /** finish the entry: the last compressed bytes and the data descriptor are written */
  end(): Promise<void>
  /** give up (the zip will not be finished): zlib's memory is freed now, not at garbage collection */
  abort(): void
}

export class ZipWriter {
  private offset = 0
  private readonly entries: Written[] = []
  private readonly level: number
  private readonly time: number
  private readonly date: number
  private open = false

  constructor(
    private readonly out: Writable,
    options: ZipWriterOptions = {},
  ) {
    this.level = options.level ?? 6
    const { time, date } = dosTime(options.time ?? new Date())
    this.time = time
    this.date = date
  }

  private emit(bytes: Buffer): void {
    this.offset += bytes.length
    this.out.write(bytes)
  }

  /**
   * The fields a local header and a central directory record share, in the same order from `at`:
   * version needed, flags, method, time, date, CRC, both sizes and the name's length.
   */
  private entryFields(header: Buffer, at: number, entry: Written): void {
    header.writeUInt16LE(VERSION, at)
    header.writeUInt16LE(entry.flags, at + 2)
    header.writeUInt16LE(DEFLATED, at + 4)
    header.writeUInt16LE(this.time, at + 6)
    header.writeUInt16LE(this.date, at + 8)
    header.writeUInt32LE(entry.crc, at + 10)
    header.writeUInt32LE(entry.compressedSize, at + 14)
    header.writeUInt32LE(entry.size, at + 18)
    header.writeUInt16LE(entry.name.length, at + 22)
  }

  private localHeader(entry: Written): Buffer {
    const header = Buffer.alloc(30)
    header.writeUInt32LE(LOCAL, 0)
    // with a data descriptor the CRC and sizes are still 0 here; no extra field (28)
    this.entryFields(header, 4, entry)
    return Buffer.concat([header, entry.name])
  }

  private start(name: string, flags: number): Written {
    if (this.open) throw new Error('zip: the previous entry is not ended')
    if (this.offset > MAX_32) throw new Error('zip: past 4 GB (no ZIP64)')
    const bytes = Buffer.from(name, 'utf8')
    const ascii = bytes.length === name.length
    return {
      name: bytes,
      flags: flags | (ascii ? 0 : FLAG_UTF8),
      crc: 0,
      compressedSize: 0,
      size: 0,
      offset: this.offset,
    }
  }

  /** A small entry whose bytes are all here: deflated at once, sizes in its header. */
  add(name: string, data: string | Buffer): void {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
    const compressed = deflateRawSync(bytes, { level: this.level })
    const entry = this.start(name, 0)
    entry.crc = crc32(bytes)
    entry.size = bytes.length
    entry.compressedSize = compressed.length
    this.emit(this.localHeader(entry))
    this.emit(compressed)
    this.entries.push(entry)
  }

  /**
   * A streamed entry. Compressed output goes to the zip's stream as zlib hands it over, so the
   * producer awaits `drain()` (this deflater) and the output stream's own drain between pieces.
   * `highWaterMark`: input bytes the deflater may hold before `write` answers false.
   */
  stream(name: string, highWaterMark = 1024 * 1024): ZipEntryWriter {
    const entry = this.start(name, FLAG_DESCRIPTOR)
    this.emit(this.localHeader(entry))
    this.open = true
    // an output chunk larger than a batch's compressed size: one thread-pool job per write
    // zlib passes stream options (highWaterMark) on to its Transform; its typings do not list them
    const options: ZlibOptions & TransformOptions = {
      level: this.level,
      chunkSize: 256 * 1024,
      highWaterMark,
    }
    const deflater = createDeflateRaw(options)
    deflater.on('data', (chunk: Buffer) => {
      entry.compressedSize += chunk.length
      this.emit(chunk)
    })
    let failed: Error | undefined
    deflater.on('error', (error) => {
      failed = error
    })
    const gone = () => new Error('zip: the output has gone away')
    return {
      write: (data, taken) => {
        if (failed) throw failed
        const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
        entry.crc = crc32(bytes, entry.crc)
        entry.size += bytes.length
        if (entry.size > MAX_32) throw new Error(`zip: entry ${name} past 4 GB (no ZIP64)`)
        // a failed write is reported through 'error' (kept in `failed`); the buffer is not reused then
        return deflater.write(bytes, (error) => {
          if (!error) taken?.()
        })
      },
      drain: async () => {
        if (failed) throw failed
        if (this.out.destroyed) {
          deflater.destroy()
          throw gone()
        }
        if (deflater.writableNeedDrain) await once(deflater, 'drain')
      },
      end: async () => {
        const ended = once(deflater, 'end')
        deflater.end()
        try {
          await ended
        } finally {
          deflater.destroy()
        }
        if (failed) throw failed
        if (entry.compressedSize > MAX_32) throw new Error(`zip: entry ${name} past 4 GB (no ZIP64)`)
        const descriptor = Buffer.alloc(16)
        descriptor.writeUInt32LE(DESCRIPTOR, 0)
        descriptor.writeUInt32LE(entry.crc, 4)
        descriptor.writeUInt32LE(entry.compressedSize, 8)
        descriptor.writeUInt32LE(entry.size, 12)
        this.emit(descriptor)
        this.entries.push(entry)
        this.open = false
      },
      abort: () => deflater.destroy(),
    }
  }

  /** The central directory and its end record; then the stream is ended. */
  finish(): void {
    if (this.open) throw new Error('zip: an entry is not ended')
    const start = this.offset
    for (const e of this.entries) {
      const header = Buffer.alloc(46)
      header.writeUInt32LE(CENTRAL, 0)
      header.writeUInt16LE(VERSION, 4) // made by
      this.entryFields(header, 6, e)
      // extra, comment, disk, internal and external attributes: 0
      header.writeUInt32LE(e.offset, 42)
      this.emit(Buffer.concat([header, e.name]))
    }
    const size = this.offset - start
    if (this.offset > MAX_32 || this.entries.length > 0xffff) throw new Error('zip: past 4 GB (no ZIP64)')
    const end = Buffer.alloc(22)
    end.writeUInt32LE(EOCD, 0)
    end.writeUInt16LE(this.entries.length, 8)
    end.writeUInt16LE(this.entries.length, 10)
    end.writeUInt32LE(size, 12)
    end.writeUInt32LE(start, 16)
    this.emit(end)
    this.out.end()
  }
}

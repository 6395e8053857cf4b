import { PassThrough, Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import type ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'
import { InflateBudget, readEntry, type ZipEntryWriter, ZipWriter, zipEntries } from '../zip/index.js'
import {
  COLUMN_WIDTH,
  contentDisposition,
  type ExcelColumn,
  loadExcelJs,
  safeTitle,
  timestampTitle,
  XLSX_TYPE,
} from './sheet.js'
import { RowsXml } from './sheet-xml.js'

/**
 * Streaming xlsx export: rows arrive in batches (keyset pages from the database, see rows.ts), each
 * row is rendered to sheet XML at once (sheet-xml.ts) and deflated into the reply by core/zip's
 * writer, so 100,000 rows cost the memory of one batch, not of the file. exceljs writes everything
 * else (styles, theme, layout, header row): it stays the one definition of the house layout, while
 * its per-cell models and XML stream, most of an export's time, are left out (issue 13).
 */

export interface ExportOptions<T> {
  /** file and sheet name; default the current timestamp (sheet.ts) */
  title?: string
  columns: readonly ExcelColumn<T>[]
  /** batches of rows, read lazily: the next batch is fetched once the previous one is on its way */
  batches: AsyncIterable<readonly T[]>
}

/** Resolves when the stream may take more (or rejects once the client has gone away). */
function drained(out: Writable): Promise<void> {
  if (out.destroyed) return Promise.reject(new Error('export: the client went away'))
  if (!out.writableNeedDrain) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const done = () => {
      out.off('close', gone)
      resolve()
    }
    const gone = () => {
      out.off('drain', done)
      reject(new Error('export: the client went away'))
    }
    out.once('drain', done)
    out.once('close', gone)
  })
}

/** The reply's stream, counting what passes (to see whether the zip is still producing). */
class Counted extends PassThrough {
  bytes = 0
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (e: null, c: Buffer) => void) {
    this.bytes += chunk.length
    done(null, chunk)
  }
}

// a turn of the loop that lets I/O (zlib's and the socket's callbacks) run, without a timer's minimum wait
const tick = () => new Promise((resolve) => setImmediate(resolve))

/**
 * Let the zip and the socket catch up after a batch. PGlite answers queries without yielding to the
 * event loop, so without this zlib's callbacks would wait until the last row: the whole file in
 * memory, first byte at the end. Turns of the loop go on while bytes keep coming out (bounded).
 */
async function catchUp(out: Writable): Promise<void> {
  const counted = out instanceof Counted ? out : null
  for (let turn = 0; turn < 200; turn++) {
    const before = counted?.bytes ?? 0
    await tick()
    await drained(out)
    if (!counted || counted.bytes === before) return
  }
}

/** A sheet with the house layout: frozen first column, every column 165 px, bold header row. */
export function addSheet<T>(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: readonly ExcelColumn<T>[],
): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', xSplit: 1 }] })
  sheet.columns = columns.map((c) => ({ key: c.key, width: COLUMN_WIDTH }))
  const header = sheet.addRow(columns.map((c) => c.header))
  header.font = { bold: true }
  header.commit()
  return sheet
}

/** The sheet entry exceljs writes for the first (only) worksheet. */
const SHEET_PART = 'xl/worksheets/sheet1.xml'
const SHEET_DATA_END = '</sheetData>'

/** Every part of a workbook but its data rows: exceljs's own, with the house layout and header. */
interface Skeleton {
  parts: { name: string; data: Buffer }[]
  /** the sheet XML up to and including the header row, and from `</sheetData>` to its end */
  head: string
  tail: string
}

/**
 * exceljs writes the workbook with the header row only (into memory, a few KB): styles, theme, the
 * frozen column, widths and the bold header stay exactly what `addSheet` declares, and the data rows
 * are then spliced into its sheet XML by `RowsXml`.
 */
async function skeleton<T>(sheetName: string, columns: readonly ExcelColumn<T>[]): Promise<Skeleton> {
  const chunks: Buffer[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk)
      done()
    },
  })
  const { stream } = await loadExcelJs()
  const workbook = new stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  })
  addSheet(workbook, sheetName, columns).commit()
  await workbook.commit()
  const zip = Buffer.concat(chunks)
  // exceljs's own output, a few KB: the limits only satisfy the reader's interface
  const budget = new InflateBudget(64 * 1024 * 1024, 64 * 1024 * 1024)
  const parts: Skeleton['parts'] = []
  let sheet: string | undefined
  for (const entry of zipEntries(zip)) {
    const data = await readEntry(zip, entry, budget)
    if (entry.name === SHEET_PART) sheet = data.toString('utf8')
    else parts.push({ name: entry.name, data })
  }
  const split = sheet?.lastIndexOf(SHEET_DATA_END) ?? -1
  if (!sheet || split < 0) throw new Error(`export: exceljs wrote no ${SHEET_PART} with ${SHEET_DATA_END}`)
  return { parts, head: sheet.slice(0, split), tail: sheet.slice(split) }
}

/** Bytes of sheet XML the writer hands to the deflater at a time. */
const PIECE = 256 * 1024

/**
 * Sheet XML encoded as it is made: each row's text goes straight into a buffer (no joined string to
 * flatten and encode again), handed to the deflater once it holds a piece's worth. A handed buffer
 * belongs to zlib until it is compressed, then comes back to be filled again (fresh 512 KB buffers
 * for every piece cost more in allocation and page faults than the copy they save).
 */
class Pieces {
  private readonly free: Buffer[] = []
  private buffer: Buffer = Buffer.allocUnsafe(2 * PIECE)
  private used = 0
  constructor(private readonly sheet: ZipEntryWriter) {}

  add(text: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit
    if (this.used + text.length * 3 > this.buffer.length) {
      this.flush()
      if (text.length * 3 > this.buffer.length) {
        this.sheet.write(text)
        return
      }
    }
    this.used += this.buffer.write(text, this.used)
    if (this.used >= PIECE) this.flush()
  }

  flush(): void {
    if (!this.used) return
    const full = this.buffer
    this.sheet.write(full.subarray(0, this.used), () => this.free.push(full))
    this.buffer = this.free.pop() ?? Buffer.allocUnsafe(2 * PIECE)
    this.used = 0
  }
}

/**
 * Write one workbook into `out`; resolves when the last byte is handed to it. Rows are rendered to
 * sheet XML directly (`sheet-xml.ts`, the XML exceljs writes for the same cells) and deflated on
 * zlib's thread while the next batch is read; the rest of the workbook is exceljs's (`skeleton`).
 */
export async function writeWorkbook<T>(out: Writable, options: ExportOptions<T>): Promise<void> {
  const { sheet: sheetName } = safeTitle(options.title)
  const { parts, head, tail } = await skeleton(sheetName, options.columns)
  // deflate's fastest level: the file is ~20% larger, written in a fraction of the time (issue 13)
  const zip = new ZipWriter(out, { level: 1 })
  for (const part of parts) zip.add(part.name, part.data)
  // the sheet last: a streaming reader meets the workbook, its relationships and styles first
  const sheet = zip.stream(SHEET_PART, 4 * PIECE)
  try {
    const pieces = new Pieces(sheet)
    pieces.add(head)
    const rows = new RowsXml(options.columns, 2)
    for await (const batch of options.batches) {
      for (const row of batch) pieces.add(rows.next(row))
      pieces.flush()
      // back-pressure: do not read the next batch while the client has not taken this one
      await sheet.drain()
      await drained(out)
      await catchUp(out)
    }
    pieces.add(tail)
    pieces.flush()
    await sheet.end()
  } catch (error) {
    sheet.abort()
    throw error
  }
  zip.finish()
  await finished(out, { readable: false })
}

/**
 * Send an xlsx download. The headers go out with the first bytes; a failure after that can only cut
 * the download short (logged), so callers check their parameters before calling.
 */
export function sendWorkbook<T>(reply: FastifyReply, options: ExportOptions<T>): FastifyReply {
  // the title once: a default one is the time, and the file and its sheet must carry the same second
  const title = options.title ?? timestampTitle()
  const { file } = safeTitle(title)
  const out = new Counted()
  writeWorkbook(out, { ...options, title }).catch((err: unknown) => {
    reply.log.error({ err }, 'excel export failed')
    out.destroy(err instanceof Error ? err : new Error(String(err)))
  })
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition(`${file}.xlsx`))
    .header('cache-control', 'no-store')
    .send(out)
}

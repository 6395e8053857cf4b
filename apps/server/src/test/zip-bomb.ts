import { constants, crc32, deflateRawSync } from 'node:zlib'

/**
 * Decompression bombs for tests, built without ever holding the inflated bytes: a block compressed
 * on its own with a sync flush (no final bit) only refers back into itself, so the same block may be
 * repeated any number of times in one deflate stream. 1 MiB of a repeated text compresses to about
 * 1 KB: a 1 MB upload then inflates to about 1 GB.
 */

export interface RawEntry {
  name: string
  /** the bytes as stored in the zip (deflated unless `method` is 0) */
  data: Uint8Array
  method: 0 | 8
  /** the true inflated size and its CRC-32 */
  size: number
  crc: number
}

const block = (bytes: Buffer) => deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH })
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00])

/**
 * An entry inflating to `prefix`, then `unit` repeated in 1 MiB blocks until about `inflatedBytes`,
 * then `suffix`. `unit` should divide 1 MiB (repetition keeps its phase).
 */
export function bombEntry(
  name: string,
  {
    prefix = '',
    unit,
    suffix = '',
    inflatedBytes,
  }: { prefix?: string; unit: string; suffix?: string; inflatedBytes: number },
): RawEntry {
  const unitBytes = Buffer.from(unit)
  const perBlock = Math.floor((1024 * 1024) / unitBytes.length)
  const middle = Buffer.concat(Array.from({ length: perBlock }, () => unitBytes))
  const blocks = Math.max(1, Math.round(inflatedBytes / middle.length))
  const head = Buffer.from(prefix)
  const tail = Buffer.from(suffix)
  const middleBlock = block(middle)
  let crc = crc32(head)
  for (let i = 0; i < blocks; i++) crc = crc32(middle, crc)
  crc = crc32(tail, crc)
  const data = Buffer.concat([
    ...(head.length ? [block(head)] : []),
    ...Array.from({ length: blocks }, () => middleBlock),
    ...(tail.length ? [block(tail)] : []),
    FINAL_EMPTY_BLOCK,
  ])
  return { name, data, method: 8, size: head.length + blocks * middle.length + tail.length, crc }
}

/** An ordinary entry (deflated). */
export function plainEntry(name: string, content: Uint8Array | string): RawEntry {
  const bytes = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content)
  return { name, data: deflateRawSync(bytes), method: 8, size: bytes.length, crc: crc32(bytes) }
}

/**
 * A zip of these entries (local headers, data, central directory). `declare` may lie about an
 * entry's inflated size in both headers, as a hostile file does.
 */
export function zipOf(entries: RawEntry[], declare: (entry: RawEntry) => number = (e) => e.size): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const name = Buffer.from(e.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x800, 6)
    local.writeUInt16LE(e.method, 8)
    local.writeUInt32LE(e.crc >>> 0, 14)
    local.writeUInt32LE(e.data.length, 18)
    local.writeUInt32LE(declare(e) >>> 0, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x800, 8)
    central.writeUInt16LE(e.method, 10)
    central.writeUInt32LE(e.crc >>> 0, 16)
    central.writeUInt32LE(e.data.length, 20)
    central.writeUInt32LE(declare(e) >>> 0, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, Buffer.from(e.data))
    centrals.push(central, name)
    offset += local.length + name.length + e.data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'

/** The parts of a minimal xlsx around a given sheet and shared strings part. */
export function xlsxEntries(sheet: RawEntry, sharedStrings?: RawEntry): RawEntry[] {
  return [
    plainEntry(
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${sharedStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}</Types>`,
    ),
    plainEntry(
      '_rels/.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    plainEntry(
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="用户" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    plainEntry(
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${sharedStrings ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
    ),
    ...(sharedStrings ? [{ ...sharedStrings, name: 'xl/sharedStrings.xml' }] : []),
    { ...sheet, name: 'xl/worksheets/sheet1.xml' },
  ]
}

/** The opening and closing of a worksheet, for bombs that repeat rows in between. */
export const SHEET_OPEN = `${XML}<worksheet xmlns="${NS}"><sheetData>`
export const SHEET_CLOSE = '</sheetData></worksheet>'
export const SST_OPEN = `${XML}<sst xmlns="${NS}">`
export const SST_CLOSE = '</sst>'

import { posix } from 'node:path'
import { StringDecoder } from 'node:string_decoder'
import { SaxesParser, type SaxesTagPlain } from 'saxes'
import { entryChunks, type InflateBudget, readEntry, type ZipEntry, zipEntries } from '../zip/index.js'

/**
 * The first worksheet of an xlsx, row by row, read straight from the zip (core/zip) with a SAX
 * parser: what it costs is bounded by the inflate budget, the sheet is never held whole, and the
 * event loop turns between chunks. It replaces exceljs's streaming reader for imports, whose unzip
 * stream guessed where entries end and now and then read a valid small workbook as "not an xlsx".
 * Cells come out as a person reads them: shared and inline strings, numbers as written, booleans as
 * `true`/`false`, a formula's cached result; dates stay serial numbers (styles are not read).
 */

export class NotWorkbook extends Error {
  override name = 'NotWorkbook'
}

/** Excel's own limit on a cell's text: a longer one is no spreadsheet a person filled in. */
export const MAX_CELL_TEXT = 32_767

export class CellTooLong extends Error {
  override name = 'CellTooLong'
}

type Tag = { name: string; attributes: Record<string, string> }
type XmlEvent = { open: Tag } | { text: string } | { close: string }

const local = (name: string) => name.slice(name.indexOf(':') + 1)

/** Parse one XML entry chunk by chunk; each chunk's events are handed over together. */
async function* xmlEvents(chunks: AsyncIterable<Buffer>): AsyncGenerator<XmlEvent[]> {
  const parser = new SaxesParser()
  const decoder = new StringDecoder('utf8')
  let events: XmlEvent[] = []
  let failure: Error | null = null
  parser.on('opentag', (tag: SaxesTagPlain) =>
    events.push({ open: { name: local(tag.name), attributes: tag.attributes } }),
  )
  parser.on('text', (text) => events.push({ text }))
  parser.on('cdata', (text) => events.push({ text }))
  parser.on('closetag', (tag) => events.push({ close: local(tag.name) }))
  parser.on('error', (error) => {
    failure ??= error
  })
  const flush = () => {
    if (failure) throw new NotWorkbook(failure.message)
    const out = events
    events = []
    return out
  }
  for await (const chunk of chunks) {
    parser.write(decoder.write(chunk))
    yield flush()
  }
  parser.write(decoder.end())
  parser.close()
  yield flush()
}

/** `Target` of a relationship, as a path inside the zip (relative to the part's folder). */
function resolveTarget(from: string, target: string): string {
  return target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(posix.dirname(from), target))
}

/** Relationships of a part: id → {type, path}. */
async function relationships(
  zip: Uint8Array,
  entries: Map<string, ZipEntry>,
  budget: InflateBudget,
  part: string,
): Promise<Map<string, { type: string; path: string }>> {
  const relsPath = posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`)
  const entry = entries.get(relsPath)
  const out = new Map<string, { type: string; path: string }>()
  if (!entry) return out
  for await (const events of xmlEvents(oneChunk(await readEntry(zip, entry, budget))))
    for (const e of events)
      if ('open' in e && e.open.name === 'Relationship') {
        const { Id, Type, Target } = e.open.attributes
        if (Id && Target) out.set(Id, { type: Type ?? '', path: resolveTarget(part, Target) })
      }
  return out
}

async function* oneChunk(buffer: Buffer): AsyncGenerator<Buffer> {
  yield buffer
}

/** Column number of a cell reference (`B7` → 2). */
function columnOf(ref: string): number {
  let n = 0
  for (const ch of ref) {
    const code = ch.charCodeAt(0)
    if (code < 65 || code > 90) break
    n = n * 26 + code - 64
  }
  return n
}

/** The strings of `<si>` items (rich-text runs joined, phonetic runs left out). */
async function sharedStrings(chunks: AsyncIterable<Buffer>): Promise<string[]> {
  const strings: string[] = []
  let current: string | null = null
  let inText = false
  let phonetic = 0
  for await (const events of xmlEvents(chunks))
    for (const e of events) {
      if ('open' in e) {
        if (e.open.name === 'si') current = ''
        else if (e.open.name === 'rPh') phonetic++
        else if (e.open.name === 't') inText = phonetic === 0
      } else if ('close' in e) {
        if (e.close === 'si') {
          strings.push(current ?? '')
          current = null
        } else if (e.close === 'rPh') phonetic--
        else if (e.close === 't') inText = false
      } else if (inText && current !== null) {
        current += e.text
        if (current.length > MAX_CELL_TEXT) throw new CellTooLong()
      }
    }
  return strings
}

function cellText(type: string | undefined, value: string, shared: readonly string[]): string {
  switch (type) {
    case 's':
      return (shared[Number(value)] ?? '').trim()
    case 'b':
      return value === '1' ? 'true' : value === '0' ? 'false' : value
    case 'inlineStr':
    case 'str':
    case 'e':
    case 'd':
      return value.trim()
    default: {
      const text = value.trim()
      const n = Number(text)
      return text !== '' && Number.isFinite(n) ? String(n) : text
    }
  }
}

/** The first sheet's rows: [row number, cell texts indexed by column number (A = 1)]. */
export async function* firstSheetRows(
  zip: Uint8Array,
  budget: InflateBudget,
): AsyncGenerator<[number, string[]]> {
  let list: ZipEntry[]
  try {
    list = zipEntries(zip)
  } catch (error) {
    throw new NotWorkbook((error as Error).message)
  }
  const entries = new Map(list.map((e) => [e.name, e]))
  const root = await relationships(zip, entries, budget, '')
  const workbookPath =
    [...root.values()].find((r) => r.type.endsWith('/officeDocument'))?.path ?? 'xl/workbook.xml'
  const workbook = entries.get(workbookPath)
  if (!workbook) throw new NotWorkbook('no workbook part')
  let firstSheetId: string | undefined
  for await (const events of xmlEvents(oneChunk(await readEntry(zip, workbook, budget))))
    for (const e of events)
      if (firstSheetId === undefined && 'open' in e && e.open.name === 'sheet')
        firstSheetId = Object.entries(e.open.attributes).find(([k]) => /(^|:)id$/.test(k))?.[1] ?? ''
  const rels = await relationships(zip, entries, budget, workbookPath)
  const sheetPath = firstSheetId ? rels.get(firstSheetId)?.path : undefined
  const sheet = sheetPath ? entries.get(sheetPath) : undefined
  if (!sheet) throw new NotWorkbook('no worksheet')
  const stringsPath =
    [...rels.values()].find((r) => r.type.endsWith('/sharedStrings'))?.path ??
    posix.join(posix.dirname(workbookPath), 'sharedStrings.xml')
  const stringsEntry = entries.get(stringsPath)
  const shared = stringsEntry ? await sharedStrings(entryChunks(zip, stringsEntry, budget)) : []

  let rowNumber = 0
  let cells: string[] = []
  let column = 0
  let type: string | undefined
  let value = ''
  let inValue = false
  let inInline = false
  let inText = false
  for await (const events of xmlEvents(entryChunks(zip, sheet, budget))) {
    for (const e of events) {
      if ('open' in e) {
        const { name, attributes } = e.open
        if (name === 'row') {
          rowNumber = attributes.r ? Number(attributes.r) : rowNumber + 1
          cells = []
          column = 0
        } else if (name === 'c') {
          column = attributes.r ? columnOf(attributes.r) : column + 1
          type = attributes.t
          value = ''
        } else if (name === 'v') inValue = true
        else if (name === 'is') inInline = true
        else if (name === 't') inText = inInline
        else if (name === 'rPh') inText = false
      } else if ('close' in e) {
        if (e.close === 'v') inValue = false
        else if (e.close === 'is') inInline = false
        else if (e.close === 't') inText = false
        else if (e.close === 'c') cells[column] = cellText(type, value, shared)
        else if (e.close === 'row') yield [rowNumber, Array.from(cells, (c) => c ?? '')]
      } else if (inValue || inText) {
        value += e.text
        if (value.length > MAX_CELL_TEXT) throw new CellTooLong()
      }
    }
  }
}

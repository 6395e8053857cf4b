import { PassThrough } from 'node:stream'
import { crc32 } from 'node:zlib'
import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { InflateBudget, readEntry, ZipWriter, zipEntries } from './index.js'

const MB = 1024 * 1024

/** name → CRC-32 as the central directory records it (what `unzip -t` checks the data against). */
function centralCrcs(zip: Buffer): Map<string, number> {
  const crcs = new Map<string, number>()
  for (let at = zip.indexOf(CENTRAL); at >= 0; at = zip.indexOf(CENTRAL, at + 46)) {
    const nameLength = zip.readUInt16LE(at + 28)
    crcs.set(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'), zip.readUInt32LE(at + 16))
  }
  return crcs
}
const CENTRAL = Buffer.from([0x50, 0x4b, 0x01, 0x02])

/** Everything a writer puts into its stream, once the stream has ended. */
async function written(work: (zip: ZipWriter) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on('data', (c: Buffer) => chunks.push(c))
  const ended = new Promise((resolve) => out.on('end', resolve))
  await work(new ZipWriter(out, { level: 1 }))
  await ended
  return Buffer.concat(chunks)
}

describe('zip writing (core/zip ZipWriter: entries deflated as they stream)', () => {
  it('writes whole and streamed entries that other readers and ours read back byte for byte', async () => {
    const streamedParts = Array.from(
      { length: 40 },
      (_, i) => `<row r="${i}">行 ${i} ${'x'.repeat(i * 997)}</row>`,
    )
    const taken: number[] = []
    const zip = await written(async (zip) => {
      zip.add('[Content_Types].xml', '<Types/>')
      zip.add('docs/说明.txt', Buffer.from('中文名'))
      const entry = zip.stream('xl/worksheets/sheet1.xml', 64 * 1024)
      for (const [i, part] of streamedParts.entries()) {
        if (!entry.write(Buffer.from(part), () => taken.push(i))) await entry.drain()
      }
      await entry.end()
      zip.add('after.xml', '')
      zip.finish()
    })
    const expected = streamedParts.join('')
    const other = unzipSync(zip)
    expect(Object.keys(other)).toEqual([
      '[Content_Types].xml',
      'docs/说明.txt',
      'xl/worksheets/sheet1.xml',
      'after.xml',
    ])
    expect(Buffer.from(other['xl/worksheets/sheet1.xml']!).toString()).toBe(expected)
    expect(Buffer.from(other['docs/说明.txt']!).toString()).toBe('中文名')
    expect(other['after.xml']!.length).toBe(0)
    // ours goes through the central directory (sizes and CRC there, from the data descriptor)
    const entries = zipEntries(zip)
    const sheet = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!
    expect(sheet.declaredSize).toBe(Buffer.byteLength(expected))
    expect((await readEntry(zip, sheet, new InflateBudget(16 * MB, 16 * MB))).toString()).toBe(expected)
    const crcs = centralCrcs(zip)
    expect(crcs.get('xl/worksheets/sheet1.xml')).toBe(crc32(expected))
    expect(crcs.get('docs/说明.txt')).toBe(crc32('中文名'))
    // every buffer was handed back once zlib had it, in order
    expect(taken).toEqual(streamedParts.map((_, i) => i))
  })

  it('refuses a second entry while one streams, and finishing with one open', async () => {
    await written(async (zip) => {
      const entry = zip.stream('a.xml')
      expect(() => zip.add('b.xml', 'x')).toThrow(/not ended/)
      expect(() => zip.finish()).toThrow(/not ended/)
      entry.write('a')
      await entry.end()
      zip.finish()
    })
  })

  it('stops when the output has gone away', async () => {
    const out = new PassThrough()
    const zip = new ZipWriter(out)
    const entry = zip.stream('a.xml')
    entry.write('a')
    out.destroy()
    await expect(entry.drain()).rejects.toThrow(/gone away/)
  })
})

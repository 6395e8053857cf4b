import { zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { assertInflatesWithin } from './zip-guard.js'

const limits = { entry: 1024 * 1024, total: 2 * 1024 * 1024 }
const zeros = (bytes: number) => new Uint8Array(bytes)

describe('zip guard (decompression bombs in uploaded workbooks)', () => {
  it('lets a zip within the limits through', () => {
    const zip = zipSync({
      'xl/sharedStrings.xml': zeros(512 * 1024),
      'xl/worksheets/sheet1.xml': zeros(512 * 1024),
    })
    expect(() => assertInflatesWithin(zip, limits)).not.toThrow()
  })

  it('refuses a small file whose one part inflates past the entry limit', () => {
    const zip = zipSync({ 'xl/sharedStrings.xml': zeros(8 * 1024 * 1024) }, { level: 9 })
    expect(zip.length).toBeLessThan(64 * 1024)
    expect(() => assertInflatesWithin(zip, limits)).toThrow(
      '文件解压后过大 (单个部分不能超过 1 MB), 请拆分后导入',
    )
  })

  it('refuses parts that pass the total together', () => {
    const zip = zipSync(
      Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`xl/part${i}.xml`, zeros(900 * 1024)])),
      { level: 9 },
    )
    expect(() => assertInflatesWithin(zip, limits)).toThrow('文件解压后过大')
  })

  it('counts the real bytes, not the sizes the zip declares', () => {
    const zip = zipSync({ 'xl/sharedStrings.xml': zeros(4 * 1024 * 1024) }, { level: 9 })
    // lie in the central directory and the local header: declare 10 bytes
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
    view.setUint32(22, 10, true)
    for (let i = zip.length - 22; i >= 0; i--)
      if (view.getUint32(i, true) === 0x02014b50) {
        view.setUint32(i + 24, 10, true)
        break
      }
    expect(() => assertInflatesWithin(zip, limits)).toThrow('文件解压后过大')
  })
})

import { zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { bombEntry, plainEntry, zipOf } from '../../test/zip-bomb.js'
import { entryChunks, InflateBudget, readEntry, ZipDamaged, ZipTooLarge, zipEntries } from './index.js'

const MB = 1024 * 1024
const limits = () => new InflateBudget(1 * MB, 2 * MB)

/** Runs `work` and reports the longest the event loop went without turning (ms). */
async function longestStall<T>(
  work: () => Promise<T>,
): Promise<{ result: T | Error; stall: number; ms: number }> {
  let last = performance.now()
  let stall = 0
  const timer = setInterval(() => {
    const now = performance.now()
    stall = Math.max(stall, now - last)
    last = now
  }, 2)
  const started = performance.now()
  let result: T | Error
  try {
    result = await work()
  } catch (error) {
    result = error as Error
  }
  clearInterval(timer)
  return { result, stall, ms: performance.now() - started }
}

describe('zip reading (core/zip: uploads never inflate past a limit, never hold the loop)', () => {
  it('reads the entries of an ordinary zip through its central directory', async () => {
    const zip = zipSync({ 'a.txt': new TextEncoder().encode('hello'), 'dir/b.xml': new Uint8Array(300_000) })
    const entries = zipEntries(zip)
    expect(entries.map((e) => e.name)).toEqual(['a.txt', 'dir/b.xml'])
    const budget = limits()
    expect((await readEntry(zip, entries[0]!, budget)).toString()).toBe('hello')
    expect((await readEntry(zip, entries[1]!, budget)).length).toBe(300_000)
  })

  it('stops a 1 MB entry that inflates to 1 GB at the limit: little time, little memory, the loop turning', async () => {
    const bomb = bombEntry('xl/sharedStrings.xml', {
      prefix: '<sst><si><t>',
      unit: 'x',
      suffix: '</t></si></sst>',
      inflatedBytes: 1024 * MB,
    })
    const zip = zipOf([bomb])
    expect(zip.length).toBeLessThan(1.2 * MB)
    expect(bomb.size).toBeGreaterThan(1000 * MB)
    const heap = process.memoryUsage().arrayBuffers
    const { result, stall, ms } = await longestStall(() => readEntry(zip, zipEntries(zip)[0]!, limits()))
    const grown = (process.memoryUsage().arrayBuffers - heap) / MB
    console.log(
      `1 GB bomb refused after ${ms.toFixed(0)} ms, longest loop stall ${stall.toFixed(1)} ms, buffers +${grown.toFixed(1)} MB`,
    )
    expect(result).toBeInstanceOf(ZipTooLarge)
    expect(result).toMatchObject({ limit: MB })
    expect(ms).toBeLessThan(2000)
    // a quiet machine stalls a few ms; 500 leaves room for a loaded one's scheduling (148 ms seen at load
    // 13 on 2 cores), while a read that held the loop to the limit would still fail it
    expect(stall).toBeLessThan(500)
  })

  it('holds the parts together to the total, and counts real bytes whatever the zip declares', async () => {
    const parts = Array.from({ length: 3 }, (_, i) => plainEntry(`p${i}.xml`, new Uint8Array(900 * 1024)))
    const zip = zipOf(parts, () => 10)
    const budget = limits()
    const entries = zipEntries(zip)
    expect(entries.map((e) => e.declaredSize)).toEqual([10, 10, 10])
    await readEntry(zip, entries[0]!, budget)
    await readEntry(zip, entries[1]!, budget)
    await expect(readEntry(zip, entries[2]!, budget)).rejects.toMatchObject({ limit: 2 * MB })
    const lying = zipOf([bombEntry('x', { unit: 'ab', inflatedBytes: 8 * MB })], () => 10)
    await expect(readEntry(lying, zipEntries(lying)[0]!, limits())).rejects.toBeInstanceOf(ZipTooLarge)
  })

  it('a reader that stops early stops the inflation', async () => {
    const zip = zipOf([bombEntry('big', { unit: 'ab', inflatedBytes: 512 * MB })])
    const budget = new InflateBudget(1024 * MB, 1024 * MB)
    const started = performance.now()
    for await (const chunk of entryChunks(zip, zipEntries(zip)[0]!, budget)) {
      expect(chunk.length).toBeGreaterThan(0)
      break
    }
    expect(performance.now() - started).toBeLessThan(500)
  })

  it('refuses what is not a readable zip', async () => {
    expect(() => zipEntries(Buffer.from('account,name\nzhang,张三\n'))).toThrow(ZipDamaged)
    const zip = zipOf([plainEntry('a.txt', 'hello world hello world')])
    const cut = zip.subarray(0, 40)
    expect(() => zipEntries(cut)).toThrow(ZipDamaged)
    // garbage where the deflated bytes should be
    const broken = Buffer.from(zip)
    broken.fill(0xff, 30 + 5, 30 + 5 + 8)
    await expect(readEntry(broken, zipEntries(broken)[0]!, limits())).rejects.toBeInstanceOf(ZipDamaged)
  })
})

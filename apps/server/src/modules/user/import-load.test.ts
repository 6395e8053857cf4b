import { monitorEventLoopDelay } from 'node:perf_hooks'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { multipartBody } from '../../test/multipart.js'
import {
  bombEntry,
  plainEntry,
  SHEET_CLOSE,
  SHEET_OPEN,
  SST_CLOSE,
  SST_OPEN,
  xlsxEntries,
  zipOf,
} from '../../test/zip-bomb.js'
import { user } from '../identity/index.js'

/**
 * Issue 7, finding 2: one upload must not freeze every tenant. While a large legitimate import
 * (10,000 users), an xlsx whose shared strings inflate to 1 GB and a photo zip whose one image
 * inflates to 1 GB run at once, `/health` keeps answering: its latency is measured throughout.
 */

const GB = 1024 * 1024 * 1024
const HEADERS = [
  '登录账号',
  '用户昵称',
  '用户姓名',
  '电子邮箱',
  '手机号码',
  '用户性别',
  '所属角色',
  '所属部门',
  '所属岗位',
]

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

describe('uploads never stall the server (zip bombs, large imports)', () => {
  let t: TestContext
  let park: Headers

  beforeAll(async () => {
    t = await startTestApp()
    park = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    // room for the 10,000 users of the legitimate import
    await t.database.db.execute('update blade_tenant set account_number = -1')
  })
  afterAll(() => t.close())

  it('/health answers within bounds while a 10,000-row import, an xlsx bomb and a photo bomb run', {
    timeout: 240_000,
  }, async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('用户')
    sheet.addRow(HEADERS)
    for (let i = 0; i < 10_000; i++)
      sheet.addRow([
        `load${String(i).padStart(5, '0')}`,
        '',
        `用户${i}`,
        '',
        '',
        '',
        '园区职员',
        '示范园区',
        '',
      ])
    const legit = Buffer.from(await workbook.xlsx.writeBuffer())

    const strings = bombEntry('sst', {
      prefix: `${SST_OPEN}<si><t>`,
      unit: 'x',
      suffix: `</t></si>${SST_CLOSE}`,
      inflatedBytes: GB,
    })
    const xlsxBomb = zipOf(
      xlsxEntries(
        plainEntry('sheet', `${SHEET_OPEN}<row r="1"><c t="s"><v>0</v></c></row>${SHEET_CLOSE}`),
        strings,
      ),
    )
    // a PNG header, then zeros to 1 GB; the zip says 100 bytes
    const image = bombEntry('admin.png', {
      prefix: '\x89PNG\r\n\x1a\n',
      unit: '\0',
      inflatedBytes: GB,
    })
    const photoBomb = zipOf([image], () => 100)
    console.log(
      `files: legit ${(legit.length / 1024).toFixed(0)} KB, xlsx bomb ${(xlsxBomb.length / 1024).toFixed(0)} KB → ${(strings.size / GB).toFixed(2)} GB, photo bomb ${(photoBomb.length / 1024).toFixed(0)} KB → ${(image.size / GB).toFixed(2)} GB`,
    )

    const post = (url: string, name: string, content: Buffer, query: Record<string, string> = {}) => {
      const body = multipartBody([{ name, content }])
      return t.app.inject({
        method: 'POST',
        url: `/xparkApi/blade-user/${url}`,
        query,
        headers: { ...park, ...body.headers },
        payload: body.payload,
      })
    }

    // a client asks every 10 ms: its wait counts from when it meant to ask, so a stalled event loop
    // (the timer firing late) counts as much as a slow answer
    const probe = (latencies: number[], running: () => boolean) =>
      (async () => {
        while (running()) {
          const due = performance.now() + 10
          await new Promise((resolve) => setTimeout(resolve, 10))
          const res = await t.app.inject({ method: 'GET', url: '/xparkApi/health' })
          latencies.push(performance.now() - due)
          expect(res.statusCode).toBe(200)
        }
      })()
    // the same client on the idle server first: this machine's own noise (other work shares its cores)
    const quiet: number[] = []
    await probe(quiet, () => quiet.length < 100)
    const latencies: number[] = []
    let running = true
    const probing = probe(latencies, () => running)
    const loop = monitorEventLoopDelay({ resolution: 10 })
    loop.enable()
    const rssBefore = process.memoryUsage().rss
    let rssPeak = rssBefore
    const memory = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
    }, 20)
    const started = performance.now()
    const [imported, bombed, photos] = await Promise.all([
      post('import-user', 'users.xlsx', legit, { isCovered: '1' }),
      post('import-user', 'bomb.xlsx', xlsxBomb, { isCovered: '1' }),
      post('import-user-photo', 'photos.zip', photoBomb),
    ])
    const elapsed = performance.now() - started
    running = false
    await probing
    loop.disable()
    clearInterval(memory)

    const idle = percentile(
      [...quiet].sort((a, b) => a - b),
      99,
    )
    const sorted = [...latencies].sort((a, b) => a - b)
    const p50 = percentile(sorted, 50)
    const p99 = percentile(sorted, 99)
    const max = sorted.at(-1) ?? 0
    const grownMb = (rssPeak - rssBefore) / 1024 / 1024
    console.log(
      `/health during the uploads (${elapsed.toFixed(0)} ms, ${sorted.length} probes): p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms; event loop delay max ${(loop.max / 1e6).toFixed(0)} ms; RSS peak +${grownMb.toFixed(0)} MB; idle p99 ${idle.toFixed(1)} ms`,
    )
    expect(sorted.length).toBeGreaterThan(10)
    // 250 ms on a quiet machine; a loaded one (its idle p99 shows it) gets its own noise on top
    expect(p99).toBeLessThan(250 + 5 * idle)
    expect(grownMb).toBeLessThan(600)
    expect(imported.statusCode, imported.body).toBe(200)
    expect(imported.json().data).toMatchObject({ imported: 10_000, errors: [] })
    expect(bombed.statusCode).toBe(400)
    expect(bombed.json().msg).toBe('文件解压后过大 (单个部分不能超过 32 MB), 请拆分后导入')
    expect(photos.json().data).toEqual({
      imported: 0,
      errors: [{ file: 'admin.png', message: '图片不能超过 500 KB' }],
    })
    const rows = await t.database.db.select({ id: user.id }).from(user).where(eq(user.tenantId, '100001'))
    expect(rows.length).toBeGreaterThanOrEqual(10_000)
  })
})

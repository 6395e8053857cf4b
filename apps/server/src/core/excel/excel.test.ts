import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
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
import { addSheet, writeWorkbook } from './export.js'
import { IMPORT_MAX_ROWS, NOT_XLSX, readWorkbook } from './import.js'
import {
  COLUMN_WIDTH,
  columnFields,
  contentDisposition,
  type ExcelColumn,
  safeTitle,
  timestampTitle,
  widthInPixels,
} from './sheet.js'
import { columnValue } from './sheet-xml.js'
import { NOTES_SHEET, writeTemplate } from './template.js'

async function collect(write: (out: PassThrough) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on('data', (c: Buffer) => chunks.push(c))
  const ended = new Promise((resolve) => out.on('end', resolve))
  await write(out)
  await ended
  return Buffer.concat(chunks)
}

async function load(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer)
  return workbook
}

interface Person {
  id: string
  account: string
  sex: number
  createTime: Date
}
const columns: ExcelColumn<Person>[] = [
  { header: '登录账号', key: 'account' },
  { header: '用户性别', key: 'sex', value: (p) => (p.sex === 0 ? '男' : '女') },
  { header: '创建时间', key: 'createTime' },
]

async function* batchesOf(total: number, size: number): AsyncGenerator<Person[]> {
  for (let start = 0; start < total; start += size) {
    const n = Math.min(size, total - start)
    yield Array.from({ length: n }, (_, i) => ({
      id: String(start + i + 1),
      account: `user${start + i + 1}`,
      sex: (start + i) % 2,
      createTime: new Date(2024, 0, 2, 3, 4, 5),
    }))
  }
}

/** A workbook built in the test as a person would fill the template. */
async function upload(rows: unknown[][], header = ['登录账号', '用户姓名', '手机号码']): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('用户')
  sheet.addRow(header)
  for (const r of rows) sheet.addRow(r)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
const importColumns: ExcelColumn<never>[] = [
  { header: '登录账号', key: 'account' },
  { header: '用户姓名', key: 'realName' },
  { header: '手机号码', key: 'phone' },
]
const schema = z.object({
  account: z.string({ error: 'please enter account' }).regex(/^[a-z0-9]+$/, 'letters and digits only'),
  realName: z.string({ error: 'please enter real name' }),
  phone: z
    .string()
    .regex(/^1\d{10}$/, 'phone must be 11 digits')
    .optional(),
})

describe('excel: sheet layout', () => {
  it('165 px columns: the stored width draws exactly 165 px', () => {
    expect(COLUMN_WIDTH).toBeCloseTo(23.57, 2)
    expect(widthInPixels(COLUMN_WIDTH)).toBe(165)
  })

  it('the default title is the current timestamp yyyy-MM-dd HH-mm-ss, safe as file and sheet name', () => {
    expect(timestampTitle(new Date(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02 03-04-05')
    expect(safeTitle(undefined).file).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}-\d{2}-\d{2}$/)
    expect(safeTitle('a/b:c*?[d]').file).toBe('a-b-c---d-')
    expect(safeTitle('长'.repeat(40)).sheet).toHaveLength(31)
  })

  it('Content-Disposition carries an ASCII fallback and the RFC 5987 UTF-8 name', () => {
    expect(contentDisposition('用户数据 (1).xlsx')).toBe(
      `attachment; filename="____ (1).xlsx"; filename*=UTF-8''%E7%94%A8%E6%88%B7%E6%95%B0%E6%8D%AE%20%281%29.xlsx`,
    )
  })
})

describe('excel: streaming export', () => {
  it('writes title, frozen first column, 165 px widths, a bold Chinese header and every row', async () => {
    const buffer = await collect((out) =>
      writeWorkbook(out, { title: '用户导出', columns, batches: batchesOf(2500, 1000) }),
    )
    const workbook = await load(buffer)
    const sheet = workbook.getWorksheet('用户导出')!
    expect(sheet).toBeTruthy()
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 1 })
    for (const i of [1, 2, 3]) expect(widthInPixels(sheet.getColumn(i).width!)).toBe(165)
    const header = sheet.getRow(1)
    expect(header.values).toEqual([undefined, '登录账号', '用户性别', '创建时间'])
    expect(header.getCell(1).font?.bold).toBe(true)
    expect(sheet.rowCount).toBe(2501)
    expect(sheet.getRow(2).values).toEqual([undefined, 'user1', '男', '2024-01-02 03:04:05'])
    expect(sheet.getRow(2501).getCell(1).value).toBe('user2500')
  })

  it('writes the sheet XML exceljs writes for the same values (escaping, numbers, booleans, dates, ids)', async () => {
    const values: unknown[] = [
      ...[
        '',
        ' lead',
        'trail ',
        `a<b>&"'`,
        '\x00\x01\x08\t\n\x0b\x0c\r\x0e\x1f\x7f',
        '中文，、',
        '😀',
        ']]>',
        '&amp;',
      ],
      ...[0, -3, 1.5, 1e21, Number.NaN, true, false, null, undefined, new Date(2024, 0, 2, 3, 4, 5)],
      ...[12345678901234567890n, { a: 1 }, [1, 2]],
    ]
    type Wide = Record<string, unknown>
    const wide: ExcelColumn<Wide>[] = Array.from({ length: 28 }, (_, i) => ({
      header: i % 2 ? `列${i} <&>` : `c${i}`,
      key: `k${i}`,
      ...(i === 3 ? { value: (r: Wide) => `${r.k0}/${r.k1}`, reads: ['k0', 'k1'] } : {}),
    }))
    async function* wideBatches(): AsyncGenerator<Wide[]> {
      for (let b = 0; b < 3; b++) {
        const rows = Array.from({ length: 300 }, (_, r) =>
          Object.fromEntries(wide.map((c, i) => [c.key, values[(r * 7 + i + b) % values.length]])),
        )
        // one cell longer than a piece of the writer's buffer
        if (b === 1) rows[0]!.k5 = `长${'x'.repeat(300_000)}`
        yield rows
      }
    }
    const ours = await collect((out) =>
      writeWorkbook(out, { title: 'T:1', columns: wide, batches: wideBatches() }),
    )
    // the reference: every row through exceljs's streaming writer, as exports were written before
    const reference = await collect(async (out) => {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: true,
        useSharedStrings: false,
      })
      const sheet = addSheet(workbook, safeTitle('T:1').sheet, wide)
      for await (const batch of wideBatches())
        for (const row of batch) sheet.addRow(wide.map((c) => columnValue(c, row))).commit()
      sheet.commit()
      await workbook.commit()
    })
    const [a, b] = [unzipSync(ours), unzipSync(reference)]
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort())
    for (const part of Object.keys(b)) {
      if (part === 'docProps/core.xml') continue // creation time
      expect(Buffer.from(a[part]!).toString(), part).toBe(Buffer.from(b[part]!).toString())
    }
    const sheet = (await load(ours)).worksheets[0]!
    expect(sheet.rowCount).toBe(901)
  })

  it('streams: bytes leave while batches are still being read, and reading waits for a slow client', async () => {
    const out = new PassThrough({ highWaterMark: 64 * 1024 })
    let received = 0
    const seenAt: number[] = []
    async function* slowBatches(): AsyncGenerator<Person[]> {
      for await (const batch of batchesOf(20_000, 1000)) {
        seenAt.push(received)
        yield batch
      }
    }
    const done = writeWorkbook(out, { columns, batches: slowBatches() })
    // a client that reads only after a pause: the writer must wait for it, not buffer the file
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(seenAt.length).toBeLessThan(20)
    out.on('data', (c: Buffer) => {
      received += c.length
    })
    await done
    expect(seenAt.length).toBe(20)
    expect(seenAt[19]).toBeGreaterThan(0)
    expect(seenAt[19]).toBeLessThan(received)
  })

  it('an export reads only the fields its columns name, or every field when a value does not say', () => {
    expect(columnFields(columns)).toBeUndefined()
    const said = columns.map((c) => (c.value ? { ...c, reads: ['sex'] } : c))
    expect(columnFields(said)).toEqual(['account', 'sex', 'createTime'])
  })

  it('an empty export is a header row only', async () => {
    const buffer = await collect((out) => writeWorkbook(out, { columns, batches: batchesOf(0, 10) }))
    const sheet = (await load(buffer)).worksheets[0]!
    expect(sheet.name).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}-\d{2}-\d{2}$/)
    expect(sheet.rowCount).toBe(1)
  })
})

describe('excel: template', () => {
  it('is the header row with the house layout, and a notes sheet per column', async () => {
    const noted = importColumns.map((c) => ({ ...c, note: `${c.header} note` }))
    const buffer = await collect((out) => writeTemplate(out, { title: '用户导入模板', columns: noted }))
    const workbook = await load(buffer)
    const [first, notes] = workbook.worksheets
    expect(first!.name).toBe('用户导入模板')
    expect(first!.rowCount).toBe(1)
    expect(first!.getRow(1).values).toEqual([undefined, '登录账号', '用户姓名', '手机号码'])
    expect(first!.views[0]).toMatchObject({ state: 'frozen', xSplit: 1 })
    expect(widthInPixels(first!.getColumn(2).width!)).toBe(165)
    expect(notes!.name).toBe(NOTES_SHEET)
    expect(notes!.getRow(2).values).toEqual([undefined, '登录账号', '登录账号 note'])
  })

  it('a filled-in template reads back', async () => {
    const template = await load(
      await collect((out) => writeTemplate(out, { title: 't', columns: importColumns })),
    )
    template.worksheets[0]!.addRow(['abc', '张三', '13800000000'])
    const buffer = Buffer.from(await template.xlsx.writeBuffer())
    const result = await readWorkbook(buffer, { columns: importColumns, schema })
    expect(result).toEqual({
      rows: [{ row: 2, data: { account: 'abc', realName: '张三', phone: '13800000000' } }],
      errors: [],
    })
  })
})

describe('excel: import reader', () => {
  it('validates each row and reports a bad row by its Excel row number, keeping the rest', async () => {
    const buffer = await upload([
      ['zhang', '张三', 13800000000],
      ['Bad Name', '李四', '12'],
      [],
      [{ richText: [{ text: 'wang' }, { text: 'wu' }] }, '  王五  '],
    ])
    const result = await readWorkbook(buffer, { columns: importColumns, schema })
    expect(result.rows).toEqual([
      { row: 2, data: { account: 'zhang', realName: '张三', phone: '13800000000' } },
      { row: 5, data: { account: 'wangwu', realName: '王五' } },
    ])
    expect(result.errors).toEqual([
      { row: 3, messages: ['登录账号: letters and digits only', '手机号码: phone must be 11 digits'] },
    ])
  })

  it('maps headers by text, in any order, and ignores extra columns', async () => {
    const buffer = await upload([['x', '李四', 'lisi']], ['备注', '用户姓名', '登录账号', '手机号码'])
    const result = await readWorkbook(buffer, { columns: importColumns, schema })
    expect(result.rows).toEqual([{ row: 2, data: { account: 'lisi', realName: '李四' } }])
  })

  it('refuses a file that lacks a column, is not an xlsx, or passes the row limit', async () => {
    await expect(
      readWorkbook(await upload([['a']], ['登录账号']), { columns: importColumns, schema }),
    ).rejects.toMatchObject({ code: 400, message: '导入文件缺少列: 用户姓名, 手机号码 (请使用导入模板)' })
    await expect(
      readWorkbook(Buffer.from('account,name\nzhang,张三\n'), { columns: importColumns, schema }),
    ).rejects.toMatchObject({ code: 400, message: NOT_XLSX })
    // a zip that is no workbook
    const { zipSync } = await import('fflate')
    const zip = Buffer.from(zipSync({ 'readme.txt': new TextEncoder().encode('hello') }))
    await expect(readWorkbook(zip, { columns: importColumns, schema })).rejects.toMatchObject({
      code: 400,
      message: NOT_XLSX,
    })
    const many = await upload(Array.from({ length: 6 }, (_, i) => [`u${i}`, 'n']))
    await expect(readWorkbook(many, { columns: importColumns, schema, maxRows: 5 })).rejects.toMatchObject({
      code: 400,
      message: '导入数据不能超过 5 行',
    })
    expect(IMPORT_MAX_ROWS).toBe(10_000)
  })

  it('reads inline strings, shared rich text, numbers, booleans and a formula result', async () => {
    const sst = plainEntry(
      'sst',
      `${SST_OPEN}<si><t>登录账号</t></si><si><t>用户姓名</t></si><si><t>手机号码</t></si><si><r><t>zh</t></r><r><t>ang</t></r><rPh><t>ピン</t></rPh></si>${SST_CLOSE}`,
    )
    const sheet = plainEntry(
      'sheet',
      `${SHEET_OPEN}<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>` +
        '<row r="2"><c r="A2" t="s"><v>3</v></c><c r="B2" t="inlineStr"><is><t> 张三 </t></is></c><c r="C2"><v>13800000000</v></c></row>' +
        '<row r="4"><c r="A4" t="str"><f>LOWER("LI")</f><v>li</v></c><c r="B4" t="b"><v>1</v></c></row>' +
        SHEET_CLOSE,
    )
    const result = await readWorkbook(zipOf(xlsxEntries(sheet, sst)), {
      columns: importColumns,
      schema: schema.extend({ realName: z.string() }),
    })
    expect(result.rows).toEqual([
      { row: 2, data: { account: 'zhang', realName: '张三', phone: '13800000000' } },
      { row: 4, data: { account: 'li', realName: 'true' } },
    ])
  })

  it('reads the same workbook the same way every time, many at once', async () => {
    const buffer = await upload([['zhang', '张三', '13800000000']], ['登录账号', '用户姓名', '手机号码'])
    const results = await Promise.all(
      Array.from({ length: 40 }, () => readWorkbook(buffer, { columns: importColumns, schema })),
    )
    for (const r of results)
      expect(r.rows).toEqual([{ row: 2, data: { account: 'zhang', realName: '张三', phone: '13800000000' } }])
  })

  it('refuses a 1 MB workbook whose shared strings inflate to 1 GB, quickly and holding little', async () => {
    const bomb = async (unit: string, prefix: string, suffix: string) =>
      zipOf(
        xlsxEntries(
          plainEntry('sheet', `${SHEET_OPEN}<row r="1"><c t="s"><v>0</v></c></row>${SHEET_CLOSE}`),
          bombEntry('sst', {
            prefix: `${SST_OPEN}${prefix}`,
            unit,
            suffix: `${suffix}${SST_CLOSE}`,
            inflatedBytes: 1024 * 1024 * 1024,
          }),
        ),
      )
    const timed = async (file: Buffer) => {
      const started = performance.now()
      const outcome = await readWorkbook(file, { columns: importColumns, schema }).catch((e: unknown) => e)
      return { outcome, ms: performance.now() - started }
    }
    // one string of a billion characters
    const oneString = await bomb('x', '<si><t>', '</t></si>')
    expect(oneString.length).toBeLessThan(1.2 * 1024 * 1024)
    const one = await timed(oneString)
    expect(one.outcome).toMatchObject({
      code: 400,
      message: '文件解压后过大 (单个部分不能超过 32 MB), 请拆分后导入',
    })
    // millions of short strings: the part stops at its inflate limit
    const many = await timed(await bomb(`<si><t>${'y'.repeat(1000)}</t></si>`, '', ''))
    expect(many.outcome).toMatchObject({
      code: 400,
      message: '文件解压后过大 (单个部分不能超过 32 MB), 请拆分后导入',
    })
    console.log(
      `shared-string bombs refused in ${one.ms.toFixed(0)} ms (one string) and ${many.ms.toFixed(0)} ms (many)`,
    )
    // generous: the old reader took 12 s and 2.6 GB for the first alone
    expect(one.ms + many.ms).toBeLessThan(8000)
  })

  it('refuses a cell longer than Excel allows (32,767 characters)', async () => {
    const sst = plainEntry('sst', `${SST_OPEN}<si><t>${'x'.repeat(40_000)}</t></si>${SST_CLOSE}`)
    const sheet = plainEntry('sheet', `${SHEET_OPEN}<row r="1"><c t="s"><v>0</v></c></row>${SHEET_CLOSE}`)
    await expect(
      readWorkbook(zipOf(xlsxEntries(sheet, sst)), { columns: importColumns, schema }),
    ).rejects.toMatchObject({
      code: 400,
      message: '单元格内容过长 (不能超过 32767 个字符)',
    })
  })

  it('stops a sheet of endless rows at the row limit, without inflating the rest', async () => {
    const cell = (text: string) => `<c t="inlineStr"><is><t>${text}</t></is></c>`
    const sheet = bombEntry('sheet', {
      prefix: `${SHEET_OPEN}<row>${cell('登录账号')}${cell('用户姓名')}${cell('手机号码')}</row>`,
      unit: `<row>${cell('abc')}${cell('n')}</row>`,
      suffix: SHEET_CLOSE,
      inflatedBytes: 256 * 1024 * 1024,
    })
    const started = performance.now()
    await expect(
      readWorkbook(zipOf(xlsxEntries(sheet)), { columns: importColumns, schema }),
    ).rejects.toMatchObject({ code: 400, message: '导入数据不能超过 10000 行' })
    expect(performance.now() - started).toBeLessThan(3000)
  })
})

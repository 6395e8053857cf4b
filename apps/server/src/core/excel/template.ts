import { PassThrough, type Writable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { addSheet } from './export.js'
import { contentDisposition, type ExcelColumn, loadExcelJs, safeTitle, XLSX_TYPE } from './sheet.js'

/**
 * An import template: the first sheet holds the header row only (what the import reads: nothing to
 * delete before filling it in, no example row that could be imported by mistake); a second sheet
 * `填写说明` lists every column with its note (required, format, allowed values).
 */

export const NOTES_SHEET = '填写说明'
const NOTE_COLUMNS: ExcelColumn<{ header: string; note: string }>[] = [
  { header: '列', key: 'header' },
  { header: '说明', key: 'note' },
]

export interface TemplateOptions {
  /** file and first sheet name (e.g. `用户导入模板`) */
  title: string
  columns: readonly ExcelColumn<never>[]
}

export async function writeTemplate(out: Writable, options: TemplateOptions): Promise<void> {
  const { stream } = await loadExcelJs()
  const workbook = new stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  })
  addSheet(workbook, safeTitle(options.title).sheet, options.columns).commit()
  const notes = addSheet(workbook, NOTES_SHEET, NOTE_COLUMNS)
  for (const c of options.columns) notes.addRow([c.header, c.note ?? '']).commit()
  notes.commit()
  await workbook.commit()
}

export function sendTemplate(reply: FastifyReply, options: TemplateOptions): FastifyReply {
  const out = new PassThrough()
  writeTemplate(out, options).catch((err: unknown) => {
    reply.log.error({ err }, 'excel template failed')
    out.destroy(err instanceof Error ? err : new Error(String(err)))
  })
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition(`${safeTitle(options.title).file}.xlsx`))
    .header('cache-control', 'no-store')
    .send(out)
}

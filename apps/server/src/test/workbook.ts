import ExcelJS from 'exceljs'

/** An .xlsx file as a person fills a template: one sheet, its header row, then the rows. */
export async function workbookOf(title: string, headers: readonly unknown[], rows: readonly unknown[][]) {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet(title)
  sheet.addRow([...headers])
  for (const row of rows) sheet.addRow([...row])
  return Buffer.from(await book.xlsx.writeBuffer())
}

/** The first sheet of an .xlsx reply (an export, a template). */
export async function firstSheet(payload: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook()
  // ExcelJS's type asks for its own Buffer shape; a Node Buffer is what it reads
  await book.xlsx.load(payload as unknown as ArrayBuffer)
  return book.worksheets[0]!
}

/** A row's values from column A on (ExcelJS keeps index 0 empty). */
export const rowValues = (sheet: ExcelJS.Worksheet, row: number) =>
  (sheet.getRow(row).values as unknown[]).slice(1)

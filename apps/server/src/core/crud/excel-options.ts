import type { PgTable } from 'drizzle-orm/pg-core'
import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { AuthContext } from '../auth/tokens.js'
import type { ImportRowError } from '../excel/index.js'
import type { ExcelColumn } from '../excel/sheet.js'

/** What a resource declares of its Excel (routes.ts registers them, excel.ts reads and writes the sheets). */

/** A sheet field naming another row by one of its columns (a type by its code, roles by their names). */
export interface SheetReference {
  table: PgTable
  column: string
  /** the form field the found value goes to */
  into: string
  /** an unknown name is a row error `<message>: <name>` */
  message: string
  /** the cell lists several names (`a,b`, `a，b` or `a、b`): `into` gets their values comma-joined */
  many?: boolean
  /** further equalities on `table` (a dictionary's `code`) */
  where?: Readonly<Record<string, string | number>>
  /** the column whose value goes into `into` (default `id`; a dictionary's `dictKey`) */
  value?: string
}

/** Rows of a sheet, read, checked by the row schema and with their references resolved. */
export interface SheetRows {
  rows: { row: number; data: Record<string, unknown> }[]
  /** the rows refused so far (schema, unknown names), by Excel row number */
  errors: ImportRowError[]
}

/** What an import did: its rows, what it wrote, each bad row's messages. */
export interface ImportSummary {
  total: number
  imported: number
  updated: number
  errors: ImportRowError[]
}

/** What an import answers: the envelope's data and message. */
export interface ImportOutcome {
  data: ImportSummary & Record<string, unknown>
  msg: string
}

/** Server side of Excel: the sheet's columns, and how an imported row becomes a form. */
export interface ExcelOptions {
  /** file title (default: the current timestamp) */
  title?: string
  columns: readonly ExcelColumn<Record<string, unknown>>[]
  import?: {
    /** the template's and the import's columns, when not the export's (an export's 创建时间) */
    columns?: readonly ExcelColumn<Record<string, unknown>>[]
    /** the template's title (default: `<title or tag>导入模板`) */
    templateTitle?: string
    /** one sheet row (texts by column key) → the resource's form values; messages name the column */
    row: z.ZodType<Record<string, unknown>>
    /**
     * fields matching an existing live row (a code): with `isCovered=1` that row is updated,
     * otherwise the row is an error. Without it every row is new.
     */
    match?: readonly string[]
    /**
     * sheet fields naming another row by a column of it (a type by its code): resolved in the
     * caller's tenant into the form field `into`; an unknown name is a row error with `message`
     */
    references?: Readonly<Record<string, SheetReference>>
    /**
     * Writes the checked rows instead of the kit's all-or-nothing writer (users: good rows written, bad
     * ones reported, one initial password). The sheet's own errors come with the rows.
     */
    write?: (context: {
      request: FastifyRequest
      auth: AuthContext
      sheet: SheetRows
      covered: boolean
    }) => Promise<ImportOutcome>
  }
}

import { and, eq, getTableColumns, inArray } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../db/client.js'
import type { AuthContext } from '../auth/tokens.js'
import { AppError } from '../errors.js'
import { type ImportRowError, readWorkbook } from '../excel/index.js'
import { scoped } from '../tenancy.js'
import type { ImportSummary, SheetReference, SheetRows } from './excel-options.js'
import type { Resource } from './resource.js'
import { whereOf } from './rows.js'
import { insertIn, planWrite, updateIn, type WritePlan } from './store.js'

/**
 * Importing a resource's rows from an xlsx (the export and template are core/excel's, see routes.ts).
 * All or nothing: every row is read and checked — by the sheet schema, the resource's form and its
 * rules (uniqueness, `beforeWrite`) — inside one transaction, and a single bad row rolls the whole
 * import back and is reported by its Excel row number.
 */

type Row = Record<string, unknown>
type Columns = Record<string, PgColumn>

/** Thrown out of the transaction to roll it back while keeping what to tell. */
class RolledBack extends Error {
  constructor(readonly errors: ImportRowError[]) {
    super('import rolled back')
  }
}

function messagesOf(error: unknown): string[] {
  if (error instanceof AppError) return [error.message]
  throw error
}

async function writeRow(
  tx: Tx,
  r: Resource,
  auth: AuthContext,
  values: Row,
  covered: boolean,
  matchWhere: () => Promise<string | undefined>,
  plan: WritePlan,
): Promise<'imported' | 'updated'> {
  const existing = await matchWhere()
  if (!existing) {
    await insertIn(tx, r, auth, values, plan)
    return 'imported'
  }
  if (!covered) throw new AppError(400, '数据已存在 (覆盖导入请选择 isCovered=1)')
  await updateIn(tx, r, auth, existing, values, plan)
  return 'updated'
}

/**
 * A resource's import sheet read: every row checked by the sheet schema, and its references (names,
 * codes) turned into values. Refused rows are in `errors`; nothing is written.
 */
export async function readImportSheet(
  db: Db,
  r: Resource,
  auth: AuthContext,
  buffer: Buffer,
): Promise<SheetRows> {
  const spec = r.excel?.import
  if (!spec || !r.excel) throw new Error(`resource ${r.path} has no import`)
  const columns = spec.columns ?? r.excel.columns
  const sheet = await readWorkbook(buffer, { columns: columns as never, schema: spec.row })
  const errors: ImportRowError[] = [...sheet.errors]
  const rows = await resolveReferences(db, spec.references ?? {}, auth, sheet.rows, errors)
  return { rows, errors }
}

/**
 * The kit's writer: all or nothing. Every row is checked by the resource's form and its rules inside
 * one transaction; a single bad row rolls the whole import back.
 */
export async function importRows(
  db: Db,
  r: Resource,
  auth: AuthContext,
  sheet: SheetRows,
  covered: boolean,
): Promise<ImportSummary> {
  const spec = r.excel?.import
  if (!spec) throw new Error(`resource ${r.path} has no import`)
  const total = sheet.rows.length + sheet.errors.length
  const errors: ImportRowError[] = [...sheet.errors]
  // rows the form refuses are errors too, before anything is written
  const forms: { row: number; values: Row }[] = []
  for (const { row, data } of sheet.rows) {
    const parsed = r.schema.safeParse(data)
    if (parsed.success) forms.push({ row, values: parsed.data as Row })
    else errors.push({ row, messages: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) })
  }
  if (errors.length) return { total, imported: 0, updated: 0, errors: sorted(errors) }
  if (!forms.length) return { total, imported: 0, updated: 0, errors }

  const columns = getTableColumns(r.table) as Columns
  const match = spec.match ?? []
  // resolved outside the transaction (PGlite's one connection), as the store does
  const scope = await whereOf(r, auth)
  const plan = await planWrite(r, auth)
  const counts = { imported: 0, updated: 0 }
  try {
    await db.transaction(async (tx) => {
      for (const { row, values } of forms) {
        const find = async () => {
          if (!match.length || match.some((f) => values[f] === undefined || values[f] === ''))
            return undefined
          const [hit] = await tx
            .select({ id: r.idColumn })
            .from(r.table)
            .where(and(scope, ...match.map((f) => eq(columns[f]!, values[f]))))
            .limit(1)
          return hit ? String(hit.id) : undefined
        }
        try {
          counts[await writeRow(tx, r, auth, values, covered, find, plan)]++
        } catch (error) {
          errors.push({ row, messages: messagesOf(error) })
        }
      }
      if (errors.length) throw new RolledBack(errors)
    })
  } catch (error) {
    if (error instanceof RolledBack) return { total, imported: 0, updated: 0, errors: sorted(errors) }
    throw error
  }
  return { total, ...counts, errors: [] }
}

/** Read and write an import sheet with the kit's writer (the route, without a resource's own `write`). */
export async function importWorkbook(
  db: Db,
  r: Resource,
  auth: AuthContext,
  buffer: Buffer,
  covered: boolean,
): Promise<ImportSummary> {
  return importRows(db, r, auth, await readImportSheet(db, r, auth, buffer), covered)
}

/** `a,b`, `a，b` and `a、b` all list names (people type the Chinese comma). */
export function splitNames(text: string): string[] {
  return text
    .split(/[,，、]/)
    .map((s) => s.trim())
    .filter(Boolean)
}

/**
 * Sheet fields naming other rows (a type by its code, a user's roles by their names, a dictionary entry
 * by its label) turned into their values (ids unless the reference says which column), one query per
 * field, in the caller's tenant. A name two live rows share is ambiguous and refused like an unknown one.
 */
export async function resolveReferences(
  db: Db | Tx,
  references: Readonly<Record<string, SheetReference>>,
  auth: AuthContext,
  rows: readonly { row: number; data: Row }[],
  errors: ImportRowError[],
): Promise<{ row: number; data: Row }[]> {
  const refs = Object.entries(references)
  if (!refs.length) return [...rows]
  const namesIn = (value: unknown, many: boolean | undefined) =>
    typeof value !== 'string' ? [] : many ? splitNames(value) : [value]
  const maps = new Map<string, Map<string, string[]>>()
  for (const [field, ref] of refs) {
    const names = [...new Set(rows.flatMap((x) => namesIn(x.data[field], ref.many)))]
    const refColumns = getTableColumns(ref.table) as Columns
    const column = refColumns[ref.column]!
    const equal = Object.entries(ref.where ?? {}).map(([key, value]) => eq(refColumns[key]!, value))
    const found = names.length
      ? ((await db
          .select({ id: refColumns[ref.value ?? 'id']!, name: column })
          .from(ref.table)
          .where(scoped(ref.table, auth, inArray(column, names), ...equal))) as {
          id: string
          name: string
        }[])
      : []
    const byName = new Map<string, string[]>()
    for (const f of found) byName.set(String(f.name), [...(byName.get(String(f.name)) ?? []), String(f.id)])
    maps.set(field, byName)
  }
  const out: { row: number; data: Row }[] = []
  for (const { row, data } of rows) {
    const values: Row = { ...data }
    const problems: string[] = []
    for (const [field, ref] of refs) {
      const value = values[field]
      delete values[field]
      if (value === undefined) continue
      const ids: string[] = []
      for (const name of namesIn(value, ref.many)) {
        const hits = maps.get(field)?.get(name) ?? []
        if (hits.length === 1) ids.push(hits[0]!)
        else problems.push(`${ref.message}: ${name.slice(0, 40)}${hits.length > 1 ? ' (名称不唯一)' : ''}`)
      }
      values[ref.into] = ids.join(',')
    }
    if (problems.length) errors.push({ row, messages: problems })
    else out.push({ row, data: values })
  }
  return out
}

function sorted(errors: ImportRowError[]): ImportRowError[] {
  return [...errors].sort((a, b) => a.row - b.row)
}

export function importMessage(s: ImportSummary): string {
  return s.errors.length
    ? `导入失败: ${s.errors.length} 行有误, 未导入任何数据`
    : `导入成功: 新增 ${s.imported} 条, 更新 ${s.updated} 条`
}

import { getTableColumns, getTableName, inArray, type SQL } from 'drizzle-orm'
import { type PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { Tx } from '../../db/client.js'
import type { AuthContext } from '../auth/tokens.js'
import { badRequest } from '../errors.js'
import { isId } from '../ids.js'
import { columnKind } from '../query/values.js'
import type { ScopeHook } from '../scope/data-scope.js'
import { scoped } from '../tenancy.js'

/**
 * References: a field of a write naming a row elsewhere (`canteenId`, `warehouseId`, `userId`). Inside
 * the write's transaction every such value must name a live row of the caller's tenant — and of the
 * caller's data scope when the target is a resource — or the write is refused with 400 naming the
 * field and nothing is written (issue 26). A resource declares its references once; the declaration
 * is checked against its form, so a reference field nobody declared is a start-up error, not a hole.
 */

/** What a reference needs of a resource (a kit `Resource` is one): its table and its data scope. */
export interface ReferencedResource {
  table: PgTable
  scope?: ScopeHook | undefined
}

/** What a reference names: a resource (tenant + data scope), a bare table (tenant), or a resource declared later. */
export type ReferenceTo = ReferencedResource | PgTable | (() => ReferencedResource)

export interface ReferenceSpec {
  to: ReferenceTo
  /** the value is a comma-joined list of ids (`canteenIds=1,2`, `deptId=1,2`) */
  many?: boolean
  /** the target's column the value names (default its id: a card by its `cardNo`) */
  column?: string
  /** the refusal's text (default `参数校验失败: <field>: 所选数据不存在或无权访问`) */
  message?: string
}

/**
 * A declaration: the target; `false` for an id-like field that names nothing of ours (a WeChat
 * `appId`); `'checked'` where the resource's own `beforeWrite` checks it with more rules than
 * existence (a hand-written tree's parent and its cycles).
 */
export type ReferenceTarget = ReferenceTo | ReferenceSpec | false | 'checked'

export type References = Readonly<Record<string, ReferenceTarget>>

/** Field names that look like a reference and must be declared (a tree's parent is the tree's own rule). */
const REFERENCE_NAME = /(Id|Ids)$/

function isSpec(t: ReferenceTarget): t is ReferenceSpec {
  return typeof t === 'object' && t !== null && !(t instanceof PgTable) && 'to' in t
}

function specOf(t: Exclude<ReferenceTarget, false | 'checked'>): ReferenceSpec {
  return isSpec(t) ? t : { to: t }
}

function resolved(to: ReferenceTo): { table: PgTable; resource?: ReferencedResource } {
  if (to instanceof PgTable) return { table: to }
  const resource = typeof to === 'function' ? to() : to
  return { table: resource.table, resource }
}

/**
 * The declaration matches the form: every declared field is a form field, and every form field that
 * looks like a reference (`…Id`, `…Ids`, or built with the contract's `reference()`) is declared.
 */
export function assertReferencesDeclared(
  where: string,
  form: z.ZodObject,
  references: References | undefined,
  skip: readonly string[],
): void {
  const declared = references ?? {}
  const fields = Object.keys(form.shape)
  for (const field of Object.keys(declared))
    if (!fields.includes(field)) throw new Error(`${where}: reference ${field} is not a form field`)
  for (const field of fields) {
    if (skip.includes(field) || field in declared) continue
    if (REFERENCE_NAME.test(field))
      throw new Error(
        `${where}: form field ${field} looks like a reference: declare what it names in \`references\` (or false)`,
      )
  }
}

/** The targets' data-scope conditions for a caller, by field: resolved before the write's transaction. */
export type ReferenceScopes = ReadonlyMap<string, SQL | undefined>

export async function referenceScopes(
  references: References | undefined,
  auth: AuthContext,
  prefix = '',
): Promise<Map<string, SQL | undefined>> {
  const out = new Map<string, SQL | undefined>()
  for (const [field, target] of Object.entries(references ?? {})) {
    if (target === false || target === 'checked') continue
    const { resource } = resolved(specOf(target).to)
    out.set(prefix + field, await resource?.scope?.(auth))
  }
  return out
}

/** `0` names nothing (BladeX's root and "none"); a required reference refuses it at the edge. */
function valuesOf(value: unknown, many: boolean): string[] | undefined {
  if (value === undefined || value === null || value === '') return undefined
  const text = String(value)
  const list = (many ? text.split(',') : [text]).filter((v) => v !== '' && v !== '0')
  return list.length ? [...new Set(list)] : undefined
}

/**
 * Every declared reference present in `values` names live rows of the caller's tenant (and scope).
 * `values` are validated form values (a line's, with `prefix` its scopes' key prefix).
 */
export async function assertReferences(
  tx: Tx,
  auth: AuthContext,
  references: References | undefined,
  values: Readonly<Record<string, unknown>>,
  scopes: ReferenceScopes,
  prefix = '',
): Promise<void> {
  for (const [field, target] of Object.entries(references ?? {})) {
    if (target === false || target === 'checked') continue
    const spec = specOf(target)
    const wanted = valuesOf(values[field], spec.many ?? false)
    if (!wanted) continue
    const key = prefix + field
    if (!scopes.has(key))
      throw new Error(`reference ${key}: its scope was not resolved before the transaction`)
    const { table } = resolved(spec.to)
    const column = (getTableColumns(table) as Record<string, PgColumn>)[spec.column ?? 'id']
    if (!column)
      throw new Error(`reference ${key}: ${getTableName(table)} has no column ${spec.column ?? 'id'}`)
    const refused = badRequest(spec.message ?? `参数校验失败: ${field}: 所选数据不存在或无权访问`)
    if (columnKind(column) === 'id' && !wanted.every(isId)) throw refused
    const found = await tx
      .selectDistinct({ value: column })
      .from(table)
      .where(scoped(table, auth, scopes.get(key), inArray(column, wanted)))
    if (found.length !== wanted.length) throw refused
  }
}

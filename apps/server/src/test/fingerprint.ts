import { getTableName, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import * as auditTables from '../core/audit/schema.js'
import { MODULES } from '../modules/index.js'
import type { TestContext } from './harness.js'

/**
 * One digest per table of everything but the rows each request writes by itself (logs, sessions,
 * files): two fingerprints around a refused call must be equal.
 */
export type Fingerprint = Record<string, string>

export async function fingerprint(t: TestContext): Promise<Fingerprint> {
  const tables = [...Object.values(auditTables), ...MODULES.flatMap((m) => Object.values(m.tables ?? {}))]
  const names = [
    ...new Set(
      (tables as unknown[])
        .filter((v) => v instanceof PgTable)
        .map((table) => getTableName(table as PgTable)),
    ),
  ].filter((name) => !/log|refresh|attach|session/.test(name))
  const union = names
    .map(
      (name) =>
        `select '${name}' as name, md5(coalesce(string_agg(md5(r::text), '' order by md5(r::text)), '')) as digest from "${name}" r`,
    )
    .join(' union all ')
  const rows = (await t.database.db.execute(sql.raw(union))) as unknown as
    | { rows: { name: string; digest: string }[] }
    | { name: string; digest: string }[]
  const list = Array.isArray(rows) ? rows : rows.rows
  return Object.fromEntries(list.map((r) => [r.name, r.digest]))
}

/** The tables whose digest differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(after).filter((name) => before[name] !== after[name])
}

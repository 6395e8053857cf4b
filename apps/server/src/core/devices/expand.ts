import { getTableName, sql } from 'drizzle-orm'
import type { Expand } from '../crud/expand.js'

/**
 * A machine row's presence beside its columns, in its list query (no query per row): `online` (1 or
 * 0, the silence rule applied) and `lastSeenAt`, read from `xpark_device_presence` by the row's
 * tenant and code.
 */
export function presenceExpand(field: 'online' | 'lastSeenAt', codeColumn = 'code'): Expand {
  return (outer) => {
    const table = sql.identifier(getTableName(outer))
    const value =
      field === 'online'
        ? sql`case when p.online and p.last_seen_at >= now() - make_interval(secs => p.interval_seconds * 3) then 1 else 0 end`
        : sql`p.last_seen_at`
    const match = sql`from xpark_device_presence p where p.tenant_id = ${table}.tenant_id and p.machine = ${table}.${sql.identifier(codeColumn)}`
    return field === 'online' ? sql`coalesce((select ${value} ${match}), 0)` : sql`(select ${value} ${match})`
  }
}

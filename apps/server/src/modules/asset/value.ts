import { getTableName, sql } from 'drizzle-orm'
import type { Expand } from '../../core/crud/index.js'

/**
 * Straight-line depreciation, in the page query: after `m` whole months of a life of `L` months, an
 * asset is worth `price − round((price − residual) × min(m, L) / L)` cents; with no life or no
 * purchase date it is worth its price. (Test: asset.test.ts.)
 */
export const currentValue: Expand = (t) => {
  const c = (name: string) => sql`${sql.identifier(getTableName(t))}.${sql.identifier(name)}`
  const months = sql`greatest((extract(year from age(now(), ${c('purchase_date')})) * 12 + extract(month from age(now(), ${c('purchase_date')}))), 0)`
  return sql`(case when ${c('life_months')} <= 0 or ${c('purchase_date')} is null then ${c('purchase_price')}
    else ${c('purchase_price')} - round((${c('purchase_price')} - ${c('residual_value')})::numeric * least(${months}, ${c('life_months')}) / ${c('life_months')}) end)::float8`
}

/** The same rule in TypeScript (imports, tests). */
export function depreciated(price: number, residual: number, lifeMonths: number, monthsUsed: number): number {
  if (lifeMonths <= 0) return price
  return price - Math.round(((price - residual) * Math.min(Math.max(monthsUsed, 0), lifeMonths)) / lifeMonths)
}

/** The users of the row's asset, comma-joined. */
export const userNames: Expand = (t) =>
  sql`(select string_agg(u.user_name, ',' order by u.id) from xpark_asset_user u where u.tenant_id = ${sql.identifier(
    getTableName(t),
  )}.tenant_id and u.asset_id = ${sql.identifier(getTableName(t))}.id and u.is_deleted = 0)`

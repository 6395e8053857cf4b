import { ASSET_STATUS, assetContract } from '@xpark/contract/modules/asset'
import { and, eq, ne, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { defineStatistic, figure, type StatisticReader } from '../../core/statistics/index.js'
import { readerWhere, viewCode } from '../../core/statistics/parts.js'
import { assets } from './resources.js'
import { asset, assetType } from './schema.js'

/**
 * The assets' statistics (docs/modules.md "Statistics"): how many and how much by type, the total
 * original value, and the straight-line depreciation of value.ts at the reader's now, by type. Money
 * in cents. Scrapped assets (状态 报废) are no longer the park's value and are left out. The users an
 * asset is handed to are never read.
 */

const VIEW = viewCode(assetContract.permissions.view)
const sum = (value: SQL | unknown) => sql<number>`coalesce(sum(${value}), 0)::float8`.mapWith(Number)

/** An asset's value at `at` (value.ts's rule, with the reader's now instead of the database's). */
function valueAt(at: Date): SQL {
  const age = sql`age(${at}::timestamptz, ${asset.purchaseDate})`
  const months = sql`greatest(extract(year from ${age}) * 12 + extract(month from ${age}), 0)`
  return sql`(case when ${asset.lifeMonths} <= 0 or ${asset.purchaseDate} is null then ${asset.purchasePrice}
    else ${asset.purchasePrice} - round((${asset.purchasePrice} - ${asset.residualValue})::numeric * least(${months}, ${asset.lifeMonths}) / ${asset.lifeMonths}) end)`
}

/** The reader's assets in service, by type: how many, their original and their current value. */
async function byType(reader: StatisticReader) {
  const rows = await reader.db
    .select({
      type: sql<string>`coalesce(${assetType.name}, '')`,
      count: sql<number>`count(*)::int`.mapWith(Number),
      price: sum(asset.purchasePrice),
      net: sum(valueAt(reader.now)),
    })
    .from(asset)
    .leftJoin(assetType, and(eq(assetType.id, asset.typeId), eq(assetType.tenantId, asset.tenantId)))
    .where(await readerWhere(assets, reader, ne(asset.status, ASSET_STATUS.scrapped)))
    .groupBy(assetType.name)
  return rows.sort((a, b) => b.price - a.price || a.type.localeCompare(b.type))
}

export const assetsByType = defineStatistic({
  name: 'asset.byType',
  title: '资产类型分布',
  en: 'Assets by type',
  kinds: ['pie', 'bar'],
  permission: VIEW,
  params: z.object({ measure: z.enum(['count', 'value'], { error: 'count 或 value' }).default('count') }),
  paramInfo: [
    {
      name: 'measure',
      label: '指标',
      choices: [
        { value: 'count', label: '数量' },
        { value: 'value', label: '原值' },
      ],
    },
  ],
  run: async ({ measure }, reader) => {
    const rows = await byType(reader)
    const value = measure === 'value'
    return figure({
      unit: value ? '元' : '件',
      money: value,
      labels: rows.map((r) => r.type),
      series: [
        value
          ? { name: '原值', data: rows.map((r) => r.price) }
          : { name: '数量', data: rows.map((r) => r.count) },
      ],
      columns: [
        { key: 'type', title: '资产类型' },
        { key: 'count', title: '数量' },
        { key: 'value', title: '原值(分)' },
      ],
      rows: rows.map((r) => ({ type: r.type, count: r.count, value: r.price })),
    })
  },
})

export const assetsValue = defineStatistic({
  name: 'asset.value',
  title: '资产原值',
  en: 'Asset value',
  kinds: ['number'],
  permission: VIEW,
  params: z.object({}),
  run: async (_, reader) => {
    const rows = await byType(reader)
    return figure({ value: rows.reduce((n, r) => n + r.price, 0), unit: '元', money: true })
  },
})

export const assetsDepreciation = defineStatistic({
  name: 'asset.depreciation',
  title: '资产折旧',
  en: 'Depreciation',
  kinds: ['bar', 'line'],
  permission: VIEW,
  params: z.object({}),
  run: async (_, reader) => {
    const rows = await byType(reader)
    return figure({
      unit: '元',
      money: true,
      value: rows.reduce((n, r) => n + r.price - r.net, 0),
      labels: rows.map((r) => r.type),
      series: [
        { name: '累计折旧', data: rows.map((r) => r.price - r.net) },
        { name: '净值', data: rows.map((r) => r.net) },
      ],
    })
  },
})

export const ASSET_STATISTICS = [assetsByType, assetsValue, assetsDepreciation]

import { REGION_ROOT, regionCalls, type TreeNode } from '@xpark/contract/schemas'
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm'
import { badRequest, notFound } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import type { ModuleContext } from '../../core/module.js'
import { FilterSet, readPaging, SortSet, selectPage } from '../../core/query/index.js'
import type { DbOrTx } from '../../db/client.js'
import { region } from './schema.js'

/**
 * blade-system/region (BladeX RegionController): administrative regions keyed by their code, a lazy
 * tree by parent code. Global: everyone signed in reads (forms pick regions), the platform
 * administrator writes. Hand-written because the table has no id column for the CRUD factory: the
 * routes are the contract's calls (`regionCalls`), the screen reads them through `regionContract`.
 */

type RegionRow = typeof region.$inferSelect
type Level = 1 | 2 | 3 | 4 | 5

/** The per-level columns a region copies from its ancestors and fills with its own code and name. */
const LEVEL_COLUMNS = {
  1: ['provinceCode', 'provinceName'],
  2: ['cityCode', 'cityName'],
  3: ['districtCode', 'districtName'],
  4: ['townCode', 'townName'],
  5: ['villageCode', 'villageName'],
} as const

const filters = new FilterSet(region, {
  code: 'like',
  name: 'like',
  parentCode: 'eq',
  regionLevel: 'eq',
})
const sorts = new SortSet(region, ['code', 'name', 'sort', 'regionLevel'])

async function find(db: DbOrTx, code: string): Promise<RegionRow | undefined> {
  return (await db.select().from(region).where(eq(region.code, code)))[0]
}

/** Children of these codes: code → how many. */
async function childCounts(db: DbOrTx, codes: string[]): Promise<Map<string, number>> {
  if (!codes.length) return new Map()
  const rows = await db
    .select({ parentCode: region.parentCode, n: count() })
    .from(region)
    .where(inArray(region.parentCode, codes))
    .groupBy(region.parentCode)
  return new Map(rows.map((r) => [r.parentCode, r.n]))
}

async function children(db: DbOrTx, parentCode: string) {
  const rows = await db
    .select()
    .from(region)
    .where(eq(region.parentCode, parentCode))
    .orderBy(asc(region.sort), asc(region.code))
  const counts = await childCounts(
    db,
    rows.map((r) => r.code),
  )
  return rows.map((r) => ({ ...r, hasChildren: (counts.get(r.code) ?? 0) > 0 }))
}

export async function regionRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db

  handle(api, regionCalls.list, async (q) => {
    const paging = readPaging(q)
    const orderBy: SQL[] = sorts.orderBy(q)
    orderBy.push(asc(region.sort), asc(region.code))
    const where = and(...filters.conditions(q))
    return selectPage(db, { table: region, where, orderBy, paging })
  })
  handle(api, regionCalls.lazyList, async ({ parentCode }) => children(db, parentCode ?? REGION_ROOT))
  handle(api, regionCalls.lazyTree, async ({ parentCode }) => {
    const rows = await children(db, parentCode ?? REGION_ROOT)
    return rows.map(
      (r): TreeNode => ({
        id: r.code,
        parentId: r.parentCode,
        title: r.name,
        key: r.code,
        value: r.code,
        hasChildren: r.hasChildren,
      }),
    )
  })
  handle(api, regionCalls.detail, async ({ code }) => {
    const row = await find(db, code)
    if (!row) throw notFound('数据不存在')
    const parent = row.parentCode === REGION_ROOT ? undefined : await find(db, row.parentCode)
    return { ...row, parentName: parent?.name ?? '' }
  })

  handle(api, regionCalls.submit, async (body) => {
    await db.transaction(async (tx) => {
      const current = await find(tx, body.code)
      if (current && current.parentCode !== body.parentCode) throw badRequest('不可修改上级区划')
      let parent: RegionRow | undefined
      if (body.parentCode !== REGION_ROOT) {
        parent = await find(tx, body.parentCode)
        if (!parent) throw badRequest(`上级区划不存在: ${body.parentCode}`)
      }
      const level = (parent ? parent.regionLevel + 1 : 1) as Level
      if (level > 5) throw badRequest('区划最多五级')
      if (body.regionLevel !== level) throw badRequest(`区划等级应为 ${level}`)
      if (body.code === body.parentCode) throw badRequest('上级区划不能是自己')
      const [codeColumn, nameColumn] = LEVEL_COLUMNS[level]
      const values = {
        ...body,
        sort: body.sort ?? 0,
        remark: body.remark ?? '',
        ancestors: parent ? `${parent.ancestors},${parent.code}` : REGION_ROOT,
        provinceCode: parent?.provinceCode ?? '',
        provinceName: parent?.provinceName ?? '',
        cityCode: parent?.cityCode ?? '',
        cityName: parent?.cityName ?? '',
        districtCode: parent?.districtCode ?? '',
        districtName: parent?.districtName ?? '',
        townCode: parent?.townCode ?? '',
        townName: parent?.townName ?? '',
        villageCode: '',
        villageName: '',
        [codeColumn]: body.code,
        [nameColumn]: body.name,
      }
      if (!current) {
        await tx.insert(region).values(values)
        return
      }
      await tx.update(region).set(values).where(eq(region.code, body.code))
      // descendants carry this region's name in their per-level columns
      if (current.name !== body.name)
        await tx
          .update(region)
          .set({ [nameColumn]: body.name })
          .where(eq(region[codeColumn], body.code))
    })
    return {}
  })
  handle(api, regionCalls.remove, async ({ id: code }) => {
    await db.transaction(async (tx) => {
      if ((await childCounts(tx, [code])).get(code)) throw badRequest('请先删除子节点!')
      const done = await tx.delete(region).where(eq(region.code, code)).returning({ code: region.code })
      if (!done.length) throw notFound('数据不存在')
    })
    return {}
  })
}

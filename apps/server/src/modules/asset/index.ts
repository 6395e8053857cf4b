import {
  ASSET_STATUS,
  AssetUserForm,
  assetContract,
  assetPlaceContract,
  assetPropertyContract,
  assetTypeContract,
  PLACE_KIND,
} from '@xpark/contract/modules/asset'
import { asc, eq, getTableName, inArray, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { authOf } from '../../core/auth/plugin.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import {
  defineResource,
  listRows,
  lookup,
  type Resource,
  visibleThrough,
  whereOf,
} from '../../core/crud/index.js'
import { ok, status } from '../../core/envelope.js'
import { badRequest, notFound } from '../../core/errors.js'
import { defineModule, type MenuSeed, menuCodes, resourceScreen } from '../../core/module.js'
import { escapeLike, parseDateTime, readPaging, selectPage } from '../../core/query/index.js'
import { scoped, stamped, touched } from '../../core/tenancy.js'
import { treeNode } from '../../core/tree.js'
import { storageWarehouse, warehouses } from '../storage/index.js'
import { seedAssetDemo } from './demo.js'
import { assetSheet, importWarehouses } from './excel.js'
import * as tables from './schema.js'
import { currentValue, userNames } from './value.js'

const { assetType, assetProperty, asset, assetUser, assetPlace } = tables

/** Assets (spec 02 §7 "Assets"). See docs/modules/storage.md ("Assets"). */

export const assetTypes = defineResource({
  contract: assetTypeContract,
  table: assetType,
  unique: [{ fields: ['code'], message: '类型编码已存在' }],
  expand: { parentName: lookup(assetType, 'name', 'parentId') },
  inUse: [{ table: asset, column: 'typeId', message: '该类型下还有资产, 不能删除: {label}' }],
})

export const assetProperties = defineResource({
  contract: assetPropertyContract,
  table: assetProperty,
  unique: [{ fields: ['typeId', 'code'], message: '属性编码已存在' }],
  expand: { typeName: lookup(assetType, 'name', 'typeId') },
  references: { typeId: { to: assetTypes, message: '资产类型不存在' } },
})

export const assets = defineResource({
  contract: assetContract,
  table: asset,
  unique: [{ fields: ['code'], message: '资产编码已存在' }],
  expand: {
    typeName: lookup(assetType, 'name', 'typeId'),
    parentName: lookup(asset, 'name', 'parentId'),
    warehouseName: lookup(storageWarehouse, 'name', 'warehouseId'),
    placeName: lookup(assetPlace, 'name', 'placeId'),
    userNames,
    valueUnit: () => sql`'分'`,
    currentValue,
  },
  excel: assetSheet(assetType),
  references: {
    typeId: { to: assetTypes, message: '资产类型不存在' },
    parentId: { to: (): Resource => assets, message: '上级资产不存在' },
    warehouseId: { to: warehouses, message: '仓库不存在' },
    placeId: { to: () => assetPlaces, message: '场所不存在' },
  },
  beforeWrite: async ({ tx, auth, values, id }) => {
    if (values.typeId && !values.lifeMonths) {
      // no life of its own: the type's
      const [type] = await tx
        .select({ lifeMonths: assetType.lifeMonths })
        .from(assetType)
        .where(scoped(assetType, auth, eq(assetType.id, values.typeId)))
      if (type) (values as Record<string, unknown>).lifeMonths = type.lifeMonths
    }
    if (values.parentId && values.parentId === id) throw badRequest('上级资产不能是自身')
    if (
      values.residualValue !== undefined &&
      values.purchasePrice !== undefined &&
      values.residualValue > values.purchasePrice
    )
      throw badRequest('残值不能大于购置价格')
  },
  inUse: [{ table: asset, column: 'parentId', message: '该资产下还有子资产, 不能删除: {label}' }],
  beforeRemove: async ({ tx, auth, ids }) => {
    await tx
      .update(assetUser)
      .set({ ...touched(assetUser, auth, {}), isDeleted: 1 } as never)
      .where(scoped(assetUser, auth, inArray(assetUser.assetId, [...ids])))
  },
})

/**
 * Places assets stand in (computer rooms, canteens): code unique per kind; a place assets still
 * stand in is not removed. `listComputerRoom` / `listCanteen` read them within this resource's scope.
 */
export const assetPlaces = defineResource({
  contract: assetPlaceContract,
  table: assetPlace,
  unique: [{ fields: ['kind', 'code'], message: '场所编码已存在' }],
  expand: {
    assetCount: (t) => {
      const place = sql.identifier(getTableName(t))
      return sql`(select count(*)::int from xpark_asset a where a.tenant_id = ${place}.tenant_id and a.place_id = ${place}.id and a.is_deleted = 0)`
    },
  },
  inUse: [{ table: asset, column: 'placeId', message: '该场所下还有资产, 不能删除: {label}' }],
})

const ASSET_MENUS: MenuSeed[] = [
  {
    code: 'asset_manage',
    name: '资产管理',
    path: '/asset',
    source: 'DesktopOutlined',
    sort: 56,
    children: [
      resourceScreen(assetTypeContract, '资产类型', '/asset/type', 'ApartmentOutlined'),
      resourceScreen(assetPropertyContract, '资产属性', '/asset/property', 'TagsOutlined'),
      resourceScreen(assetContract, '资产台账', '/asset/list', 'DesktopOutlined'),
      resourceScreen(assetPlaceContract, '机房与食堂', '/asset/place', 'EnvironmentOutlined'),
    ],
  },
]

export const assetModule = defineModule({
  name: 'asset',
  tables,
  resources: [assetTypes, assetProperties, assets, assetPlaces],
  menus: ASSET_MENUS,
  product: { name: '资产管理', remark: '资产类型、属性、资产台账与折旧' },
  staff: menuCodes(ASSET_MENUS).filter((c) => !/_(add|edit|delete|import|export)$/.test(c)),
  dicts: [
    {
      code: 'asset_status',
      name: '资产状态',
      entries: [
        [ASSET_STATUS.inStock, '在库'],
        [ASSET_STATUS.inUse, '在用'],
        [ASSET_STATUS.repairing, '维修'],
        [ASSET_STATUS.scrapped, '报废'],
      ],
    },
    {
      code: 'asset_place_kind',
      name: '场所类型',
      entries: [
        [PLACE_KIND.computerRoom, '机房'],
        [PLACE_KIND.canteen, '食堂'],
      ],
    },
  ],
  demo: seedAssetDemo,
  routes: async (api, ctx) => {
    const db = ctx.database.db
    const guard = [api.scopes.api.guard]
    const view = { permission: assetContract.permissions.view }
    const loose = z.object({}).loose()
    const tags = ['asset']
    const idOf = (q: Record<string, unknown>) => {
      const id = String(q.id ?? '')
      if (!/^[1-9]\d{0,18}$/.test(id)) throw badRequest('参数校验失败: id: must be a 64-bit id')
      return id
    }

    // assets still in stock (not yet handed out)
    api.get(
      '/asset/listStockAsset',
      {
        schema: { tags, summary: 'assets in stock (paged)', querystring: loose },
        config: view,
        preHandler: guard,
      },
      async (q) =>
        ok(
          await listRows(db, assets, authOf(q), {
            ...(q.query as Record<string, unknown>),
            status: String(ASSET_STATUS.inStock),
          }),
        ),
    )
    // the storage module's warehouses (its resource, its data scope)
    api.get(
      '/park-manage/asset/listWarehouse',
      {
        schema: { tags, summary: 'the storage warehouses (paged)', querystring: loose },
        config: view,
        preHandler: guard,
      },
      async (q) => ok(await listRows(db, warehouses, authOf(q), q.query as Record<string, unknown>)),
    )
    const places = async (auth: AuthContext, kind: number, query: Record<string, unknown>) => {
      const name = typeof query.name === 'string' && query.name ? query.name : undefined
      const where: SQL = await whereOf(
        assetPlaces,
        auth,
        eq(assetPlace.kind, kind),
        name ? sql`${assetPlace.name} ilike ${`%${escapeLike(name)}%`}` : undefined,
      )
      return selectPage(db, {
        table: assetPlace,
        where,
        orderBy: [asc(assetPlace.code)],
        paging: readPaging(query),
      })
    }
    api.get(
      '/park-manage/asset/listComputerRoom',
      {
        schema: { tags, summary: 'computer rooms (paged)', querystring: loose },
        config: view,
        preHandler: guard,
      },
      async (q) => ok(await places(authOf(q), PLACE_KIND.computerRoom, q.query as Record<string, unknown>)),
    )
    api.get(
      '/park-manage/asset/listCanteen',
      {
        schema: { tags, summary: 'canteens assets stand in (paged)', querystring: loose },
        config: view,
        preHandler: guard,
      },
      async (q) => ok(await places(authOf(q), PLACE_KIND.canteen, q.query as Record<string, unknown>)),
    )
    // the asset form's place picker: computer rooms and canteens under their kind (only places picked)
    api.get(
      '/park-manage/asset-place/tree',
      {
        schema: { tags, summary: 'places as TreeNodes under their kind (pickers)' },
        config: { permission: assetPlaceContract.permissions.view },
        preHandler: guard,
      },
      async (q) => {
        const rows = await db
          .select({ id: assetPlace.id, kind: assetPlace.kind, name: assetPlace.name })
          .from(assetPlace)
          .where(await whereOf(assetPlaces, authOf(q)))
          .orderBy(asc(assetPlace.kind), asc(assetPlace.code))
        const kinds = [
          [PLACE_KIND.computerRoom, '机房'],
          [PLACE_KIND.canteen, '食堂'],
        ] as const
        return ok(
          kinds.map(([kind, title]) => {
            const children = rows
              .filter((r) => r.kind === kind)
              .map((r) => ({ ...treeNode(r.id, `kind-${kind}`, r.name), isLeaf: true }))
            return { ...treeNode(`kind-${kind}`, '0', title, children.length > 0), children }
          }),
        )
      },
    )
    api.get(
      '/park-manage/asset/detailCanteenById',
      {
        schema: { tags, summary: 'one canteen (id) with its assets', querystring: loose },
        config: view,
        preHandler: guard,
      },
      async (q) => {
        const auth = authOf(q)
        const id = idOf(q.query as Record<string, unknown>)
        const [place] = await db
          .select()
          .from(assetPlace)
          .where(
            await whereOf(assetPlaces, auth, eq(assetPlace.id, id), eq(assetPlace.kind, PLACE_KIND.canteen)),
          )
        if (!place) throw notFound('数据不存在')
        const held = await listRows(db, assets, auth, { placeId: id, size: '1000' })
        return ok({ ...place, assets: held.records })
      },
    )
    // "机房 / 机柜 / 服务器": the names from the root asset down to this one
    api.get(
      '/park-manage/asset/concatParentAssetNames',
      {
        schema: {
          tags,
          summary: 'the asset names from the root down to this one, joined by /',
          querystring: loose,
        },
        config: view,
        preHandler: guard,
      },
      async (q) => {
        const auth = authOf(q)
        let id: string | null = idOf(q.query as Record<string, unknown>)
        const names: string[] = []
        const seen = new Set<string>()
        while (id && !seen.has(id) && names.length < 32) {
          seen.add(id)
          const [row] = await db
            .select({ name: asset.name, parentId: asset.parentId })
            .from(asset)
            .where(await whereOf(assets, auth, eq(asset.id, id)))
          if (!row) break
          names.unshift(row.name)
          id = row.parentId
        }
        if (!names.length) throw notFound('数据不存在')
        return ok(names.join('/'))
      },
    )
    // the users of one asset (the console's 使用人 dialog; the spec names only save and delete)
    api.get(
      '/park-manage/asset/listAssetUser',
      {
        schema: { tags, summary: 'the users of an asset (id: the asset), oldest first', querystring: loose },
        config: view,
        preHandler: guard,
      },
      async (q) => {
        const auth = authOf(q)
        const id = idOf(q.query as Record<string, unknown>)
        const [found] = await db
          .select({ id: asset.id })
          .from(asset)
          .where(await whereOf(assets, auth, eq(asset.id, id)))
        if (!found) throw notFound('资产不存在')
        return ok(
          await db
            .select({
              id: assetUser.id,
              assetId: assetUser.assetId,
              userName: assetUser.userName,
              deptName: assetUser.deptName,
              phone: assetUser.phone,
              startTime: assetUser.startTime,
              remark: assetUser.remark,
            })
            .from(assetUser)
            .where(scoped(assetUser, auth, eq(assetUser.assetId, id), eq(assetUser.isDeleted, 0)))
            .orderBy(asc(assetUser.id)),
        )
      },
    )
    api.post(
      '/park-manage/asset/saveAssetUser',
      {
        schema: { tags, summary: 'add a user of an asset', body: AssetUserForm },
        config: { permission: assetContract.permissions.edit },
        preHandler: guard,
      },
      async (q) => {
        const auth = authOf(q)
        const body = q.body
        const [found] = await db
          .select({ id: asset.id })
          .from(asset)
          .where(await whereOf(assets, auth, eq(asset.id, body.assetId)))
        if (!found) throw badRequest('资产不存在')
        const row = stamped(assetUser, auth, {
          ...body,
          // the contract refused days that do not exist; the server's zone, as every date column
          startTime: body.startTime ? parseDateTime(body.startTime) : null,
        })
        await db.insert(assetUser).values(row as never)
        return ok({ id: String(row.id) }, '操作成功')
      },
    )
    api.post(
      '/park-manage/asset/deleteAssetUser',
      {
        schema: { tags, summary: 'remove users of assets (ids)', querystring: z.object({ ids: z.string() }) },
        config: { permission: assetContract.permissions.edit },
        preHandler: guard,
      },
      async (q) => {
        const ids = q.query.ids.split(',')
        if (!ids.every((i) => /^[1-9]\d{0,18}$/.test(i)))
          throw badRequest('参数校验失败: ids: must be comma-separated ids')
        const auth = authOf(q)
        const wanted = [...new Set(ids)]
        // users of assets the caller may see (the asset resource's scope), resolved before the transaction
        const ofVisibleAssets = await visibleThrough(assets, auth, assetUser.assetId)
        await db.transaction(async (tx) => {
          // touched() keeps is_deleted out of ordinary updates: the removal sets it beside the stamp
          const done = await tx
            .update(assetUser)
            .set({ ...touched(assetUser, auth, {}), isDeleted: 1 } as never)
            .where(scoped(assetUser, auth, inArray(assetUser.id, wanted), ofVisibleAssets))
            .returning({ id: assetUser.id })
          // an unknown or foreign id among them: nothing is removed, as every other remove answers
          if (done.length !== wanted.length) throw notFound('数据不存在')
        })
        return status(true)
      },
    )
    api.post(
      '/park-manage/asset/import-warehouse',
      {
        schema: {
          tags,
          summary: 'import storage warehouses (multipart `file`); a bad row writes nothing',
          consumes: ['multipart/form-data'],
        },
        config: { permission: 'asset_import' },
        preHandler: guard,
      },
      async (q) => importWarehouses(db, q),
    )
  },
})

import {
  assetContract,
  assetPlaceContract,
  assetPropertyContract,
  assetTypeContract,
} from '@xpark/contract/modules/asset'
import { eq, getTableName, inArray, sql } from 'drizzle-orm'
import { codedTreeResource, defineResource, lookup, type Resource } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import { scoped, touched } from '../../core/tenancy.js'
import { storageWarehouse, warehouses } from '../storage/index.js'
import { assetSheet } from './excel.js'
import * as tables from './schema.js'
import { currentValue, userNames } from './value.js'

const { assetType, assetProperty, asset, assetUser, assetPlace } = tables

/** The asset resources: types (a tree), properties, assets and the places they stand in. */

export const assetTypes = codedTreeResource({
  contract: assetTypeContract,
  table: assetType,
  duplicate: '类型编码已存在',
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

import { z } from 'zod'
import { type CallInput, defineCall } from '../calls.js'
import {
  cents,
  choice,
  code,
  dateTime,
  optionalChoice,
  optionalText,
  reference,
  requiredText,
  wholeNumber,
  wire,
} from '../fields.js'
import { defineContract } from '../kit.js'
import { codedTreeContract } from '../presets.js'
import { doneReply, importSummaryReply, pageOf, treeNodeReply } from '../replies.js'
import { warehouseContract } from './storage.js'

/**
 * Assets (spec 02 §7 "Assets"): asset types (a tree) and their properties, assets with their users,
 * the places they stand (computer rooms, canteens) and the storage warehouses, and their value by
 * straight-line depreciation (`valueUnit`, `currentValue`). Money in integer cents.
 * See docs/modules/storage.md ("Assets").
 */

/** Asset states (dict `asset_status`). */
export const ASSET_STATUS = { inStock: 0, inUse: 1, repairing: 2, scrapped: 3 } as const
/** Places (dict `asset_place_kind`). */
export const PLACE_KIND = { computerRoom: 1, canteen: 2 } as const

const optionalRef = (field: string) =>
  z.union([reference(`${field}: must be an id`), z.literal('')]).optional()

/** 资产类型: the coded tree-category preset, with a service life of its own. */
export const assetTypeContract = codedTreeContract({
  path: 'assettype',
  code: 'asset_type',
  noun: 'type',
  /** months of service life (straight-line depreciation) */
  form: { lifeMonths: wholeNumber('lifeMonths', 0, 1200).optional() },
  row: { lifeMonths: wire.number },
  routes: { page: 'getList' },
})

export const assetPropertyContract = defineContract({
  path: 'asset-property',
  code: 'asset_property',
  form: z.object({
    typeId: reference('please select asset type'),
    code: code('please enter property code'),
    name: requiredText('please enter property name', 64),
    unit: optionalText('unit', 16),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    typeId: wire.id,
    typeName: wire.optionalText,
    code: wire.text,
    name: wire.text,
    unit: wire.text,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { name: 'like', typeId: 'eq' },
  routes: { list: false, submit: false, save: 'add', remove: { path: 'delete', methods: ['POST'] } },
})

export const assetContract = defineContract({
  path: 'park-manage/asset',
  code: 'asset',
  form: z.object({
    typeId: reference('please select asset type'),
    code: code('please enter asset code'),
    name: requiredText('please enter asset name', 100),
    /** the asset this one is part of (a server in a rack) */
    parentId: optionalRef('parentId'),
    specification: optionalText('specification', 64),
    /** cents */
    purchasePrice: cents('purchasePrice'),
    /** cents left at the end of its life */
    residualValue: cents('residualValue').optional(),
    purchaseDate: dateTime('purchaseDate'),
    /** months of service life; 0 takes the type's */
    lifeMonths: wholeNumber('lifeMonths', 0, 1200).optional(),
    warehouseId: optionalRef('warehouseId'),
    placeId: optionalRef('placeId'),
    location: optionalText('location', 100),
    status: optionalChoice('status: 0 to 3', 0, 3),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    typeId: wire.id,
    typeName: wire.optionalText,
    code: wire.text,
    name: wire.text,
    parentId: wire.optionalId,
    parentName: wire.optionalText,
    specification: wire.text,
    purchasePrice: wire.number,
    residualValue: wire.number,
    purchaseDate: wire.optionalDate,
    lifeMonths: wire.number,
    warehouseId: wire.optionalId,
    warehouseName: wire.optionalText,
    placeId: wire.optionalId,
    placeName: wire.optionalText,
    location: wire.text,
    status: wire.number,
    remark: wire.text,
    userNames: wire.optionalText,
    /** the unit of `currentValue`: 分 (cents, as every amount) */
    valueUnit: wire.text,
    /** straight-line: price − (price − residual) × min(months used, life) / life, in cents */
    currentValue: wire.number,
    createTime: wire.date,
  }),
  filters: {
    name: 'like',
    code: 'like',
    typeId: 'eq',
    status: 'eq',
    warehouseId: 'eq',
    placeId: 'eq',
    parentId: 'eq',
  },
  sorts: ['code', 'name', 'purchasePrice', 'purchaseDate', 'createTime'],
  routes: {
    list: false,
    submit: false,
    page: 'listAssets',
    save: 'saveAsset',
    update: 'updateAsset',
    remove: { path: 'deleteAsset', methods: ['POST', 'GET'] },
  },
  excel: { export: 'export-asset', template: 'export-asset-template', import: 'importAssetData' },
})

/**
 * Places assets stand in: computer rooms (kind 1) and canteens (kind 2). Ours: the spec names only the
 * two paged lists (`listComputerRoom`, `listCanteen`) and a canteen's detail; code unique per kind.
 */
export const assetPlaceContract = defineContract({
  path: 'park-manage/asset-place',
  code: 'asset_place',
  form: z.object({
    /** dict asset_place_kind */
    kind: choice('please select place kind', 1, 1_000).refine(
      (v) => v === PLACE_KIND.computerRoom || v === PLACE_KIND.canteen,
      'please select place kind',
    ),
    code: code('please enter place code'),
    name: requiredText('please enter place name', 64),
    address: optionalText('address', 255),
    manager: optionalText('manager', 32),
    phone: optionalText('phone', 20),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    kind: wire.number,
    code: wire.text,
    name: wire.text,
    address: wire.text,
    manager: wire.text,
    phone: wire.text,
    remark: wire.text,
    /** live assets standing in the place */
    assetCount: wire.number,
    createTime: wire.date,
  }),
  filters: { kind: 'eq', code: 'like', name: 'like', manager: 'like' },
  sorts: ['kind', 'code', 'name', 'createTime'],
  routes: { list: false, save: false, update: false },
})

export const AssetUserForm = z.object({
  assetId: reference('please select asset'),
  userName: requiredText('please enter user name', 32),
  deptName: optionalText('deptName', 64),
  phone: optionalText('phone', 20),
  startTime: dateTime('startTime'),
  remark: optionalText('remark', 255),
})

/** A user of an asset (the 使用人 dialog). */
export const AssetUserRow = z.object({
  id: wire.id,
  assetId: wire.id,
  userName: wire.text,
  deptName: wire.text,
  phone: wire.text,
  startTime: wire.optionalDate,
  remark: wire.text,
})
export type AssetUserRow = z.infer<typeof AssetUserRow>

// —— the ledger's own calls: assets in stock, an asset's path of names and users, the places ——

function assetCall<P extends z.ZodType | undefined = undefined, R extends z.ZodType | undefined = undefined>(
  input: Omit<CallInput<P, R>, 'tag'>,
) {
  return defineCall<P, R>({ ...input, tag: 'asset' })
}

/** A paged query as BladeX clients send it: filters and paging, read by the list. */
const assetQuery = z.object({}).loose()
/** The `id` of one asset or place (a 64-bit id). */
const idQuery = z
  .object({
    id: z.string({ error: 'must be a 64-bit id' }).regex(/^[1-9]\d{0,18}$/, 'must be a 64-bit id'),
  })
  .loose()
const assetView = assetContract.permissions.view
/** A place as the paged lists answer it (without the count of its assets). */
const PlaceRow = assetPlaceContract.row.omit({ assetCount: true })

export const stockAssetsCall = assetCall({
  path: 'asset/listStockAsset',
  method: 'GET',
  permission: assetView,
  params: assetQuery,
  reply: pageOf(assetContract.row),
  summary: 'assets in stock (paged)',
})

export const assetPathCall = assetCall({
  path: 'park-manage/asset/concatParentAssetNames',
  method: 'GET',
  permission: assetView,
  params: idQuery,
  reply: z.string(),
  summary: 'the asset names from the root down to this one, joined by /',
})

export const assetUsersCall = assetCall({
  path: 'park-manage/asset/listAssetUser',
  method: 'GET',
  permission: assetView,
  params: idQuery,
  reply: z.array(AssetUserRow),
  summary: 'the users of an asset (id: the asset), oldest first',
})

export const saveAssetUserCall = assetCall({
  path: 'park-manage/asset/saveAssetUser',
  method: 'POST',
  in: 'body',
  permission: assetContract.permissions.edit,
  params: AssetUserForm,
  reply: z.object({ id: wire.id }),
  summary: 'add a user of an asset',
})

export const removeAssetUsersCall = assetCall({
  path: 'park-manage/asset/deleteAssetUser',
  method: 'POST',
  in: 'query',
  permission: assetContract.permissions.edit,
  // the ids are checked by the route (its own message)
  params: z.object({ ids: z.string() }),
  reply: doneReply,
  summary: 'remove users of assets (ids)',
})

export const assetWarehousesCall = assetCall({
  path: 'park-manage/asset/listWarehouse',
  method: 'GET',
  permission: assetView,
  params: assetQuery,
  reply: pageOf(warehouseContract.row),
  summary: 'the storage warehouses (paged)',
})

export const computerRoomsCall = assetCall({
  path: 'park-manage/asset/listComputerRoom',
  method: 'GET',
  permission: assetView,
  params: assetQuery,
  reply: pageOf(PlaceRow),
  summary: 'computer rooms (paged)',
})

export const canteenPlacesCall = assetCall({
  path: 'park-manage/asset/listCanteen',
  method: 'GET',
  permission: assetView,
  params: assetQuery,
  reply: pageOf(PlaceRow),
  summary: 'canteens assets stand in (paged)',
})

export const canteenPlaceCall = assetCall({
  path: 'park-manage/asset/detailCanteenById',
  method: 'GET',
  permission: assetView,
  params: idQuery,
  reply: PlaceRow.extend({ assets: z.array(assetContract.row) }),
  summary: 'one canteen (id) with its assets',
})

/** The asset form's place picker: computer rooms and canteens under their kind (only places picked). */
export const placeTreeCall = assetCall({
  path: 'park-manage/asset-place/tree',
  method: 'GET',
  permission: assetPlaceContract.permissions.view,
  reply: z.array(treeNodeReply),
  summary: 'places as TreeNodes under their kind (pickers)',
})

export const importWarehousesCall = assetCall({
  path: 'park-manage/asset/import-warehouse',
  method: 'POST',
  upload: true,
  permission: 'asset_import',
  reply: importSummaryReply,
  summary: 'import storage warehouses (multipart `file`); a bad row writes nothing',
})

export type AssetTypeRow = z.infer<typeof assetTypeContract.row>
export type AssetPropertyRow = z.infer<typeof assetPropertyContract.row>
export type AssetRow = z.infer<typeof assetContract.row>
export type AssetPlaceRow = z.infer<typeof assetPlaceContract.row>

import {
  type AssetRow,
  assetContract,
  assetPlaceContract,
  assetTypeContract,
  placeTreeCall,
} from '@xpark/contract/modules/asset'
import { warehouseContract, warehouseTreeCall } from '@xpark/contract/modules/storage'
import { fromContract, type TreeSource, treeSource } from '@/components/crud'
import type { TreeListDeclaration } from '@/components/kit'
import { AssetUsersButton } from './AssetUsers'
import './i18n'

/** the storage module's warehouses (server: modules/storage/pickers.ts) */
const warehouseSource: TreeSource = { url: warehouseTreeCall.path, code: warehouseContract.code }
/** computer rooms and canteens under their kind (the 机房与食堂 screen's rows) */
const placeSource: TreeSource = { url: placeTreeCall.path, code: assetPlaceContract.code, leavesOnly: true }

const list = fromContract<AssetRow>(assetContract, {
  title: 'asset.list',
  shows: [assetTypeContract.code, assetPlaceContract.code],
  rowExtra: (row, ctx) => <AssetUsersButton row={row} ctx={ctx} />,
  rowExtraCount: 1,
  columns: [
    {
      prop: 'code',
      label: 'asset.code',
      search: 'input',
      width: 110,
      form: { disabledOnEdit: true, span: 12 },
    },
    { prop: 'name', label: 'asset.name', search: 'input', width: 160, form: { span: 12 } },
    {
      prop: 'typeId',
      label: 'asset.typeName',
      render: (_v, row) => row.typeName ?? '',
      treeOf: treeSource(assetTypeContract),
      width: 110,
      form: { span: 12 },
    },
    { prop: 'specification', label: 'asset.specification', width: 100, form: { span: 12 } },
    {
      prop: 'purchasePrice',
      label: 'asset.purchasePrice',
      money: true,
      sortable: true,
      width: 120,
      form: { span: 12 },
    },
    { prop: 'residualValue', label: 'asset.residualValue', money: true, hidden: true, form: { span: 12 } },
    { prop: 'currentValue', label: 'asset.currentValue', money: true, width: 120, form: false },
    { prop: 'purchaseDate', label: 'asset.purchaseDate', width: 170, form: { type: 'date', span: 12 } },
    { prop: 'lifeMonths', label: 'asset.lifeMonths', width: 100, form: { span: 12 } },
    {
      prop: 'status',
      label: 'asset.status',
      dict: 'asset_status',
      search: 'select',
      width: 80,
      form: { span: 12 },
    },
    {
      prop: 'warehouseId',
      label: 'asset.warehouse',
      render: (_v, row) => row.warehouseName ?? '',
      treeOf: warehouseSource,
      hidden: true,
      form: { span: 12 },
    },
    { prop: 'parentName', label: 'asset.parentAsset', width: 110, form: false },
    {
      prop: 'placeId',
      label: 'asset.place',
      render: (_v, row) => row.placeName ?? '',
      treeOf: placeSource,
      width: 110,
      form: { span: 12 },
    },
    { prop: 'location', label: 'asset.location', hidden: true, form: { span: 12 } },
    { prop: 'userNames', label: 'asset.users', width: 120, form: false },
    { prop: 'remark', label: 'asset.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
})

/** 资产台账: the type tree on the left, the chosen type's assets (with their current value) on the right. */
const screen: TreeListDeclaration<AssetRow> = {
  tree: treeSource(assetTypeContract),
  treeTitle: 'asset.type',
  list,
  filter: (typeId) => ({ typeId }),
  defaults: (typeId) => ({ typeId }),
}
export default screen

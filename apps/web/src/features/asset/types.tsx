import { type AssetTypeRow, assetTypeContract } from '@xpark/contract/modules/asset'
import { fromContract, treeSource } from '@/components/crud'
import './i18n'

/** 资产类型: the types as a tree table, each with its service life. */
export default fromContract<AssetTypeRow>(assetTypeContract, {
  title: 'asset.type',
  columns: [
    { prop: 'name', label: 'asset.name', search: 'input', width: 220 },
    { prop: 'code', label: 'asset.code', search: 'input', width: 140, form: { disabledOnEdit: true } },
    {
      prop: 'parentId',
      label: 'asset.parent',
      hideInTable: true,
      treeOf: treeSource(assetTypeContract, { root: true }),
    },
    { prop: 'lifeMonths', label: 'asset.lifeMonths', width: 120 },
    { prop: 'sort', label: 'asset.sort', width: 80 },
    { prop: 'remark', label: 'asset.remark', ellipsis: true, form: { type: 'textarea' } },
  ],
})

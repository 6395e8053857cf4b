import {
  type AssetPropertyRow,
  assetPropertyContract,
  assetTypeContract,
} from '@xpark/contract/modules/asset'
import { fromContract, treeSource } from '@/components/crud'
import './i18n'

/** 资产属性: the properties an asset type records (CPU cores, memory…). */
export default fromContract<AssetPropertyRow>(assetPropertyContract, {
  title: 'asset.property',
  shows: [assetTypeContract.code],
  columns: [
    {
      prop: 'typeId',
      label: 'asset.typeName',
      render: (_v, row) => row.typeName ?? '',
      treeOf: treeSource(assetTypeContract),
      width: 140,
    },
    { prop: 'code', label: 'asset.code', width: 120 },
    { prop: 'name', label: 'asset.name', search: 'input', width: 160 },
    { prop: 'unit', label: 'asset.unit', width: 80 },
    { prop: 'remark', label: 'asset.remark', ellipsis: true },
  ],
})

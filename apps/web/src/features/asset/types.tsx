import { type AssetTypeRow, assetTypeContract } from '@xpark/contract/modules/asset'
import { codedTreeScreen } from '@/components/crud'
import './i18n'

/** 资产类型: the coded tree-category screen, each type with its service life. */
export default codedTreeScreen<AssetTypeRow>(assetTypeContract, {
  title: 'asset.type',
  texts: 'asset',
  columns: [{ prop: 'lifeMonths', label: 'asset.lifeMonths', width: 120 }],
})

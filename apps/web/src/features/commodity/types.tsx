import { type CommodityTypeRow, commodityTypeContract } from '@xpark/contract/modules/commodity'
import { codedTreeScreen } from '@/components/crud'
import './i18n'

/** 商品类型: the coded tree-category screen (add a child from a row), enabled or disabled, with a picture. */
export default codedTreeScreen<CommodityTypeRow>(commodityTypeContract, {
  title: 'commodity.type',
  texts: 'commodity',
  columns: [
    { prop: 'status', label: 'commodity.status', dict: 'commodity_type_status', width: 100, form: false },
    { prop: 'picture', label: 'commodity.picture', hideInTable: true },
  ],
})

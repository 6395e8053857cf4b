import { type CommodityBrandRow, commodityBrandContract } from '@xpark/contract/modules/commodity'
import { fromContract } from '@/components/crud'
import { registerMessages } from '@/i18n'
import '../i18n'

registerMessages({
  'zh-CN': {
    'commodity.brand': '商品品牌',
    'commodity.brandCode': '品牌编码',
    'commodity.brandName': '品牌名称',
    'please enter brand code': '请输入品牌编码',
    'please enter brand name': '请输入品牌名称',
  },
  'en-US': {
    'commodity.brand': 'Brand',
    'commodity.brandCode': 'Brand code',
    'commodity.brandName': 'Brand name',
    'please enter brand code': 'please enter brand code',
    'please enter brand name': 'please enter brand name',
  },
})

/** 商品品牌: the brands of the shop's catalogue. */
export default fromContract<CommodityBrandRow>(commodityBrandContract, {
  title: 'commodity.brand',
  columns: [
    { prop: 'code', label: 'commodity.brandCode', search: 'input', form: { disabledOnEdit: true } },
    { prop: 'name', label: 'commodity.brandName', search: 'input' },
    { prop: 'remark', label: 'commodity.remark', ellipsis: true },
  ],
})

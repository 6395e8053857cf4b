import { type CommodityUnitRow, commodityUnitContract } from '@xpark/contract/modules/commodity'
import { fromContract } from '@/components/crud'
import './i18n'

/** 商品单位: the units a shop sells by. */
export default fromContract<CommodityUnitRow>(commodityUnitContract, {
  title: 'commodity.units',
  columns: [
    { prop: 'code', label: 'commodity.code', search: 'input', form: { disabledOnEdit: true } },
    { prop: 'name', label: 'commodity.name', search: 'input' },
    { prop: 'remark', label: 'commodity.remark', ellipsis: true },
  ],
})

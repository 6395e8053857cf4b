import { type CommodityTypeRow, commodityTypeContract } from '@xpark/contract/modules/commodity'
import { fromContract, treeSource } from '@/components/crud'
import './i18n'

/** 商品类型: the types as a tree table (add a child from a row), enabled or disabled. */
export default fromContract<CommodityTypeRow>(commodityTypeContract, {
  title: 'commodity.type',
  columns: [
    { prop: 'name', label: 'commodity.name', search: 'input', width: 220 },
    { prop: 'code', label: 'commodity.code', search: 'input', width: 140, form: { disabledOnEdit: true } },
    {
      prop: 'parentId',
      label: 'commodity.parent',
      hideInTable: true,
      treeOf: treeSource(commodityTypeContract, { root: true }),
    },
    { prop: 'status', label: 'commodity.status', dict: 'commodity_type_status', width: 100, form: false },
    { prop: 'sort', label: 'commodity.sort', width: 80 },
    { prop: 'picture', label: 'commodity.picture', hideInTable: true },
    { prop: 'remark', label: 'commodity.remark', ellipsis: true, form: { type: 'textarea' } },
  ],
})

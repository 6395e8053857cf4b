import {
  type CommodityMessageRow,
  commodityMessageContract,
  commodityTypeContract,
} from '@xpark/contract/modules/commodity'
import { fromContract, treeSource } from '@/components/crud'
import type { TreeListDeclaration } from '@/components/kit'
import './i18n'

const listings = fromContract<CommodityMessageRow>(commodityMessageContract, {
  title: 'commodity.message',
  // a type's name shows in every row: a type's write refreshes this list too
  shows: [commodityTypeContract.code],
  columns: [
    { prop: 'code', label: 'commodity.code', search: 'input', width: 120, form: { span: 12 } },
    { prop: 'name', label: 'commodity.name', search: 'input', width: 200, form: { span: 12 } },
    {
      prop: 'typeId',
      label: 'commodity.typeName',
      render: (_v, row) => row.typeName ?? '',
      treeOf: treeSource(commodityTypeContract),
      width: 140,
      form: { span: 12 },
    },
    { prop: 'price', label: 'commodity.price', money: true, sortable: true, width: 120, form: { span: 12 } },
    { prop: 'stock', label: 'commodity.stock', sortable: true, width: 100, form: { span: 12 } },
    { prop: 'unit', label: 'commodity.unit', width: 80, form: { span: 12 } },
    { prop: 'specification', label: 'commodity.specification', hidden: true, form: { span: 12 } },
    { prop: 'sort', label: 'commodity.sort', hidden: true, form: { span: 12 } },
    {
      prop: 'status',
      label: 'commodity.status',
      dict: 'commodity_shelf_status',
      search: 'select',
      width: 100,
      form: false,
    },
    { prop: 'picture', label: 'commodity.picture', hideInTable: true },
    { prop: 'description', label: 'commodity.description', hideInTable: true, form: { type: 'textarea' } },
    { prop: 'createTime', label: 'commodity.createTime', search: 'dateRange', width: 170, form: false },
  ],
})

/** 商品信息: the types on the left, the chosen type's listings on the right. */
const screen: TreeListDeclaration<CommodityMessageRow> = {
  tree: treeSource(commodityTypeContract),
  treeTitle: 'commodity.type',
  list: listings,
  filter: (typeId) => ({ typeId }),
  defaults: (typeId) => ({ typeId }),
}
export default screen

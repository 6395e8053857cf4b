import {
  type CommodityOrderRow,
  commodityMessageContract,
  commodityOrderContract,
  ORDER,
} from '@xpark/contract/modules/commodity'
import { fromContract, type TreeSource } from '@/components/crud'
import './i18n'

/** the shop's tree: types with their listings on the shelf as leaves (each with its price) */
const shop: TreeSource = {
  url: `${commodityMessageContract.path}/tree`,
  code: commodityMessageContract.code,
  leavesOnly: true,
}

/** 商品订单: orders as bills (buyer, lines, total), paid, completed or cancelled from a row or the bill. */
export default fromContract<CommodityOrderRow>(commodityOrderContract, {
  title: 'commodity.order',
  dialogWidth: 1000,
  shows: [commodityMessageContract.code],
  // only an order still waiting for payment may change (the server says the same)
  rowCheck: (row, action) =>
    action === 'edit' || action === 'delete' ? row.status === ORDER.placed : action !== 'copy',
  columns: [
    { prop: 'orderNo', label: 'commodity.orderNo', search: 'input', width: 170, form: false },
    { prop: 'buyerName', label: 'commodity.buyerName', search: 'input', width: 120, form: { span: 12 } },
    { prop: 'buyerPhone', label: 'commodity.buyerPhone', search: 'input', width: 130, form: { span: 12 } },
    {
      prop: 'totalAmount',
      label: 'commodity.totalAmount',
      money: true,
      sortable: true,
      width: 130,
      form: false,
    },
    { prop: 'itemCount', label: 'commodity.itemCount', width: 80, form: false },
    // the partner channel it was placed through (read-only: whoever places it for a channel writes it)
    { prop: 'channel', label: 'commodity.channel', width: 100, form: false },
    {
      prop: 'status',
      label: 'commodity.status',
      dict: 'commodity_order_status',
      search: 'select',
      width: 100,
      form: false,
    },
    {
      prop: 'orderTime',
      label: 'commodity.orderTime',
      sortable: true,
      search: 'dateRange',
      width: 170,
      form: false,
    },
    { prop: 'payTime', label: 'commodity.payTime', hidden: true, width: 170, form: false },
    { prop: 'deliveryTime', label: 'commodity.deliveryTime', width: 170, form: { type: 'date', span: 12 } },
    { prop: 'address', label: 'commodity.address', hidden: true, form: { span: 12 } },
    { prop: 'remark', label: 'commodity.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
  dateField: 'orderTime',
  bill: {
    field: 'items',
    lineSchema: commodityOrderContract.lines?.form,
    columns: [
      {
        prop: 'commodityId',
        label: 'commodity.line.commodity',
        width: 280,
        treeOf: shop,
        fill: { commodityName: 'title', price: 'price' },
      },
      { prop: 'price', label: 'commodity.line.price', input: 'read', money: true, width: 120 },
      { prop: 'quantity', label: 'commodity.line.quantity', input: 'number', min: 1, max: 9999, width: 120 },
      {
        prop: 'amount',
        label: 'commodity.line.amount',
        money: true,
        width: 140,
        compute: (line) => Number(line.price ?? 0) * Number(line.quantity ?? 0),
      },
    ],
    totals: [
      { prop: 'quantity', label: 'commodity.itemCount' },
      { prop: 'amount', label: 'commodity.totalAmount', money: true },
    ],
    newLine: () => ({ quantity: 1 }),
  },
})

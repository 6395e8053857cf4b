import {
  BILL_STATUS,
  goodsContract,
  type StorageBillRow,
  storageBillContract,
  warehouseContract,
} from '@xpark/contract/modules/storage'
import { fromContract } from '@/components/crud'
import './i18n'
import { goodsSource, supplierSource, warehouseSource } from './pickers'

/** 出入库单: in, out and move bills as header + lines; submitted, checked or returned from a row or the bill. */
export default fromContract<StorageBillRow>(storageBillContract, {
  title: 'storage.bill',
  dialogWidth: 1100,
  shows: [goodsContract.code, warehouseContract.code],
  // only a draft may change (the server says the same)
  rowCheck: (row, action) =>
    action === 'edit' || action === 'delete' ? row.status === BILL_STATUS.draft : action !== 'copy',
  columns: [
    { prop: 'billNo', label: 'storage.billNo', search: 'input', width: 170, form: false },
    {
      prop: 'billType',
      label: 'storage.billType',
      dict: 'storage_bill_type',
      search: 'select',
      width: 90,
      form: { span: 8 },
    },
    {
      prop: 'warehouseId',
      label: 'storage.warehouseName',
      render: (_v, row) => row.warehouseName ?? '',
      treeOf: warehouseSource,
      width: 120,
      form: { span: 8 },
    },
    {
      prop: 'targetWarehouseId',
      label: 'storage.targetWarehouse',
      render: (_v, row) => row.targetWarehouseName ?? '',
      treeOf: warehouseSource,
      width: 120,
      form: { span: 8, visible: (values) => Number(values.billType) === 3 },
    },
    {
      prop: 'supplierId',
      label: 'storage.supplierName',
      render: (_v, row) => row.supplierName ?? '',
      treeOf: supplierSource,
      hidden: true,
      form: { span: 8, visible: (values) => Number(values.billType) === 1 },
    },
    { prop: 'billDate', label: 'storage.billDate', width: 170, form: { type: 'date', span: 8 } },
    { prop: 'handler', label: 'storage.handler', width: 90, form: { span: 8 } },
    { prop: 'totalQuantity', label: 'storage.totalQuantity', width: 110, form: false },
    { prop: 'totalAmount', label: 'storage.totalAmount', money: true, width: 120, form: false },
    {
      prop: 'status',
      label: 'storage.status',
      dict: 'storage_bill_status',
      search: 'select',
      width: 90,
      form: false,
    },
    { prop: 'checkTime', label: 'storage.checkTime', hidden: true, width: 170, form: false },
    { prop: 'createTime', label: 'storage.createTime', search: 'dateRange', width: 170, form: false },
    { prop: 'remark', label: 'storage.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
  bill: {
    field: 'details',
    lineSchema: storageBillContract.lines?.form,
    columns: [
      {
        prop: 'goodsId',
        label: 'storage.goodsName',
        width: 260,
        treeOf: goodsSource,
        fill: { goodsName: 'title', price: 'price', unit: 'unit' },
      },
      { prop: 'unit', label: 'storage.unit', input: 'read', width: 70 },
      { prop: 'quantity', label: 'storage.quantity', input: 'decimal', width: 120 },
      { prop: 'price', label: 'storage.price', input: 'money', money: true, width: 120 },
      {
        prop: 'amount',
        label: 'storage.amount',
        money: true,
        width: 120,
        compute: (line) => Math.round(Number(line.price ?? 0) * Number(line.quantity ?? 0)),
      },
      { prop: 'batchCode', label: 'storage.batchCode', input: 'text', width: 120 },
    ],
    totals: [
      { prop: 'quantity', label: 'storage.totalQuantity' },
      { prop: 'amount', label: 'storage.totalAmount', money: true },
    ],
    newLine: () => ({ quantity: '1' }),
  },
})

import {
  BILL_STATUS,
  goodsContract,
  measurementContract,
  type StorageBillRow,
  storageBillContract,
  warehouseContract,
} from '@xpark/contract/modules/storage'
import { fromContract } from '@/components/crud'
import './i18n'
import { goodsSource, supplierSource, warehouseSource } from './pickers'

const DECIMAL = /^\d+(\.\d+)?$/

/** a × b of two decimal texts, exactly (as the server converts): the base quantity a line moves */
export function times(a: unknown, b: unknown): string {
  const x = String(a ?? '').trim()
  const y = String(b ?? '').trim()
  if (!DECIMAL.test(x) || !DECIMAL.test(y)) return ''
  const digits = (v: string) => v.split('.')[1]?.length ?? 0
  const scale = digits(x) + digits(y)
  const product = (BigInt(x.replace('.', '')) * BigInt(y.replace('.', '')))
    .toString()
    .padStart(scale + 1, '0')
  const whole = product.slice(0, product.length - scale)
  const fraction = product.slice(product.length - scale).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/** the line's quantity in the goods' base unit: entered × the unit's ratio (a line without a unit: as entered) */
const baseQuantity = (line: Record<string, unknown>) =>
  line.unitQuantity === undefined || line.unitQuantity === null || line.unitQuantity === ''
    ? String(line.quantity ?? '')
    : times(line.unitQuantity, line.unitRatio ?? '1')

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
      {
        prop: 'unitId',
        label: 'storage.lineUnit',
        width: 90,
        // the goods' own units, after its base unit (an empty cell)
        dependent: {
          on: 'goodsId',
          url: `${measurementContract.path}/list`,
          params: (goodsId) => ({ goodsId, size: 100 }),
          code: measurementContract.code,
          value: 'id',
          label: 'name',
          first: (line) =>
            line.unit ? { value: '', label: String(line.unit), row: { name: null, ratio: null } } : undefined,
        },
        fill: { unitName: 'name', unitRatio: 'ratio' },
      },
      { prop: 'unitQuantity', label: 'storage.quantity', input: 'decimal', width: 110 },
      { prop: 'quantity', label: 'storage.baseQuantity', width: 100, compute: baseQuantity },
      { prop: 'unit', label: 'storage.baseUnit', input: 'read', width: 70 },
      { prop: 'price', label: 'storage.price', input: 'money', money: true, width: 110 },
      {
        prop: 'amount',
        label: 'storage.amount',
        money: true,
        width: 110,
        // the price is per base unit
        compute: (line) => Math.round(Number(line.price ?? 0) * Number(baseQuantity(line) || 0)),
      },
      { prop: 'batchCode', label: 'storage.batchCode', input: 'text', width: 120 },
    ],
    totals: [
      { prop: 'quantity', label: 'storage.totalQuantity' },
      { prop: 'amount', label: 'storage.totalAmount', money: true },
    ],
    newLine: () => ({ unitQuantity: '1' }),
  },
})

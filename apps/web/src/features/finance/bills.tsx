import { type BillRow, billContract } from '@xpark/contract/modules/finance'
import { fromContract } from '@/components/crud'
import './i18n'

/** 账单明细: every movement of a card's balance (written by recharges, orders and refunds). */
export default fromContract<BillRow>(billContract, {
  title: 'finance.bill',
  actions: { add: false, copy: false },
  columns: [
    { prop: 'cardNo', label: 'finance.cardNo', search: 'input', form: false },
    { prop: 'holderName', label: 'finance.holderName', search: 'input', form: false },
    { prop: 'billType', label: 'finance.billType', dict: 'finance_bill_type', search: 'select', form: false },
    { prop: 'amount', label: 'finance.amount', money: true, sortable: true, form: false },
    { prop: 'balanceAfter', label: 'finance.balanceAfter', money: true, form: false },
    { prop: 'sourceType', label: 'finance.sourceType', hidden: true, form: false },
    { prop: 'remark', label: 'finance.remark', ellipsis: true },
    { prop: 'createTime', label: 'finance.billTime', search: 'dateRange', form: false, width: 170 },
  ],
  dateField: 'createTime',
})

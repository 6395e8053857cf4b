import { type CardRow, cardContract } from '@xpark/contract/modules/finance'
import { fromContract } from '@/components/crud'
import './i18n'

/** 储值卡: cards and their balances (a balance moves only through recharges, orders and refunds). */
export default fromContract<CardRow>(cardContract, {
  title: 'finance.card',
  columns: [
    { prop: 'cardNo', label: 'finance.cardNo', search: 'input', form: { disabledOnEdit: true } },
    { prop: 'holderName', label: 'finance.holderName', search: 'input' },
    { prop: 'phone', label: 'finance.phone', search: 'input' },
    { prop: 'balance', label: 'finance.balance', money: true, sortable: true, form: false },
    { prop: 'status', label: 'finance.status', dict: 'finance_card_status', search: 'select', form: false },
    { prop: 'remark', label: 'finance.remark', ellipsis: true },
    { prop: 'createTime', label: 'finance.createTime', form: false, width: 170 },
  ],
})

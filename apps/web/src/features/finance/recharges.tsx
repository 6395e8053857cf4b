import { type RechargeRow, rechargeContract } from '@xpark/contract/modules/finance'
import { fromContract } from '@/components/crud'
import './i18n'

/** 充值记录: recharges credit their card when saved; removing one takes it back off the card. */
export default fromContract<RechargeRow>(rechargeContract, {
  title: 'finance.recharge',
  rowCheck: (_row, action) => action !== 'copy',
  columns: [
    { prop: 'cardNo', label: 'finance.cardNo', search: 'input', form: { disabledOnEdit: true } },
    { prop: 'holderName', label: 'finance.holderName', search: 'input', form: false },
    { prop: 'amount', label: 'finance.amount', money: true, sortable: true, form: { disabledOnEdit: true } },
    {
      prop: 'rechargeType',
      label: 'finance.rechargeType',
      dict: 'recharge_type',
      search: 'select',
      form: { disabledOnEdit: true },
    },
    { prop: 'balanceAfter', label: 'finance.balanceAfter', money: true, form: false },
    { prop: 'tradeNo', label: 'finance.tradeNo', search: 'input', form: false },
    { prop: 'remark', label: 'finance.remark', ellipsis: true },
    { prop: 'createTime', label: 'finance.rechargeTime', search: 'dateRange', form: false, width: 170 },
  ],
  dateField: 'createTime',
})

import { type PayOrderRow, payOrderContract } from '@xpark/contract/modules/finance'
import { Button, Space } from 'antd'
import { fromContract } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import './i18n'

/** Open the /pay page in a new tab (spec 01 §2), for an existing order or a new one of a kind. */
export function openPay(query: Record<string, string>): void {
  window.open(`#/pay?${new URLSearchParams(query)}`, '_blank', 'noopener')
}

function PayButtons() {
  const tr = useTr()
  const can = useSession((s) => s.permission)
  return (
    <Space>
      {can.finance_pay_order_sms && (
        <Button data-testid="finance-buy-sms" onClick={() => openPay({ kind: 'sms' })}>
          {tr('finance.buySms')}
        </Button>
      )}
      {can.finance_pay_order_recharge && (
        <Button data-testid="finance-recharge-online" onClick={() => openPay({ kind: 'recharge' })}>
          {tr('finance.rechargeOnline')}
        </Button>
      )}
    </Space>
  )
}

function PayRowButton({ row }: { row: PayOrderRow }) {
  const tr = useTr()
  if (row.status !== 0) return null
  return (
    <Button type="link" size="small" onClick={() => openPay({ tradeNo: row.tradeNo })}>
      {tr('finance.pay')}
    </Button>
  )
}

/** 支付订单: SMS credit purchases and online recharges; an unpaid one opens the /pay page. */
export default fromContract<PayOrderRow>(payOrderContract, {
  title: 'finance.payOrder',
  actions: { add: false, copy: false },
  rowCheck: (row, action) => (action === 'edit' || action === 'delete' ? row.status !== 1 : true),
  toolbarExtra: () => <PayButtons />,
  rowExtra: (row) => <PayRowButton row={row} />,
  columns: [
    { prop: 'tradeNo', label: 'finance.tradeNo', search: 'input', form: false, width: 220 },
    { prop: 'kind', label: 'finance.kind', dict: 'finance_pay_kind', search: 'select', form: false },
    { prop: 'description', label: 'finance.description', ellipsis: true },
    { prop: 'totalFee', label: 'finance.totalFee', money: true, sortable: true, form: false },
    { prop: 'smsCount', label: 'finance.smsCount', form: false },
    { prop: 'cardNo', label: 'finance.cardNo', search: 'input', form: false },
    { prop: 'status', label: 'finance.status', dict: 'finance_pay_status', search: 'select', form: false },
    { prop: 'transactionId', label: 'finance.transactionId', hidden: true, form: false },
    { prop: 'payTime', label: 'finance.payTime', form: false, width: 170 },
    { prop: 'createTime', label: 'finance.createTime', search: 'dateRange', form: false, width: 170 },
  ],
  dateField: 'createTime',
})

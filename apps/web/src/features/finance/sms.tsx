import { useQuery } from '@tanstack/react-query'
import {
  type PayOrderRow,
  payOrderContract,
  smsAccountCall,
  smsPurchasesCall,
  smsPurchasesExportCall,
} from '@xpark/contract/modules/finance'
import { Button, Space, Statistic } from 'antd'
import { callApi, downloadCall } from '@/api/calls'
import { crudKeys, fromContract } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import { openPay } from './payOrders'
import './i18n'

function Credits() {
  const tr = useTr()
  const can = useSession((s) => s.permission)
  const { data } = useQuery({
    queryKey: crudKeys.of(payOrderContract.code, 'sms-account'),
    queryFn: () => callApi(smsAccountCall),
  })
  return (
    <Space size="large" data-testid="finance-sms-credits">
      <Statistic title={tr('finance.smsPurchased')} value={data?.purchased ?? 0} />
      <Statistic title={tr('finance.smsUsed')} value={data?.used ?? 0} />
      <Statistic title={tr('finance.smsRemaining')} value={data?.remaining ?? 0} />
      {can.finance_pay_order_sms && (
        <Button onClick={() => openPay({ kind: 'sms' })}>{tr('finance.buySms')}</Button>
      )}
      {can.finance_sms_export && (
        <Button onClick={() => void downloadCall(smsPurchasesExportCall, undefined, '短信充值明细.xlsx')}>
          {tr('finance.exportPayOut')}
        </Button>
      )}
    </Space>
  )
}

/** 短信额度: the tenant's SMS credits and what was bought (smsnum). */
const screen = fromContract<PayOrderRow>(payOrderContract, {
  title: 'finance.sms',
  actions: { add: false, edit: false, delete: false, copy: false, bulkDelete: false },
  toolbarExtra: () => <Credits />,
  columns: [
    { prop: 'tradeNo', label: 'finance.tradeNo', search: 'input', form: false, width: 220 },
    { prop: 'totalFee', label: 'finance.totalFee', money: true, form: false },
    { prop: 'smsCount', label: 'finance.smsCount', form: false },
    { prop: 'transactionId', label: 'finance.transactionId', form: false },
    { prop: 'payTime', label: 'finance.payTime', form: false, width: 170 },
  ],
})

// the purchases' page is smsnum's (`customerPayOutDetail`), not under the pay orders' own path
const purchases = smsPurchasesCall.path.split('/')
export default {
  ...screen,
  path: purchases.slice(0, -1).join('/'),
  pagePath: purchases.at(-1) ?? 'page',
}

import { useQuery } from '@tanstack/react-query'
import { type PayOrderRow, payOrderContract } from '@xpark/contract/modules/finance'
import { Button, Space, Statistic } from 'antd'
import { getData } from '@/api/http'
import { downloadFile } from '@/api/transfer'
import { crudKeys, fromContract } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import { openPay } from './payOrders'
import './i18n'

interface SmsAccount {
  purchased: number
  used: number
  remaining: number
}

function Credits() {
  const tr = useTr()
  const can = useSession((s) => s.permission)
  const { data } = useQuery({
    queryKey: crudKeys.of(payOrderContract.code, 'sms-account'),
    queryFn: () => getData<SmsAccount>('blade-system/smsnum/detail'),
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
        <Button
          onClick={() =>
            void downloadFile('blade-system/smsnum/exportPayOutDetail', undefined, '短信充值明细.xlsx')
          }
        >
          {tr('finance.exportPayOut')}
        </Button>
      )}
    </Space>
  )
}

/** 短信额度: the tenant's SMS credits and what was bought (blade-system/smsnum). */
export default fromContract<PayOrderRow>(payOrderContract, {
  title: 'finance.sms',
  pagePath: 'blade-system/smsnum/customerPayOutDetail',
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

import {
  createNativeCall,
  type PayStatus,
  payStatusCall,
  rechargeServiceCall,
  simulatePayCall,
  smsServiceCall,
} from '@xpark/contract/modules/finance'
import { centsOf, YUAN_TEXT } from '@xpark/contract/money'
import { Alert, Button, Card, Form, Input, QRCode, Radio, Result, Space, Typography } from 'antd'
import { useCallback, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { callApi } from '@/api/calls'
import { formatMoney } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import './i18n'

/** How often the page asks whether the order is paid. */
const POLL_MS = 2000

type Kind = 'sms' | 'recharge'

/** yuan text (at most two decimals) → cents, or undefined */
export function yuanToCents(text: string): number | undefined {
  if (!YUAN_TEXT.test(text.trim())) return undefined
  const cents = centsOf(text.trim())
  return cents > 0 ? cents : undefined
}

/**
 * The /pay page (spec 01 §2: opened in a new tab from the menu): pick what to pay for and the amount,
 * then the QR code of the order, its amount and its status, polled until paid. With the built-in
 * simulator a button stands in for the customer scanning the code.
 */
export default function PayPage() {
  const tr = useTr()
  const [params, setParams] = useSearchParams()
  const tradeNo = params.get('tradeNo') ?? ''
  const [kind, setKind] = useState<Kind>(params.get('kind') === 'recharge' ? 'recharge' : 'sms')
  const [order, setOrder] = useState<PayStatus>()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  // an order: its QR code once, then its status every POLL_MS until it is paid or closed
  useEffect(() => {
    if (!tradeNo) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      try {
        const status = await callApi(payStatusCall, { tradeNo })
        if (stopped) return
        setOrder(status)
        if (status.status === 0) timer = setTimeout(poll, POLL_MS)
      } catch {
        if (!stopped) timer = setTimeout(poll, POLL_MS * 2)
      }
    }
    callApi(createNativeCall, { tradeNo })
      .then((created) => {
        if (stopped) return
        setOrder(created)
        timer = setTimeout(poll, POLL_MS)
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
    return () => {
      stopped = true
      if (timer) clearTimeout(timer)
    }
  }, [tradeNo])

  const create = useCallback(
    async (values: { amount: string; cardNo?: string }) => {
      const totalFee = yuanToCents(values.amount)
      if (!totalFee) return
      setBusy(true)
      try {
        const made =
          kind === 'sms'
            ? await callApi(smsServiceCall, { totalFee })
            : await callApi(rechargeServiceCall, { cardNo: values.cardNo ?? '', totalFee })
        setParams({ tradeNo: made.tradeNo })
      } finally {
        setBusy(false)
      }
    },
    [kind, setParams],
  )

  const simulate = () => void callApi(simulatePayCall, { tradeNo })

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'flex-start',
        padding: 48,
      }}
    >
      <Card title={tr('pay.title')} style={{ width: 420 }} data-testid="pay-page">
        {error && <Alert type="error" message={error} style={{ marginBottom: 16 }} />}
        {!tradeNo && (
          <Form layout="vertical" onFinish={create} initialValues={{ amount: kind === 'sms' ? '10' : '100' }}>
            <Form.Item label={tr('pay.kind')}>
              <Radio.Group
                value={kind}
                onChange={(e) => setKind(e.target.value as Kind)}
                data-testid="pay-kind"
              >
                <Radio value="sms">{tr('pay.kindSms')}</Radio>
                <Radio value="recharge">{tr('pay.kindRecharge')}</Radio>
              </Radio.Group>
            </Form.Item>
            {kind === 'recharge' && (
              <Form.Item
                name="cardNo"
                label={tr('finance.cardNo')}
                rules={[{ required: true, message: tr('please enter card number') }]}
              >
                <Input data-testid="pay-card" maxLength={32} />
              </Form.Item>
            )}
            <Form.Item
              name="amount"
              label={tr('pay.amount')}
              rules={[
                {
                  validator: async (_r, v: string) =>
                    yuanToCents(String(v ?? ''))
                      ? undefined
                      : Promise.reject(new Error(tr('pay.amountInvalid'))),
                },
              ]}
            >
              <Input data-testid="pay-amount" inputMode="decimal" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} block data-testid="pay-create">
              {tr('pay.create')}
            </Button>
          </Form>
        )}
        {tradeNo && order && order.status === 1 && (
          <Result
            status="success"
            title={tr('pay.paid')}
            subTitle={`${tr('pay.tradeNo')}: ${order.tradeNo} · ¥${formatMoney(order.totalFee)}`}
            data-testid="pay-paid"
            extra={<Button onClick={() => setParams({})}>{tr('pay.again')}</Button>}
          />
        )}
        {tradeNo && order && order.status === 2 && <Result status="warning" title={tr('pay.closed')} />}
        {tradeNo && order && order.status === 0 && (
          <Space direction="vertical" align="center" style={{ width: '100%' }}>
            <Typography.Text type="secondary">{order.description}</Typography.Text>
            <Typography.Title level={2} data-testid="pay-amount-shown" style={{ margin: 0 }}>
              ¥{formatMoney(order.totalFee)}
            </Typography.Title>
            {order.codeUrl && <QRCode value={order.codeUrl} size={220} data-testid="pay-qr" />}
            <Typography.Text>{tr('pay.scan')}</Typography.Text>
            <Typography.Text type="secondary" data-testid="pay-status">
              {tr('pay.waiting')}
            </Typography.Text>
            <Typography.Text type="secondary">
              {tr('pay.tradeNo')}: {order.tradeNo}
            </Typography.Text>
            <Button onClick={simulate} data-testid="pay-simulate">
              {tr('pay.simulate')}
            </Button>
          </Space>
        )}
      </Card>
    </div>
  )
}

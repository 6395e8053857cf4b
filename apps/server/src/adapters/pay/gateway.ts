import { asParams, nonce, type PayParams, signed, verifyParams } from './sign.js'

/**
 * The pay provider as xpark talks to it (native QR pay in the WeChat Pay v2 shape, JSON bodies):
 * `POST /pay/unifiedorder` creates the order and answers its `code_url` (what the QR code holds),
 * the provider later POSTs a signed notify to `notify_url`, and `POST /pay/orderquery` answers an
 * order's `trade_state` (how a payment whose notify never came is settled). Every request and reply
 * is signed with the merchant key (sign.ts); a reply with a bad signature is an error.
 */

export interface Merchant {
  appId: string
  mchId: string
  key: string
  /** the provider's base URL (`http://127.0.0.1:port` for the simulator) */
  gateway: string
}

export interface NativeOrder {
  tradeNo: string
  /** cents */
  totalFee: number
  description: string
  notifyUrl: string
}

export type TradeState = 'SUCCESS' | 'NOTPAY' | 'CLOSED' | 'NOTEXIST'

export interface QueryResult {
  state: TradeState
  transactionId: string
  totalFee: number
}

export class PayGatewayError extends Error {}

const TIMEOUT_MS = 10_000

async function call(merchant: Merchant, path: string, params: PayParams): Promise<PayParams> {
  const body = signed(
    { appid: merchant.appId, mch_id: merchant.mchId, nonce_str: nonce(), ...params },
    merchant.key,
  )
  let res: Response
  try {
    res = await fetch(`${merchant.gateway.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch (error) {
    throw new PayGatewayError(`pay gateway unreachable: ${(error as Error).message}`)
  }
  const reply = asParams(await res.json().catch(() => null))
  if (!reply) throw new PayGatewayError(`pay gateway answered ${res.status} without a body`)
  if (reply.return_code !== 'SUCCESS') throw new PayGatewayError(reply.return_msg || 'pay gateway refused')
  if (!verifyParams(reply, merchant.key)) throw new PayGatewayError('pay gateway reply has a bad signature')
  return reply
}

export async function createNative(
  merchant: Merchant,
  order: NativeOrder,
): Promise<{ codeUrl: string; prepayId: string }> {
  const reply = await call(merchant, '/pay/unifiedorder', {
    body: order.description,
    out_trade_no: order.tradeNo,
    total_fee: String(order.totalFee),
    notify_url: order.notifyUrl,
    trade_type: 'NATIVE',
  })
  if (reply.result_code !== 'SUCCESS' || !reply.code_url)
    throw new PayGatewayError(reply.err_code_des || 'pay gateway did not create the order')
  return { codeUrl: reply.code_url, prepayId: reply.prepay_id ?? '' }
}

export async function queryOrder(merchant: Merchant, tradeNo: string): Promise<QueryResult> {
  const reply = await call(merchant, '/pay/orderquery', { out_trade_no: tradeNo })
  if (reply.result_code !== 'SUCCESS') return { state: 'NOTEXIST', transactionId: '', totalFee: 0 }
  const state = (['SUCCESS', 'NOTPAY', 'CLOSED'] as const).find((s) => s === reply.trade_state) ?? 'NOTPAY'
  return { state, transactionId: reply.transaction_id ?? '', totalFee: Number(reply.total_fee ?? 0) }
}

import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { asParams, nonce, type PayParams, signed, verifyParams } from './sign.js'

/**
 * A loopback pay provider for tests and the embedded demo, in the shape gateway.ts speaks:
 * `POST /pay/unifiedorder` (signed; answers a `weixin://wxpay/bizpayurl?pr=…` code URL),
 * `POST /pay/orderquery` (signed; answers the trade state), and, standing in for the customer who
 * scans the QR code, `POST /sim/pay` (`out_trade_no`, `mch_id`, `notify`=0 to lose the notify). A
 * payment is notified asynchronously to the order's `notify_url`, signed with the merchant key, and
 * retried until the merchant answers `return_code: SUCCESS` (as the real provider does: the merchant
 * sees duplicates). Requests with a bad signature are refused.
 */

export interface SimOrder {
  mchId: string
  appId: string
  tradeNo: string
  totalFee: number
  notifyUrl: string
  prepayId: string
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED'
  transactionId: string
  timeEnd: string
}

/** How a notify reaches the merchant (default: an HTTP POST); answers the merchant's reply body. */
export type Deliver = (url: string, body: PayParams) => Promise<unknown>

export interface PaySimulatorOptions {
  /** merchants known at start (mchId → key); more with `addMerchant` */
  merchants?: Record<string, string>
  deliver?: Deliver
  /** delays of the notify attempts in ms (default 0, 200, 1000, 3000) */
  retries?: readonly number[]
  /** do not keep the process alive for it (the embedded simulator of a running server) */
  unref?: boolean
}

export interface PaySimulator {
  endpoint: string
  orders: Map<string, SimOrder>
  /** every notify sent (attempts included), for tests */
  notifies: PayParams[]
  addMerchant(mchId: string, key: string): void
  /** the customer pays: notified unless `notify` is false; answers once every attempt is done */
  pay(tradeNo: string, options?: { notify?: boolean }): Promise<SimOrder>
  close(): Promise<void>
}

const httpDeliver: Deliver = async (url, body) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  })
  return res.json().catch(() => null)
}

const stamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14)

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > 64 * 1024) return null
    chunks.push(chunk as Buffer)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    return null
  }
}

export async function startPaySimulator(options: PaySimulatorOptions = {}): Promise<PaySimulator> {
  const keys = new Map(Object.entries(options.merchants ?? {}))
  const orders = new Map<string, SimOrder>()
  const notifies: PayParams[] = []
  const deliver = options.deliver ?? httpDeliver
  const retries = options.retries ?? [0, 200, 1000, 3000]

  const reply = (res: ServerResponse, mchId: string | undefined, body: PayParams) => {
    const key = mchId ? keys.get(mchId) : undefined
    const out = key ? signed({ ...body, nonce_str: nonce() }, key) : body
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out))
  }
  const failWith = (res: ServerResponse, msg: string) =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ return_code: 'FAIL', return_msg: msg }))

  async function notify(order: SimOrder) {
    const key = keys.get(order.mchId) ?? ''
    for (const delay of retries) {
      if (delay) await new Promise((r) => setTimeout(r, delay).unref())
      const body = signed(
        {
          appid: order.appId,
          mch_id: order.mchId,
          nonce_str: nonce(),
          return_code: 'SUCCESS',
          result_code: 'SUCCESS',
          out_trade_no: order.tradeNo,
          transaction_id: order.transactionId,
          total_fee: String(order.totalFee),
          time_end: order.timeEnd,
        },
        key,
      )
      notifies.push(body)
      const answer = await deliver(order.notifyUrl, body).catch(() => null)
      if ((answer as { return_code?: string } | null)?.return_code === 'SUCCESS') return
    }
  }

  async function pay(tradeNo: string, { notify: send = true } = {}) {
    const order = orders.get(tradeNo)
    if (!order) throw new Error(`simulator: no order ${tradeNo}`)
    if (order.state === 'NOTPAY') {
      order.state = 'SUCCESS'
      order.transactionId = `4200${Date.now()}${randomBytes(3).toString('hex')}`
      order.timeEnd = stamp(new Date())
    }
    if (send) await notify(order)
    return order
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const params = asParams(await readJson(req))
      if (req.method !== 'POST' || !params) return failWith(res, 'bad request')
      const key = keys.get(params.mch_id ?? '')
      if (req.url === '/sim/pay') {
        const order = orders.get(params.out_trade_no ?? '')
        if (!order || order.mchId !== params.mch_id) return failWith(res, 'ORDERNOTEXIST')
        await pay(order.tradeNo, { notify: params.notify !== '0' })
        return reply(res, undefined, { return_code: 'SUCCESS', trade_state: order.state })
      }
      if (!key) return failWith(res, 'mch_id unknown')
      if (!verifyParams(params, key)) return failWith(res, 'SIGNERROR')
      const mchId = params.mch_id!
      if (req.url === '/pay/unifiedorder') {
        const totalFee = Number(params.total_fee)
        const tradeNo = params.out_trade_no ?? ''
        if (!Number.isInteger(totalFee) || totalFee <= 0 || !tradeNo || !params.notify_url)
          return reply(res, mchId, {
            return_code: 'SUCCESS',
            result_code: 'FAIL',
            err_code_des: 'PARAM_ERROR',
          })
        let order = orders.get(tradeNo)
        if (order && order.totalFee !== totalFee)
          return reply(res, mchId, {
            return_code: 'SUCCESS',
            result_code: 'FAIL',
            err_code_des: 'OUT_TRADE_NO_USED',
          })
        if (!order) {
          order = {
            mchId,
            appId: params.appid ?? '',
            tradeNo,
            totalFee,
            notifyUrl: params.notify_url,
            prepayId: `wx${randomBytes(12).toString('hex')}`,
            state: 'NOTPAY',
            transactionId: '',
            timeEnd: '',
          }
          orders.set(tradeNo, order)
        }
        return reply(res, mchId, {
          return_code: 'SUCCESS',
          result_code: 'SUCCESS',
          appid: order.appId,
          mch_id: mchId,
          prepay_id: order.prepayId,
          trade_type: 'NATIVE',
          code_url: `weixin://wxpay/bizpayurl?pr=${order.prepayId}`,
        })
      }
      if (req.url === '/pay/orderquery') {
        const order = orders.get(params.out_trade_no ?? '')
        if (!order || order.mchId !== mchId)
          return reply(res, mchId, { return_code: 'SUCCESS', result_code: 'FAIL', err_code: 'ORDERNOTEXIST' })
        return reply(res, mchId, {
          return_code: 'SUCCESS',
          result_code: 'SUCCESS',
          mch_id: mchId,
          out_trade_no: order.tradeNo,
          trade_state: order.state,
          transaction_id: order.transactionId,
          total_fee: String(order.totalFee),
          time_end: order.timeEnd,
        })
      }
      return failWith(res, 'not found')
    })().catch(() => failWith(res, 'SYSTEMERROR'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  if (options.unref) server.unref()
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    orders,
    notifies,
    addMerchant: (mchId, key) => void keys.set(mchId, key),
    pay,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

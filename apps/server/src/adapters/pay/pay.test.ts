import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNative, PayGatewayError, queryOrder } from './gateway.js'
import { signed, signParams, signString, verifyParams } from './sign.js'
import { type PaySimulator, startPaySimulator } from './simulator.js'

const KEY = 'merchant-key-0123456789'

describe('pay signature (HMAC-SHA256 over sorted parameters)', () => {
  it('sorts, drops sign and empty values, appends the key', () => {
    expect(signString({ b: '2', a: '1', sign: 'x', e: '' }, 'K')).toBe('a=1&b=2&key=K')
    const expected = createHmac('sha256', 'K').update('a=1&b=2&key=K').digest('hex').toUpperCase()
    expect(signParams({ b: '2', a: '1' }, 'K')).toBe(expected)
  })
  it('verifies its own, refuses a changed value, another key, or no sign', () => {
    const p = signed({ out_trade_no: 'T1', total_fee: '100' }, KEY)
    expect(verifyParams(p, KEY)).toBe(true)
    expect(verifyParams({ ...p, sign: p.sign!.toLowerCase() }, KEY)).toBe(true)
    expect(verifyParams({ ...p, total_fee: '1' }, KEY)).toBe(false)
    expect(verifyParams(p, 'other-key')).toBe(false)
    expect(verifyParams({ out_trade_no: 'T1' }, KEY)).toBe(false)
  })
})

describe('pay simulator and gateway client', () => {
  let sim: PaySimulator
  const delivered: Record<string, string>[] = []
  let answer = 'SUCCESS'
  beforeAll(async () => {
    sim = await startPaySimulator({
      merchants: { M1: KEY },
      retries: [0, 10, 10],
      deliver: async (_url, body) => {
        delivered.push(body)
        return { return_code: answer }
      },
    })
  })
  afterAll(() => sim.close())
  const merchant = () => ({ appId: 'wx1', mchId: 'M1', key: KEY, gateway: sim.endpoint })

  it('creates a native order (code_url), answers its state, and notifies a payment signed', async () => {
    const { codeUrl } = await createNative(merchant(), {
      tradeNo: 'T100',
      totalFee: 100,
      description: 'x',
      notifyUrl: 'http://merchant/notify',
    })
    expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=wx/)
    expect((await queryOrder(merchant(), 'T100')).state).toBe('NOTPAY')
    await sim.pay('T100')
    const [n] = delivered
    expect(n).toMatchObject({ out_trade_no: 'T100', total_fee: '100', result_code: 'SUCCESS' })
    expect(verifyParams(n!, KEY)).toBe(true)
    expect(await queryOrder(merchant(), 'T100')).toMatchObject({ state: 'SUCCESS', totalFee: 100 })
    expect((await queryOrder(merchant(), 'NOPE')).state).toBe('NOTEXIST')
  })

  it('retries a notify the merchant does not acknowledge (the merchant sees duplicates)', async () => {
    delivered.length = 0
    answer = 'FAIL'
    await createNative(merchant(), {
      tradeNo: 'T200',
      totalFee: 5,
      description: 'x',
      notifyUrl: 'http://m/n',
    })
    await sim.pay('T200')
    expect(delivered).toHaveLength(3)
    answer = 'SUCCESS'
  })

  it('refuses a request signed with another key, and a client refuses such a reply', async () => {
    await expect(
      createNative(
        { ...merchant(), key: 'wrong-key' },
        {
          tradeNo: 'T300',
          totalFee: 5,
          description: 'x',
          notifyUrl: 'http://m/n',
        },
      ),
    ).rejects.toThrow(PayGatewayError)
    expect(sim.orders.has('T300')).toBe(false)
  })
})

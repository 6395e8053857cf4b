import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { CrudPage } from './CrudPage'
import type { CrudResource } from './types'

/** A header + lines resource: an order of goods picked from a tree, amounts and totals derived. */
interface Order {
  id: string
  buyer: string
  total: number
}

const order: CrudResource<Order> = {
  path: 'shop/order',
  permissionPrefix: 'order',
  title: 'Order',
  columns: [
    { prop: 'buyer', label: 'Buyer', form: { rules: [{ required: true, message: 'buyer required' }] } },
    { prop: 'total', label: 'Total', money: true, form: false },
  ],
  bill: {
    field: 'items',
    columns: [
      {
        prop: 'goodsId',
        label: 'Goods',
        treeOf: { url: 'shop/goods/tree', code: 'goods', leavesOnly: true },
        fill: { goodsName: 'title', price: 'price' },
      },
      { prop: 'price', label: 'Price', input: 'read', money: true },
      { prop: 'quantity', label: 'Quantity', input: 'number', min: 1 },
      {
        prop: 'amount',
        label: 'Amount',
        money: true,
        compute: (l) => Number(l.price ?? 0) * Number(l.quantity ?? 0),
      },
    ],
    totals: [{ prop: 'amount', label: 'Sum', money: true }],
    newLine: () => ({ quantity: 1 }),
  },
}

const goods = [
  {
    id: '1',
    parentId: '0',
    title: 'Drinks',
    key: '1',
    value: '1',
    children: [
      { id: '11', parentId: '1', title: 'Water', key: '11', value: '11', isLeaf: true, price: 250 },
      { id: '12', parentId: '1', title: 'Tea', key: '12', value: '12', isLeaf: true, price: 400 },
    ],
  },
]

function setup() {
  useSession.setState({
    token: 't',
    permission: { order_add: true, order_view: true },
    userInfo: { id: 'u' } as never,
  })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith('/shop/order/page'))
      return ok({ records: [], total: 0, size: 10, current: 1, pages: 0, orders: [], searchCount: true })
    if (url.pathname.endsWith('/shop/goods/tree')) return ok(goods)
    return ok({ id: '99' })
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<CrudPage resource={order} />)
  return api
}

async function pick(line: number, title: string) {
  await userEvent.click(
    screen.getByTestId(`bill-line-goodsId-${line}`).querySelector('.ant-select-content, input')!,
  )
  // an earlier line's dropdown stays in the page, hidden: the last one is this line's
  await userEvent.click((await screen.findAllByTitle(title)).at(-1)!)
}

describe('the bill dialog (header + lines)', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => vi.unstubAllGlobals())

  it('a pick fills the line, amounts and the total follow the quantities, and the save sends header and lines', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('crud-add'))
    const form = await screen.findByTestId('crud-form')
    await userEvent.type(within(form).getByTestId('crud-form-buyer'), 'Li')
    await userEvent.click(screen.getByTestId('bill-add-line'))
    await pick(0, 'Water')
    expect(await screen.findByTestId('bill-line-price-0')).toHaveProperty('textContent', '2.50')
    const quantity = screen.getByTestId('bill-line-quantity-0')
    await userEvent.clear(quantity)
    await userEvent.type(quantity, '3')
    await waitFor(() => expect(screen.getByTestId('bill-line-amount-0').textContent).toBe('7.50'))
    await userEvent.click(screen.getByTestId('bill-add-line'))
    await pick(1, 'Tea')
    await waitFor(() => expect(screen.getByTestId('bill-total-amount').textContent).toBe('11.50'))
    await userEvent.click(screen.getByTestId('crud-form-submit'))
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.pathname.endsWith('/shop/order/submit'))).toBe(true),
    )
    const body = JSON.parse(String(api.calls.find((c) => c.url.pathname.endsWith('/submit'))!.init?.body))
    expect(body).toMatchObject({
      buyer: 'Li',
      items: [
        { goodsId: '11', quantity: 3 },
        { goodsId: '12', quantity: 1 },
      ],
    })
  })

  it('a bill without lines is not sent', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('crud-add'))
    const form = await screen.findByTestId('crud-form')
    await userEvent.type(within(form).getByTestId('crud-form-buyer'), 'Li')
    await userEvent.click(screen.getByTestId('crud-form-submit'))
    // the empty table says the same words: look for the warning itself
    await waitFor(() =>
      expect(document.querySelector('.ant-message')?.textContent ?? '').toContain('请至少添加一条明细'),
    )
    expect(api.calls.some((c) => c.url.pathname.endsWith('/submit'))).toBe(false)
  })
})

import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { CrudPage } from './CrudPage'
import type { CrudResource } from './types'

/**
 * A line cell whose options depend on another cell of the same line: a goods' units, offered once
 * the goods is picked (its base unit first), cleared when the goods changes; a pick fills the line.
 */
interface Receipt {
  id: string
  note: string
}

const receipt: CrudResource<Receipt> = {
  path: 'store/receipt',
  permissionPrefix: 'receipt',
  title: 'Receipt',
  columns: [{ prop: 'note', label: 'Note' }],
  bill: {
    field: 'details',
    columns: [
      {
        prop: 'goodsId',
        label: 'Goods',
        treeOf: { url: 'store/goods/tree', code: 'goods', leavesOnly: true },
        fill: { goodsName: 'title', unit: 'unit' },
      },
      {
        prop: 'unitId',
        label: 'Unit',
        dependent: {
          on: 'goodsId',
          url: 'store/unit/list',
          params: (goodsId) => ({ goodsId, size: 100 }),
          code: 'unit',
          value: 'id',
          label: 'name',
          first: (line) =>
            line.unit
              ? { value: '', label: String(line.unit), row: { name: line.unit, ratio: '1' } }
              : undefined,
        },
        fill: { unitName: 'name', unitRatio: 'ratio' },
      },
      { prop: 'unitQuantity', label: 'Quantity', input: 'decimal' },
      {
        prop: 'quantity',
        label: 'Base quantity',
        compute: (l) => Number(l.unitQuantity ?? 0) * Number(l.unitRatio ?? 1),
      },
    ],
    totals: [{ prop: 'quantity', label: 'Sum' }],
    newLine: () => ({ unitQuantity: '1' }),
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
      { id: '11', parentId: '1', title: 'Water', key: '11', value: '11', isLeaf: true, unit: 'bottle' },
      { id: '12', parentId: '1', title: 'Tea', key: '12', value: '12', isLeaf: true, unit: 'bag' },
    ],
  },
]
const units: Record<string, { id: string; name: string; ratio: string }[]> = {
  '11': [{ id: '501', name: 'crate', ratio: '24.0000' }],
  '12': [{ id: '601', name: 'carton', ratio: '100.0000' }],
}

function setup() {
  useSession.setState({
    token: 't',
    permission: { receipt_add: true, receipt_view: true },
    userInfo: { id: 'u' } as never,
  })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith('/store/receipt/page'))
      return ok({ records: [], total: 0, size: 10, current: 1, pages: 0, orders: [], searchCount: true })
    if (url.pathname.endsWith('/store/goods/tree')) return ok(goods)
    if (url.pathname.endsWith('/store/unit/list')) {
      const records = units[url.searchParams.get('goodsId') ?? ''] ?? []
      return ok({ records, total: records.length, size: 100, current: 1, pages: 1 })
    }
    return ok({ id: '99' })
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<CrudPage resource={receipt} />)
  return api
}

async function pickGoods(title: string) {
  await userEvent.click(
    screen.getByTestId('bill-line-goodsId-0').querySelector('.ant-select-content, input')!,
  )
  await userEvent.click((await screen.findAllByTitle(title)).at(-1)!)
}

async function pickUnit(name: string) {
  const select = screen.getByTestId('bill-line-unitId-0')
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select)
  const option = await waitFor(() => {
    const hits = document.querySelectorAll(`.ant-select-item-option[title="${name}"]`)
    if (!hits.length) throw new Error(`no option ${name}`)
    return hits[hits.length - 1]!
  })
  fireEvent.click(option)
}

const unitText = () => screen.getByTestId('bill-line-unitId-0').textContent

describe('a dependent line select (options follow another cell of the line)', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => vi.unstubAllGlobals())

  it("offers the picked goods' units after its base unit, fills the line, and clears when the goods changes", async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('crud-add'))
    const form = await screen.findByTestId('crud-form')
    await userEvent.type(within(form).getByTestId('crud-form-note'), 'n')
    await userEvent.click(screen.getByTestId('bill-add-line'))
    // no goods yet: nothing to offer, the select is disabled
    expect(screen.getByTestId('bill-line-unitId-0').className).toMatch(/disabled/)
    expect(api.calls.some((c) => c.url.pathname.endsWith('/store/unit/list'))).toBe(false)

    await pickGoods('Water')
    // the base unit stands for an empty cell
    await waitFor(() => expect(unitText()).toContain('bottle'))
    await pickUnit('crate')
    const unitCall = api.calls.find((c) => c.url.pathname.endsWith('/store/unit/list'))!
    expect(unitCall.url.searchParams.get('goodsId')).toBe('11')
    const quantity = screen.getByTestId('bill-line-unitQuantity-0')
    await userEvent.clear(quantity)
    await userEvent.type(quantity, '2.5')
    await waitFor(() => expect(screen.getByTestId('bill-line-quantity-0').textContent).toBe('60'))
    expect(screen.getByTestId('bill-total-quantity').textContent).toBe('60')

    // another goods: the unit of the first no longer applies, the new goods' units are offered
    await pickGoods('Tea')
    await waitFor(() => expect(unitText()).toContain('bag'))
    expect(screen.getByTestId('bill-line-quantity-0').textContent).toBe('2.5')
    await pickUnit('carton')
    await waitFor(() => expect(screen.getByTestId('bill-line-quantity-0').textContent).toBe('250'))
    expect(
      api.calls.some(
        (c) => c.url.pathname.endsWith('/store/unit/list') && c.url.searchParams.get('goodsId') === '12',
      ),
    ).toBe(true)

    await userEvent.click(screen.getByTestId('crud-form-submit'))
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.pathname.endsWith('/store/receipt/submit'))).toBe(true),
    )
    const body = JSON.parse(String(api.calls.find((c) => c.url.pathname.endsWith('/submit'))!.init?.body))
    expect(body.details).toMatchObject([{ goodsId: '12', unitId: '601', unitQuantity: '2.5' }])
  })

  it('a line back to its base unit sends no unit', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('crud-add'))
    await userEvent.type(within(await screen.findByTestId('crud-form')).getByTestId('crud-form-note'), 'n')
    await userEvent.click(screen.getByTestId('bill-add-line'))
    await pickGoods('Water')
    await pickUnit('crate')
    await waitFor(() => expect(screen.getByTestId('bill-line-quantity-0').textContent).toBe('24'))
    await pickUnit('bottle')
    await waitFor(() => expect(screen.getByTestId('bill-line-quantity-0').textContent).toBe('1'))
    await userEvent.click(screen.getByTestId('crud-form-submit'))
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.pathname.endsWith('/store/receipt/submit'))).toBe(true),
    )
    const body = JSON.parse(String(api.calls.find((c) => c.url.pathname.endsWith('/submit'))!.init?.body))
    expect(body.details[0]).toMatchObject({ goodsId: '11', unitId: '' })
  })
})

import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { InventoryLine, InventoryRow } from '@xpark/contract/modules/storage'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { CountDialog } from './InventoryActions'

const plan = { id: '5', planNo: 'PD202600009', status: 1, profitStatus: 0, lossStatus: 0 } as InventoryRow
const line = (id: string, goodsCode: string, book: string, counted: string | null) =>
  ({
    id,
    inventoryId: '5',
    goodsId: `9${id}`,
    goodsCode,
    goodsName: goodsCode,
    unit: '个',
    batchCode: '',
    bookQuantity: book,
    countQuantity: counted,
    difference: null,
    price: 0,
    remark: '',
  }) as InventoryLine

describe('盘点明细 (count lines of a plan)', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => vi.unstubAllGlobals())

  it('fills the uncounted lines with their book quantity, keeps what was counted, saves only the changes', async () => {
    useSession.setState({ token: 't', permission: {} })
    const api = stubFetch((url) =>
      url.pathname.endsWith('/detail/list')
        ? ok({ records: [line('1', 'G1', '7.5000', null), line('2', 'G2', '3.0000', '2.0000')], total: 2 })
        : ok({}),
    )
    vi.stubGlobal('fetch', api.fn)
    const onClose = vi.fn()
    renderScreen(<CountDialog plan={plan} onClose={onClose} />)
    const fill = await screen.findByTestId('inventory-fill-book')
    await waitFor(() => expect(fill.hasAttribute('disabled')).toBe(false))
    await userEvent.click(fill)
    const shown = (code: string) =>
      Number((screen.getByTestId(`inventory-count-input-${code}`) as HTMLInputElement).value)
    expect(shown('G1')).toBe(7.5)
    expect(shown('G2')).toBe(2)
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }))
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true))
    const updates = api.calls.filter((c) => c.url.pathname.endsWith('/detail/update'))
    expect(updates).toHaveLength(1)
    expect(JSON.parse(String(updates[0]!.init?.body))).toEqual({ id: '1', countQuantity: '7.5000' })
  })
})

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { rowOf, setup, thingResource, things } from './testFixture'

const lastPage = (calls: () => { url: URL }[]) => calls().at(-1)!.url.searchParams

describe('CrudPage list, search and delete', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => changeLanguage('zh-CN'))
  })

  it('loads page 1 with 10 rows, the spec sizes and the total', async () => {
    const { pageCalls } = setup()
    await screen.findByText('name-1')
    const q = lastPage(pageCalls)
    expect([q.get('current'), q.get('size')]).toEqual(['1', '10'])
    expect(screen.getByText('共 35 条')).toBeTruthy()
    // 4 pages: pager items 1..4, a size changer and a quick jumper
    expect(screen.getByTitle('4')).toBeTruthy()
    expect(document.querySelector('.ant-pagination-options-size-changer')).toBeTruthy()
    expect(document.querySelector('.ant-pagination-options-quick-jumper')).toBeTruthy()
  })

  it('while a page loads the table is veiled with a spinner and marked busy, in the same render as the request', async () => {
    const { api } = setup()
    await screen.findByText('name-1')
    const table = screen.getByTestId('crud-table')
    expect(table.getAttribute('aria-busy')).toBe('false')
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => gate.then(() => api.fn(input, init)))
    await userEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('true'))
    expect(table.querySelector('.busy-area-veil .ant-spin')).toBeTruthy()
    // the rows under the veil keep their own styles (antd's loading blurred the whole table)
    expect(table.querySelector('.ant-spin-blur')).toBeNull()
    act(() => release())
    await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'))
    expect(table.querySelector('.busy-area-veil')).toBeNull()
    expect(screen.getByText('name-1')).toBeTruthy()
  })

  it('a page change sends its request before the page renders the change (the render may be long: a size change swaps the table)', async () => {
    const { api } = setup()
    await screen.findByText('name-1')
    const activeAtRequest: (string | null)[] = []
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      if (new URL(input, 'http://x').searchParams.get('current') === '2')
        activeAtRequest.push(document.querySelector('.ant-pagination-item-active')?.textContent ?? null)
      return api.fn(input, init)
    })
    await userEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(activeAtRequest.length).toBe(1))
    // the pager still showed page 1 when the request left, and the table's own query took it over
    expect(activeAtRequest).toEqual(['1'])
    await waitFor(() => expect(document.querySelector('.ant-pagination-item-active')?.textContent).toBe('2'))
    await waitFor(() => expect(screen.getByTestId('crud-table').getAttribute('aria-busy')).toBe('false'))
    expect(activeAtRequest).toHaveLength(1)
  })

  it('reads as one table at every page size: a header row, a row per record with its cells, where each stands', async () => {
    const { pageCalls } = setup()
    await screen.findByText('name-1')
    const table = screen.getByRole('table')
    expect(table).toBe(screen.getByTestId('crud-table'))
    const names = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(names).toEqual(expect.arrayContaining(['Name', 'Code', 'Created']))
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(11)
    expect(table.getAttribute('aria-rowcount')).toBe('11')
    expect(rows[1]!.getAttribute('aria-rowindex')).toBe('2')
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .some((c) => c.textContent === 'name-1'),
    ).toBe(true)

    // a size change keeps the same table (before, 100 rows a page swapped it for a virtual one)
    const inner = table.querySelector('.ant-table')
    await userEvent.click(document.querySelector('.ant-pagination-options .ant-select input')!)
    const option = await waitFor(() => {
      const hit = [...document.querySelectorAll('.ant-select-item-option')].find((o) =>
        o.textContent?.startsWith('100 '),
      )
      if (!hit) throw new Error('no option of 100 rows a page')
      return hit
    })
    fireEvent.click(option)
    await waitFor(() => expect(lastPage(pageCalls).get('size')).toBe('100'))
    await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'))
    expect(table.querySelector('.ant-table')).toBe(inner)
    expect(table.querySelectorAll('[role="row"][aria-rowindex]')).toHaveLength(10)
  })

  it('drops empty search values from the query and sends the declared operator', async () => {
    const { pageCalls } = setup()
    await screen.findByText('name-1')
    await userEvent.type(screen.getByTestId('crud-search-name'), '   ')
    await userEvent.type(screen.getByTestId('crud-search-code'), 'ab')
    await userEvent.click(screen.getByTestId('crud-search-submit'))
    await waitFor(() => expect(lastPage(pageCalls).get('code_like')).toBe('ab'))
    const url = pageCalls().at(-1)!.url
    expect(url.searchParams.has('name')).toBe(false)
    expect(url.search).not.toMatch(/createTime/)
    expect(url.search).toBe('?current=1&size=10&code_like=ab')
  })

  it('a new search starts again from page 1', async () => {
    const { pageCalls } = setup()
    await screen.findByText('name-1')
    await userEvent.click(screen.getByTitle('3'))
    await waitFor(() => expect(lastPage(pageCalls).get('current')).toBe('3'))
    await userEvent.type(screen.getByTestId('crud-search-name'), 'x')
    await userEvent.click(screen.getByTestId('crud-search-submit'))
    await waitFor(() => expect(lastPage(pageCalls).get('name')).toBe('x'))
    expect(lastPage(pageCalls).get('current')).toBe('1')
  })

  it('a date range shortcut (最近一周) filters createTime_dategt / _datelt from page 1', async () => {
    const { pageCalls } = setup()
    await screen.findByText('name-1')
    await userEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(lastPage(pageCalls).get('current')).toBe('2'))
    await userEvent.click(screen.getByTestId('crud-search-createTime').querySelector('input')!)
    for (const label of ['今天', '昨天', '最近一个月', '最近三个月'])
      expect(await screen.findByText(label)).toBeTruthy()
    await userEvent.click(screen.getByText('最近一周'))
    await waitFor(() => expect(lastPage(pageCalls).has('createTime_dategt')).toBe(true))
    const q = lastPage(pageCalls)
    expect(q.get('current')).toBe('1')
    expect(q.get('createTime_dategt')).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/)
    expect(q.get('createTime_datelt')).toMatch(/^\d{4}-\d{2}-\d{2} 23:59:59$/)
  })

  it('bulk delete with nothing selected warns 请选择至少一条数据', async () => {
    const { api } = setup()
    await screen.findByText('name-1')
    await userEvent.click(screen.getByTestId('crud-bulk-delete'))
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy()
    expect(api.calls.some((c) => c.url.pathname.endsWith('/remove'))).toBe(false)
  })

  it('row delete asks 确定将选择数据删除? titled 提示 with 确定 / 取消; 取消 removes nothing', async () => {
    const { api } = setup()
    await screen.findByText('name-1')
    await userEvent.click(screen.getByTestId('crud-row-delete-2'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getAllByText('提示').length).toBeGreaterThan(0)
    expect(within(dialog).getByText('确定将选择数据删除?')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: /确\s*定/ })).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }))
    expect(api.calls.some((c) => c.url.pathname.endsWith('/remove'))).toBe(false)
  })

  it('bulk delete of the ticked rows confirms, removes ids=1,3 and reports 删除成功', async () => {
    const { api } = setup()
    await screen.findByText('name-1')
    await userEvent.click(within(rowOf('name-1')).getByRole('checkbox'))
    await userEvent.click(within(rowOf('name-3')).getByRole('checkbox'))
    await userEvent.click(screen.getByTestId('crud-bulk-delete'))
    expect(await screen.findByText('确定将选择数据删除?')).toBeTruthy()
    await userEvent.click(screen.getByTestId('confirm-ok'))
    expect(await screen.findByText('删除成功')).toBeTruthy()
    const remove = api.calls.find((c) => c.url.pathname.endsWith('/demo/thing/remove'))!
    expect(remove.url.searchParams.get('ids')).toBe('1,3')
  })

  it('export with nothing ticked warns 请勾选要导出的数据; with ticks hands the rows over', async () => {
    const onExport = vi.fn()
    setup(thingResource({ exportable: true, onExport }))
    await screen.findByText('name-1')
    await userEvent.click(screen.getByTestId('crud-export'))
    expect(await screen.findByText('请勾选要导出的数据')).toBeTruthy()
    expect(onExport).not.toHaveBeenCalled()
    await userEvent.click(within(rowOf('name-2')).getByRole('checkbox'))
    await userEvent.click(screen.getByTestId('crud-export'))
    expect(onExport).toHaveBeenCalledWith([things[1]])
  })

  it('row actions follow the button permissions and the per-row check', async () => {
    setup(thingResource({ rowCheck: (row, action) => !(row.id === '1' && action === 'edit') }), {
      permission: { thing_edit: true, thing_view: true },
    })
    await screen.findByText('name-1')
    expect(screen.queryByTestId('crud-add')).toBeNull()
    expect(screen.queryByTestId('crud-bulk-delete')).toBeNull()
    expect(screen.queryByTestId('crud-row-delete-2')).toBeNull()
    expect(screen.queryByTestId('crud-row-copy-2')).toBeNull()
    expect(screen.getByTestId('crud-row-edit-2')).toBeTruthy()
    expect(screen.getByTestId('crud-row-view-1')).toBeTruthy()
    expect(screen.queryByTestId('crud-row-edit-1')).toBeNull()
  })
})

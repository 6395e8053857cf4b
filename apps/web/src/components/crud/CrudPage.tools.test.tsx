import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { ok } from '@/test/render'
import { setup, type Thing, thingResource } from './testFixture'

/** open an antd Select and pick the option with this text */
async function pick(testId: string, option: string) {
  await userEvent.click(within(screen.getByTestId(testId)).getByRole('combobox'))
  const options = await screen.findAllByTitle(option)
  await userEvent.click(options.at(-1)!)
}

describe('CrudPage filter drawer and tree', { timeout: 60_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => changeLanguage('zh-CN'))
  })

  it('a drawer condition {column, symbol, value} is sent as its suffix form from page 1', async () => {
    const { pageCalls } = setup()
    await screen.findByText('name-1')
    await userEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(pageCalls().at(-1)!.url.searchParams.get('current')).toBe('2'))
    await userEvent.click(screen.getByTestId('crud-filter'))
    await pick('crud-filter-prop-0', 'Code')
    await pick('crud-filter-symbol-0', '不等于')
    await userEvent.type(screen.getByTestId('crud-filter-value-0'), 'code1')
    await userEvent.click(screen.getByTestId('crud-filter-apply'))
    await waitFor(() => expect(pageCalls().at(-1)!.url.searchParams.get('code_notequal')).toBe('code1'))
    expect(pageCalls().at(-1)!.url.searchParams.get('current')).toBe('1')
  })

  it('a tree resource lists without paging and loads children when a row is expanded', async () => {
    const roots: (Thing & { hasChildren: boolean })[] = [
      { id: '1', name: 'root', code: 'r', hasChildren: true },
    ]
    const loadChildren = vi.fn(async () => [{ id: '11', name: 'leaf', code: 'l' }] as Thing[])
    const { api } = setup(thingResource({ tree: { listPath: 'lazy-list', loadChildren } }), {
      answer: (url) => (url.pathname.endsWith('/lazy-list') ? ok(roots) : undefined),
    })
    await screen.findByText('root')
    expect(api.calls.some((c) => c.url.pathname.endsWith('/page'))).toBe(false)
    expect(screen.queryByTestId('crud-pagination')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: /expand|展开/i }))
    expect(await screen.findByText('leaf')).toBeTruthy()
    expect(loadChildren).toHaveBeenCalledWith(expect.objectContaining({ id: '1', name: 'root' }))
  })
})

import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import ApiLogPage from './ApiLogPage'
import ErrorLogPage from './ErrorLogPage'

const base = {
  tenantId: '000000',
  serviceId: 'xpark',
  serverHost: 'host-1',
  serverIp: '10.0.0.1',
  env: 'dev',
  userAgent: 'Mozilla/5.0',
  methodClass: 'param',
  methodName: 'submit',
  createBy: 'admin',
  remoteIp: '127.0.0.1',
}
const errorRow = {
  ...base,
  id: '11',
  method: 'POST',
  requestUri: '/blade-system/param/submit',
  params: '{"paramName":"x","password":"******"}',
  createTime: '2024-05-01 10:00:00',
  exceptionName: 'TypeError',
  message: 'boom',
  stackTrace: 'TypeError: boom\n    at a (x.js:1:1)\n    at b (y.js:2:2)',
  lineNumber: 1,
  fileName: 'x.js',
}
const apiRow = {
  ...base,
  id: '21',
  method: 'GET',
  requestUri: '/blade-system/param/page',
  params: '{}',
  createTime: '2024-05-01 10:00:00',
  type: '1',
  title: 'param page',
  time: 12,
  status: 200,
}

// every button code the seed knows: the screens stay read only all the same
const everything = { log_view: true, log_add: true, log_edit: true, log_delete: true }

function setup(ui: React.ReactElement, row: object, permission: Record<string, boolean> = everything) {
  useSession.setState({ token: 't', permission })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith('/page'))
      return ok({ records: [row], total: 1, size: 10, current: 1, pages: 1, orders: [], searchCount: true })
    if (url.pathname.endsWith('/detail')) return ok(row)
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(ui)
  return api
}

describe('log screens', { timeout: 60_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => changeLanguage('zh-CN'))
  })

  it('the error log has no add, edit, copy or delete, even with every button code', async () => {
    const api = setup(<ErrorLogPage />, errorRow)
    expect(await screen.findByText('TypeError')).toBeTruthy()
    expect(screen.getByTestId('log-error-page')).toBeTruthy()
    expect(screen.queryByTestId('crud-add')).toBeNull()
    expect(screen.queryByTestId('crud-bulk-delete')).toBeNull()
    expect(screen.queryByTestId('crud-row-edit-11')).toBeNull()
    expect(screen.queryByTestId('crud-row-copy-11')).toBeNull()
    expect(screen.queryByTestId('crud-row-delete-11')).toBeNull()
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
    // it reads blade-log/error/page
    expect(api.calls[0]!.url.pathname).toMatch(/\/blade-log\/error\/page$/)
  })

  it('view opens the detail with every field, long text in a scrollable pre, and no save', async () => {
    const api = setup(<ErrorLogPage />, errorRow)
    await userEvent.click(await screen.findByTestId('crud-row-view-11'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('查看错误日志')).toBeTruthy()
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.pathname.endsWith('/blade-log/error/detail'))).toBe(true),
    )
    const stack = within(dialog).getByTestId('crud-form-stackTrace')
    expect(stack.tagName).toBe('PRE')
    expect(stack.textContent).toBe(errorRow.stackTrace)
    expect(stack.style.overflow).toBe('auto')
    // parameters are indented JSON
    expect(within(dialog).getByTestId('crud-form-params').textContent).toContain('\n  "paramName": "x"')
    for (const v of ['host-1', '10.0.0.1', 'x.js', 'Mozilla/5.0', '000000'])
      expect(within(dialog).getAllByText(v).length).toBeGreaterThan(0)
    expect(within(dialog).getByTestId('crud-form-submit').style.display).toBe('none')
  })

  it('without log_view there is no view action either', async () => {
    setup(<ErrorLogPage />, errorRow, {})
    await screen.findByText('TypeError')
    expect(screen.queryByTestId('crud-row-view-11')).toBeNull()
  })

  it('the API log searches by URI and method and shows status and duration', async () => {
    const api = setup(<ApiLogPage />, apiRow)
    expect(await screen.findByText('param page')).toBeTruthy()
    expect(screen.getByText('200')).toBeTruthy()
    expect(screen.getByText('成功')).toBeTruthy()
    expect(screen.queryByTestId('crud-add')).toBeNull()
    await userEvent.type(screen.getByTestId('crud-search-requestUri'), '/param')
    await userEvent.click(screen.getByTestId('crud-search-submit'))
    await waitFor(() => expect(api.calls.at(-1)!.url.searchParams.get('requestUri')).toBe('/param'))
    expect(api.calls.at(-1)!.url.pathname).toMatch(/\/blade-log\/api\/page$/)
    expect(screen.getByTestId('crud-search-createTime')).toBeTruthy()
  })
})

import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import ParamPage from './ParamPage'

const rows = [
  { id: '1', paramName: '是否开启注册功能', paramKey: 'account.registerUser', paramValue: 'true' },
  { id: '2', paramName: '账号初始密码', paramKey: 'account.initPassword', paramValue: '123456' },
]

function setup(
  permission: Record<string, boolean> = { param_add: true, param_edit: true, param_delete: true },
) {
  useSession.setState({ token: 't', permission })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith('/param/page'))
      return ok({ records: rows, total: 2, size: 10, current: 1, pages: 1, orders: [], searchCount: true })
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<ParamPage />)
  return api
}

describe('system parameter screen', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => changeLanguage('zh-CN'))
  })

  it('loads page 1 with 10 rows per page', async () => {
    const api = setup()
    expect(await screen.findByText('账号初始密码')).toBeTruthy()
    const q = api.calls[0]!.url.searchParams
    expect([q.get('current'), q.get('size')]).toEqual(['1', '10'])
    expect(q.has('paramName')).toBe(false)
  })

  it('drops empty search values and starts again from page 1', async () => {
    const api = setup()
    await screen.findByText('账号初始密码')
    await userEvent.type(screen.getByTestId('param-search-key'), 'account')
    await userEvent.click(screen.getByTestId('param-search-submit'))
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(1))
    const q = api.calls.at(-1)!.url.searchParams
    expect(q.get('paramKey')).toBe('account')
    expect(q.has('paramName')).toBe(false)
    expect(q.get('current')).toBe('1')
  })

  it('shows the spec validation texts for name, key and value', async () => {
    act(() => changeLanguage('en-US'))
    setup()
    await userEvent.click(await screen.findByTestId('param-add'))
    await userEvent.click(screen.getByTestId('param-form-submit'))
    expect(await screen.findByText('please enter parameter name')).toBeTruthy()
    expect(screen.getByText('please enter parameter key')).toBeTruthy()
    expect(screen.getByText('please enter parameter value')).toBeTruthy()
  })

  it('validates in Chinese by default', async () => {
    setup()
    await userEvent.click(await screen.findByTestId('param-add'))
    await userEvent.click(screen.getByTestId('param-form-submit'))
    expect(await screen.findByText('请输入参数名称')).toBeTruthy()
  })

  it('submits a new parameter without an id and reports 新增成功', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('param-add'))
    await userEvent.type(screen.getByTestId('param-name'), 'n')
    await userEvent.type(screen.getByTestId('param-key'), 'k')
    await userEvent.type(screen.getByTestId('param-value'), 'v')
    await userEvent.click(screen.getByTestId('param-form-submit'))
    expect(await screen.findByText('新增成功')).toBeTruthy()
    const submit = api.calls.find((c) => c.url.pathname.endsWith('/param/submit'))!
    expect(JSON.parse(String(submit.init!.body))).toEqual({ paramName: 'n', paramKey: 'k', paramValue: 'v' })
  })

  it('warns 请选择至少一条数据 on bulk delete with nothing selected', async () => {
    setup()
    await userEvent.click(await screen.findByTestId('param-bulk-delete'))
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy()
  })

  it('asks 确定将选择数据删除? titled 提示 with 确定 / 取消, then deletes and reports 删除成功', async () => {
    const api = setup()
    await screen.findByText('账号初始密码')
    const row = screen.getByText('账号初始密码').closest<HTMLElement>('[role="row"]')!
    await userEvent.click(within(row).getByRole('button', { name: /删\s*除/ }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getAllByText('提示').length).toBeGreaterThan(0)
    expect(within(dialog).getByText('确定将选择数据删除?')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: /取\s*消/ })).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }))
    expect(await screen.findByText('删除成功')).toBeTruthy()
    const remove = api.calls.find((c) => c.url.pathname.endsWith('/param/remove'))!
    expect(remove.url.searchParams.get('ids')).toBe('2')
  })

  it('hides add, edit and delete without the param_* permission codes', async () => {
    setup({})
    await screen.findByText('账号初始密码')
    expect(screen.queryByTestId('param-add')).toBeNull()
    expect(screen.queryByTestId('param-bulk-delete')).toBeNull()
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull()
  })

  it('edits with the id and reports 更新成功', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('crud-row-edit-2'))
    await waitFor(() =>
      expect((screen.getByTestId('param-value') as HTMLTextAreaElement).value).toBe('123456'),
    )
    await userEvent.clear(screen.getByTestId('param-value'))
    await userEvent.type(screen.getByTestId('param-value'), '654321')
    await userEvent.click(screen.getByTestId('param-form-submit'))
    expect(await screen.findByText('更新成功')).toBeTruthy()
    const submit = api.calls.find((c) => c.url.pathname.endsWith('/param/submit'))!
    expect(JSON.parse(String(submit.init!.body))).toEqual({
      id: '2',
      paramName: '账号初始密码',
      paramKey: 'account.initPassword',
      paramValue: '654321',
    })
  })
})

import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TreeListPage } from '@/components/kit/TreeListPage'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import type { DictRow } from './dict'
import { dictScreen } from './dicts'

const root = (id: string, code: string, dictValue: string, isSealed: 0 | 1 = 0): DictRow => ({
  id,
  parentId: '0',
  code,
  dictKey: '-1',
  dictValue,
  sort: Number(id),
  remark: '',
  isSealed,
})
const entry = (id: string, parentId: string, code: string, dictKey: string, dictValue: string): DictRow => ({
  id,
  parentId,
  code,
  dictKey,
  dictValue,
  sort: 1,
  remark: '',
  isSealed: 0,
})
const roots = [root('1', 'sex', '性别'), root('2', 'plate_color', '车牌颜色', 1)]
const children: Record<string, DictRow[]> = {
  sex: [
    {
      ...entry('11', '1', 'sex', '0', '男'),
      hasChildren: true,
      children: [entry('111', '11', 'sex', '00', '少年')],
    },
    entry('12', '1', 'sex', '1', '女'),
  ],
  plate_color: [entry('21', '2', 'plate_color', '1', '蓝色')],
}
const page = <T,>(records: T[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 })

function setup(layout: 'horizontal' | 'vertical' = 'vertical') {
  useSession.setState({
    token: 't',
    permission: { dict_add: true, dict_edit: true, dict_delete: true, dict_view: true },
  })
  const api = stubFetch((url) => {
    const p = url.pathname
    if (p.endsWith('/blade-system/dict/parent-list')) return ok(page(roots))
    if (p.endsWith('/blade-system/dict/list')) {
      const code = url.searchParams.get('code_equal') ?? ''
      // with parentId_notequal=0 the entries only, else the whole tree of that code (parent select)
      if (url.searchParams.get('parentId_notequal') === '0') return ok(children[code] ?? [])
      const r = roots.find((x) => x.code === code)!
      return ok([{ ...r, hasChildren: true, children: children[code] }])
    }
    return ok(true)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<TreeListPage declaration={dictScreen('dict', layout)} />)
  return api
}

const listCalls = (api: ReturnType<typeof setup>) =>
  api.calls.filter(
    (c) => c.url.pathname.endsWith('/dict/list') && c.url.searchParams.get('parentId_notequal') === '0',
  )
const bodyOf = (api: ReturnType<typeof setup>, path: string) =>
  JSON.parse(String(api.calls.find((c) => c.url.pathname.endsWith(path))!.init!.body))

describe('dictionary screen', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => changeLanguage('zh-CN'))
  })

  it('lists the dictionaries from parent-list and asks to pick one', async () => {
    const api = setup()
    expect(await screen.findByText('性别')).toBeTruthy()
    expect(screen.getByTestId('dict-children-empty').textContent).toContain('请选择一个字典查看其字典项')
    const q = api.calls[0]!.url.searchParams
    expect([q.get('current'), q.get('size')]).toEqual(['1', '10'])
  })

  it('the child list follows the chosen parent, as a tree', async () => {
    const api = setup('horizontal')
    expect(screen.getByTestId('dict-page').dataset.layout).toBe('horizontal')
    await userEvent.click(await screen.findByTestId('dict-row-config-1'))
    const table = await screen.findByTestId('dict-child-table')
    expect(await within(table).findByText('男')).toBeTruthy()
    expect(listCalls(api).at(-1)!.url.searchParams.get('code_equal')).toBe('sex')
    // nested entries: 男 expands to 少年
    await userEvent.click(within(table).getByRole('button', { name: /展开|expand/i }))
    expect(await within(table).findByText('少年')).toBeTruthy()

    // another parent (a click on its row): its entries replace the first one's
    await userEvent.click(screen.getByText('车牌颜色'))
    expect(await within(screen.getByTestId('dict-child-table')).findByText('蓝色')).toBeTruthy()
    expect(screen.queryByText('男')).toBeNull()
    expect(listCalls(api).at(-1)!.url.searchParams.get('code_equal')).toBe('plate_color')
    expect(screen.getByTestId('dict-children-title').textContent).toContain('plate_color')
  })

  it('shows the spec validation texts of the dictionary form (English)', async () => {
    act(() => changeLanguage('en-US'))
    setup()
    await userEvent.click(await screen.findByTestId('dict-add'))
    await userEvent.click(screen.getByTestId('dict-form-submit'))
    expect(await screen.findByText('enter dictionary code')).toBeTruthy()
    expect(screen.getByText('enter dictionary name')).toBeTruthy()
    expect(screen.getByText('enter dictionary sort')).toBeTruthy()
  })

  it('shows the child validation texts, dictionary key included (Chinese)', async () => {
    setup()
    await userEvent.click(await screen.findByTestId('dict-row-config-1'))
    await userEvent.click(await screen.findByTestId('dict-child-add'))
    // the dialog starts under the chosen dictionary, with its code
    await waitFor(() => expect((screen.getByTestId('dict-child-code') as HTMLInputElement).value).toBe('sex'))
    await userEvent.click(screen.getByTestId('dict-child-form-submit'))
    expect(await screen.findByText('请输入字典键值')).toBeTruthy()
    expect(screen.getByText('请输入字典名称')).toBeTruthy()
    expect(screen.getByText('请输入字典排序')).toBeTruthy()
  })

  it('adds a child under the chosen dictionary and drops the cached lookups', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('dict-row-config-1'))
    await userEvent.click(await screen.findByTestId('dict-child-add'))
    await userEvent.type(screen.getByTestId('dict-child-dictKey'), '9')
    await userEvent.type(screen.getByTestId('dict-child-dictValue'), '未知')
    await userEvent.type(screen.getByTestId('dict-child-sort'), '3')
    await userEvent.click(screen.getByTestId('dict-child-form-submit'))
    expect(await screen.findByText('新增成功')).toBeTruthy()
    expect(bodyOf(api, '/dict/submit')).toEqual({
      parentId: '1',
      code: 'sex',
      dictKey: '9',
      dictValue: '未知',
      sort: 3,
      isSealed: 0,
    })
  })

  it('the sealed toggle sends isSealed 0 ↔ 1 through update', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('dict-row-seal-1'))
    expect(await screen.findByText('操作成功')).toBeTruthy()
    expect(bodyOf(api, '/dict/update')).toEqual({ id: '1', isSealed: 1 })
    expect(screen.getByTestId('dict-row-seal-2').textContent).toContain('解封')
  })

  it('the form validation rules carry select sealed for a missing flag', async () => {
    const { dictColumns } = await import('./dict')
    const sealed = dictColumns('dict', false).find((c) => c.prop === 'isSealed')!
    const rules = sealed.form ? sealed.form.rules : undefined
    expect(rules?.[0]).toMatchObject({ required: true, message: 'select sealed' })
  })
})

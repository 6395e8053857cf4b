import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { TreeNode } from '@xpark/contract/schemas'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TreeListPage } from '@/components/kit/TreeListPage'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { lazyTreeNode, ok, renderScreen, stubFetch } from '@/test/render'
import type { Region } from './region'
import regions from './regions'

const node = lazyTreeNode
const levels: Record<string, TreeNode[]> = {
  '00': [node('44', '00', '广东省', true)],
  '44': [node('4401', '44', '广州市', true)],
}
const rows: Region[] = [
  { code: '44', parentCode: '00', name: '广东省', regionLevel: 1, sort: 1, remark: '' },
  { code: '4401', parentCode: '44', name: '广州市', regionLevel: 2, sort: 1, remark: '' },
  { code: '440101001001', parentCode: '440101001', name: '某村', regionLevel: 5, sort: 1, remark: '' },
]

function setup() {
  useSession.setState({
    token: 't',
    permission: { region_add: true, region_edit: true, region_delete: true, region_view: true },
  })
  const api = stubFetch((url) => {
    const p = url.pathname
    if (p.endsWith('/region/lazy-tree')) return ok(levels[url.searchParams.get('parentCode') ?? ''] ?? [])
    if (p.endsWith('/region/list')) {
      const parent = url.searchParams.get('parentCode')
      const records = rows.filter((r) => parent === null || r.parentCode === parent)
      return ok({ records, total: records.length, size: 10, current: 1, pages: 1 })
    }
    if (p.endsWith('/region/detail')) {
      const row = rows.find((r) => r.code === url.searchParams.get('code'))!
      return ok({ ...row, parentName: row.parentCode === '44' ? '广东省' : '' })
    }
    return ok(true)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<TreeListPage declaration={regions} />)
  return api
}

const call = (api: ReturnType<typeof setup>, path: string) =>
  api.calls.find((c) => c.url.pathname.endsWith(path))
const value = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value

describe('行政区划 (/base/region)', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => changeLanguage('zh-CN'))
  })

  it('reads the provinces through lazy-tree and lists a picked region’s children', async () => {
    const api = setup()
    expect(await screen.findByTestId('region-node-44')).toBeTruthy()
    expect(call(api, '/region/lazy-tree')!.url.searchParams.get('parentCode')).toBe('00')
    await userEvent.click(screen.getByTestId('region-node-44'))
    await waitFor(() =>
      expect(
        api.calls
          .filter((c) => c.url.pathname.endsWith('/region/list'))
          .at(-1)!
          .url.searchParams.get('parentCode'),
      ).toBe('44'),
    )
    expect(await within(screen.getByTestId('region-table')).findByText('广州市')).toBeTruthy()
    expect(screen.getByText('地市')).toBeTruthy()
  })

  it('adds under the picked province: its code, the next level; the parent name is not sent', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('region-node-44'))
    await userEvent.click(screen.getByTestId('region-add'))
    await waitFor(() => expect(value('region-parentCode')).toBe('44'))
    expect(value('region-code')).toBe('44')
    expect(screen.getByText('下级区划编号须以上级编号开头')).toBeTruthy()
    await userEvent.clear(screen.getByTestId('region-code'))
    await userEvent.click(screen.getByTestId('region-save'))
    expect(await screen.findByText('请输入区划编号')).toBeTruthy()
    expect(screen.getByText('请输入区划名称')).toBeTruthy()

    await userEvent.type(screen.getByTestId('region-code'), ' 4403 ')
    await userEvent.type(screen.getByTestId('region-name'), '深圳市 ')
    await userEvent.click(screen.getByTestId('region-save'))
    expect(await screen.findByText('新增成功')).toBeTruthy()
    expect(JSON.parse(String(call(api, '/region/submit')!.init!.body))).toEqual({
      parentCode: '44',
      code: '4403',
      name: '深圳市',
      regionLevel: 2,
      sort: 1,
    })
  })

  it('新增下级 on a row starts under it; a village (level 5) has none', async () => {
    setup()
    const table = await screen.findByTestId('region-table')
    expect(await within(table).findByText('某村')).toBeTruthy()
    expect(screen.queryByTestId('region-row-add-440101001001')).toBeNull()
    await userEvent.click(screen.getByTestId('region-row-add-4401'))
    await waitFor(() => expect(value('region-parentCode')).toBe('4401'))
    expect(value('region-code')).toBe('4401')
    expect(screen.getByText('区县')).toBeTruthy()
  })

  it('edits by code and removes with the id parameter after the confirm', async () => {
    const api = setup()
    const table = await screen.findByTestId('region-table')
    await within(table).findByText('广州市')
    await userEvent.click(screen.getByTestId('crud-row-edit-4401'))
    await waitFor(() => expect(call(api, '/region/detail')!.url.searchParams.get('code')).toBe('4401'))
    await waitFor(() => expect(value('region-name')).toBe('广州市'))
    // a region's code is its key: not editable
    expect((screen.getByTestId('region-code') as HTMLInputElement).disabled).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: /取\s*消/ }))

    await userEvent.click(screen.getByTestId('crud-row-delete-4401'))
    await userEvent.click(await screen.findByTestId('confirm-ok'))
    await waitFor(() => expect(call(api, '/region/remove')!.url.searchParams.get('id')).toBe('4401'))
  })
})

import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { TreeNode } from '@xpark/contract/schemas'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CrudResource } from '@/components/crud'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { lazyTreeNode, ok, renderScreen, stubFetch } from '@/test/render'
import { TreeListPage } from './TreeListPage'
import type { TreeListDeclaration } from './treeListDeclaration'

/** An area tree read one level at a time, its areas listed by parent. */
interface Area {
  code: string
  parentCode: string
  name: string
  depth: number
}

const node = lazyTreeNode
const levels: Record<string, TreeNode[]> = {
  '0': [node('11', '0', '北区', true), node('12', '0', '南区', false)],
  '11': [node('1101', '11', '一号楼', false)],
}
const areas: Area[] = [
  { code: '11', parentCode: '0', name: '北区', depth: 1 },
  { code: '12', parentCode: '0', name: '南区', depth: 1 },
  { code: '1101', parentCode: '11', name: '一号楼', depth: 2 },
]

const list: CrudResource<Area> = {
  path: 'demo/area',
  pagePath: 'list',
  rowKey: 'code',
  permissionPrefix: 'area',
  title: 'area',
  columns: [
    { prop: 'code', label: 'code', form: { span: 12 }, testId: { form: 'area-code' } },
    { prop: 'name', label: 'name', form: { span: 12 }, testId: { form: 'area-name' } },
    { prop: 'parentCode', label: 'parent', form: { span: 12 }, testId: { form: 'area-parentCode' } },
    { prop: 'depth', label: 'depth', form: { type: 'number', span: 12 }, testId: { form: 'area-depth' } },
  ],
}

const declaration: TreeListDeclaration<Area> = {
  lazyTree: { url: 'demo/area/lazy-tree', param: 'parentCode', root: '0', code: 'demo/area' },
  treeTitle: 'areas',
  list,
  filter: (parentCode) => ({ parentCode }),
  defaults: (parentCode, picked) => ({ parentCode, code: parentCode, depth: picked.depth + 1 }),
  rootDefaults: { parentCode: '0', depth: 1 },
  testIds: { page: 'area-page', node: 'area-node-' },
}

function setup() {
  useSession.setState({ token: 't', permission: { area_add: true, area_edit: true, area_delete: true } })
  const api = stubFetch((url) => {
    const p = url.pathname
    if (p.endsWith('/demo/area/lazy-tree')) return ok(levels[url.searchParams.get('parentCode') ?? ''] ?? [])
    if (p.endsWith('/demo/area/list')) {
      const parent = url.searchParams.get('parentCode')
      const records = areas.filter((a) => parent === null || a.parentCode === parent)
      return ok({ records, total: records.length, size: 10, current: 1, pages: 1 })
    }
    return ok(true)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<TreeListPage declaration={declaration} />)
  return api
}

const levelCalls = (api: ReturnType<typeof setup>, parent: string) =>
  api.calls.filter(
    (c) => c.url.pathname.endsWith('/lazy-tree') && c.url.searchParams.get('parentCode') === parent,
  )
const listCalls = (api: ReturnType<typeof setup>) =>
  api.calls.filter((c) => c.url.pathname.endsWith('/area/list'))

/** the expand arrow of a tree node */
const switcherOf = (title: HTMLElement) =>
  title.closest('.ant-tree-treenode')!.querySelector('.ant-tree-switcher') as HTMLElement

describe('TreeListPage: a lazy tree beside a list', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => changeLanguage('zh-CN'))
  })

  it('loads the top level, and a node’s children only when it is opened', async () => {
    const api = setup()
    expect(await screen.findByTestId('area-node-11')).toBeTruthy()
    expect(screen.getByTestId('area-node-12')).toBeTruthy()
    expect(levelCalls(api, '0')).toHaveLength(1)
    expect(levelCalls(api, '11')).toHaveLength(0)
    expect(screen.queryByTestId('area-node-1101')).toBeNull()
    // 南区 has no children: no arrow to open it
    expect(switcherOf(screen.getByTestId('area-node-12')).className).toContain('noop')

    await userEvent.click(switcherOf(screen.getByTestId('area-node-11')))
    expect(await screen.findByTestId('area-node-1101')).toBeTruthy()
    expect(levelCalls(api, '11')).toHaveLength(1)
    expect(screen.getByTestId('area-page').dataset.layout).toBe('horizontal')
  })

  it('picking a node filters the list; 全部 shows every row again', async () => {
    const api = setup()
    const table = () => screen.getByTestId('crud-page')
    expect(await within(table()).findByText('一号楼')).toBeTruthy()
    expect(listCalls(api).at(-1)!.url.searchParams.get('parentCode')).toBeNull()

    await userEvent.click(await screen.findByTestId('area-node-11'))
    await waitFor(() => expect(listCalls(api).at(-1)!.url.searchParams.get('parentCode')).toBe('11'))
    await waitFor(() => expect(within(table()).queryByText('南区')).toBeNull())
    expect(within(table()).getByText('一号楼')).toBeTruthy()

    await userEvent.click(screen.getByTestId('area-node-all'))
    await waitFor(() => expect(listCalls(api).at(-1)!.url.searchParams.get('parentCode')).toBeNull())
  })

  it('adds under the picked node with its defaults (a child one level down), at the top without one', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('crud-add'))
    await waitFor(() => expect((screen.getByTestId('area-parentCode') as HTMLInputElement).value).toBe('0'))
    expect((screen.getByTestId('area-depth') as HTMLInputElement).value).toBe('1')
    await userEvent.click(screen.getByRole('button', { name: /取\s*消/ }))

    // open 北区 and pick 一号楼 (depth 2): a new area goes under it at depth 3
    await userEvent.click(switcherOf(await screen.findByTestId('area-node-11')))
    await userEvent.click(await screen.findByTestId('area-node-1101'))
    await userEvent.click(screen.getByTestId('crud-add'))
    await waitFor(() =>
      expect((screen.getByTestId('area-parentCode') as HTMLInputElement).value).toBe('1101'),
    )
    expect((screen.getByTestId('area-code') as HTMLInputElement).value).toBe('1101')
    expect((screen.getByTestId('area-depth') as HTMLInputElement).value).toBe('3')

    // after the write every level loaded so far is read again (a new child shows in the tree)
    const before = [levelCalls(api, '0').length, levelCalls(api, '11').length]
    await userEvent.type(screen.getByTestId('area-code'), '01')
    await userEvent.type(screen.getByTestId('area-name'), '一单元')
    await userEvent.click(screen.getByTestId('crud-form-submit'))
    expect(await screen.findByText('新增成功')).toBeTruthy()
    const body = JSON.parse(
      String(api.calls.find((c) => c.url.pathname.endsWith('/area/submit'))!.init!.body),
    )
    expect(body).toMatchObject({ parentCode: '1101', code: '110101', name: '一单元', depth: 3 })
    await waitFor(() => expect(levelCalls(api, '0').length).toBeGreaterThan(before[0]!))
    expect(levelCalls(api, '11').length).toBeGreaterThan(before[1]!)
  })
})

import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import MenuPage from './MenuPage'
import { menuResource } from './menu'

const rows = [
  {
    id: '11',
    parentId: '0',
    code: 'system',
    name: '系统管理',
    path: '/system',
    category: 1,
    hasChildren: true,
  },
  // a button that kept a path and an open mode from when it was a menu
  {
    id: '12',
    parentId: '0',
    code: 'menu_x',
    name: '孤立按钮',
    alias: 'x',
    category: 2,
    path: '/stale',
    isOpen: 2,
    hasChildren: false,
  },
]

describe('menu screen', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('loads the first level from menu/lazy-list; 新增子项 only on menus', async () => {
    useSession.setState({ token: 't', permission: { menu_add: true, menu_edit: true, menu_delete: true } })
    const api = stubFetch((url) => {
      if (url.pathname.endsWith('/blade-system/menu/lazy-list')) return ok(rows)
      if (url.pathname.includes('dict')) return ok([])
      return ok(null)
    })
    vi.stubGlobal('fetch', api.fn)
    renderScreen(<MenuPage />)
    expect(await screen.findByText('系统管理')).toBeTruthy()
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.pathname.endsWith('/blade-system/menu/lazy-list'))).toBe(true),
    )
    expect(screen.getByTestId('menu-add-child-11')).toBeTruthy()
    expect(screen.queryByTestId('menu-add-child-12')).toBeNull()
  })

  it('declares the form: required code, name, category; dictionaries; a cleared parent is the root', () => {
    const field = (prop: string) => menuResource.columns.find((c) => c.prop === prop)!
    const rulesOf = (prop: string) => {
      const form = field(prop).form
      return form ? (form.rules?.length ?? 0) : 0
    }
    for (const prop of ['code', 'name', 'category']) expect(rulesOf(prop), prop).toBeGreaterThan(0)
    expect(field('parentId').hideInTable).toBe(true)
    expect(field('hidden').form).toMatchObject({ type: 'switch' })
    expect(menuResource.tree?.listPath).toBe('lazy-list')
    expect(menuResource.beforeSubmit?.({ name: 'x', parentId: undefined }, 'add')).toMatchObject({
      parentId: '0',
    })
    expect(menuResource.beforeSubmit?.({ name: 'x', parentId: '11' }, 'edit')).toMatchObject({
      parentId: '11',
    })
  })

  it('a button has no path or page options in the form; a menu has no button function', async () => {
    useSession.setState({ token: 't', permission: { menu_add: true, menu_edit: true, menu_delete: true } })
    const api = stubFetch((url) => {
      if (url.pathname.endsWith('/blade-system/menu/lazy-list')) return ok(rows)
      if (url.pathname.endsWith('/blade-system/menu/detail'))
        return ok(rows.find((r) => r.id === url.searchParams.get('id')))
      if (url.pathname.includes('dict')) return ok([])
      return ok(null)
    })
    vi.stubGlobal('fetch', api.fn)
    renderScreen(<MenuPage />)
    const shown = (testId: string) => screen.getByTestId(testId).closest('[hidden]') === null
    await userEvent.click(await screen.findByTestId('crud-row-edit-12'))
    await waitFor(() =>
      expect((screen.getByTestId('crud-form-name') as HTMLInputElement).value).toBe('孤立按钮'),
    )
    await waitFor(() => expect(shown('crud-form-path')).toBe(false))
    expect(shown('crud-form-isOpen')).toBe(false)
    expect(shown('crud-form-action')).toBe(true)
    // saved without the fields a button does not have
    await userEvent.click(screen.getByTestId('menu-form-submit'))
    await waitFor(() => expect(api.calls.some((c) => c.url.pathname.endsWith('/menu/submit'))).toBe(true))
    const body = JSON.parse(
      String(api.calls.find((c) => c.url.pathname.endsWith('/menu/submit'))!.init!.body),
    ) as Record<string, unknown>
    expect(body).toMatchObject({ id: '12', name: '孤立按钮', category: 2 })
    expect(body).not.toHaveProperty('path')
    expect(body).not.toHaveProperty('isOpen')
    await userEvent.click(screen.getByTestId('crud-row-edit-11'))
    await waitFor(() =>
      expect((screen.getByTestId('crud-form-name') as HTMLInputElement).value).toBe('系统管理'),
    )
    await waitFor(() => expect(shown('crud-form-path')).toBe(true))
    expect(shown('crud-form-action')).toBe(false)
  })
})

import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { MenuNode } from '@xpark/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import ShortcutPage from './ShortcutPage'
import { menuOptions } from './shortcut'

const node = (
  id: string,
  name: string,
  path: string,
  children?: MenuNode[],
  category: 1 | 2 = 1,
): MenuNode => ({
  id,
  parentId: '0',
  code: id,
  name,
  alias: 'menu',
  path,
  source: `${id}Outlined`,
  sort: 1,
  category,
  action: 0,
  isOpen: 1,
  remark: '',
  hidden: false,
  roles: [],
  keepAlive: true,
  hasChildren: Boolean(children),
  ...(children ? { children } : {}),
})
const menu = [
  node('1', '系统管理', '/system', [node('11', '用户管理', '/system/user'), node('12', '新增', '', [], 2)]),
]

describe('shortcut screen (快捷方式)', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('menu options: screens are selectable, folders group them, buttons are left out', () => {
    const options = menuOptions(menu)
    expect(options).toHaveLength(1)
    expect(options[0]).toMatchObject({ title: '系统管理', selectable: false })
    expect(options[0]!.children).toEqual([
      { title: '用户管理', value: '11', path: '/system/user', source: '11Outlined', selectable: true },
    ])
  })

  it('picking a menu fills name, path and icon; the submit carries them', async () => {
    useSession.setState({ token: 't', menu, permission: { shortcut_add: true } })
    const api = stubFetch((url) => {
      if (url.pathname.endsWith('/shortcut/page'))
        return ok({ records: [], total: 0, size: 10, current: 1, pages: 0 })
      return ok(true)
    })
    vi.stubGlobal('fetch', api.fn)
    renderScreen(<ShortcutPage />)
    await userEvent.click(await screen.findByTestId('shortcut-add'))
    await userEvent.click(screen.getByTestId('shortcut-form-submit'))
    expect(await screen.findByText('请输入名称')).toBeTruthy()
    expect(api.calls.some((c) => c.url.pathname.endsWith('/shortcut/submit'))).toBe(false)

    const picker = screen.getByTestId('shortcut-menu')
    await userEvent.click(picker.querySelector('.ant-select-selector') ?? picker)
    await userEvent.click(await screen.findByTitle('用户管理'))
    await waitFor(() =>
      expect((screen.getByTestId('shortcut-path') as HTMLInputElement).value).toBe('/system/user'),
    )
    expect((screen.getByTestId('shortcut-name') as HTMLInputElement).value).toBe('用户管理')
    await userEvent.click(screen.getByTestId('shortcut-form-submit'))
    expect(await screen.findByText('新增成功')).toBeTruthy()
    const call = api.calls.find((c) => c.url.pathname.endsWith('/shortcut/submit'))!
    expect(JSON.parse(String(call.init!.body))).toMatchObject({
      menuId: '11',
      name: '用户管理',
      path: '/system/user',
      source: '11Outlined',
      sort: 0,
    })
  })
})

import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { MenuNode } from '@xpark/contract'
import { MemoryRouter, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppRoutes } from '../../app/router'
import { useLock } from '../../stores/lock'
import { useSession } from '../../stores/session'
import { useTabs } from '../../stores/tabs'

const node = (id: string, name: string, path: string, over: Partial<MenuNode> = {}): MenuNode => ({
  id,
  parentId: '0',
  code: id,
  name,
  alias: 'menu',
  path,
  source: 'setting',
  sort: 1,
  category: 1,
  action: 0,
  isOpen: 1,
  remark: '',
  hidden: false,
  roles: [],
  keepAlive: false,
  hasChildren: false,
  ...over,
})

const menu = [
  node('sys', '系统管理', '/system', {
    children: [
      node('param', '参数管理', '/system/param', { keepAlive: true }),
      node('hidden', '隐藏菜单', '/system/hidden', { hidden: true }),
      node('ops', '运维菜单', '/system/ops', { roles: ['ops'] }),
    ],
  }),
]

const ok = (data: unknown) => ({ code: 200, success: true, data, msg: '' })
const user = {
  realName: '管理员',
  tenantName: '演示租户',
  tenantLogo: '',
  roleAliases: ['administrator'],
  defaultPassword: true,
  avatar: '',
}
const page = { records: [], total: 0, size: 10, current: 1, pages: 0 }

let calls: string[] = []
let where = ''
function Where() {
  const l = useLocation()
  where = l.pathname + l.search
  return null
}

function renderShell(path = '/wel/index') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <Where />
    </MemoryRouter>,
  )
}

describe('console shell', () => {
  beforeEach(() => {
    calls = []
    useSession.setState({ token: 'acc', refreshToken: 'ref', tokenStoredAt: Date.now(), tenantId: '000000' })
    vi.stubGlobal('fetch', async (input: string) => {
      const url = new URL(input, 'http://localhost')
      calls.push(url.pathname + url.search)
      const p = url.pathname
      const body = p.endsWith('/blade-user/info')
        ? ok(user)
        : p.endsWith('/menu/routes')
          ? ok(menu)
          : p.endsWith('/menu/buttons')
            ? ok([])
            : p.endsWith('/menu/top-menu')
              ? ok([{ id: 't1', code: 'park', name: '园区', source: '', sort: 1 }])
              : p.endsWith('/param/page')
                ? ok(page)
                : p.endsWith('/oauth/logout')
                  ? { success: 'true', msg: 'success' }
                  : ok(null)
      return new Response(JSON.stringify(body))
    })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    useSession.getState().clear()
    useTabs.getState().reset()
    useLock.getState().clear()
  })

  it('shows the filtered menu, the home tab and the default-password banner', async () => {
    renderShell()
    expect(await screen.findByTestId('sidebar-item-/system')).toBeTruthy()
    expect(screen.queryByTestId('sidebar-item-/system/hidden')).toBeNull()
    expect(screen.queryByTestId('sidebar-item-/system/ops')).toBeNull()
    expect(screen.getByTestId('tab-/wel/index').textContent).toBe('首页')
    expect(await screen.findByTestId('default-password-banner')).toBeTruthy()
    expect(screen.getByTestId('top-menu-home').textContent).toBe('首页')
    expect(await screen.findByText('园区')).toBeTruthy()
  })

  it('an initial password holds the change-password dialog open until it is changed', async () => {
    let required = true
    vi.stubGlobal('fetch', async (input: string) => {
      const url = new URL(input, 'http://localhost')
      calls.push(url.pathname + url.search)
      const p = url.pathname
      if (p.endsWith('/blade-user/update-password')) {
        required = false
        return new Response(JSON.stringify(ok(null)))
      }
      const body = p.endsWith('/blade-user/info')
        ? ok({ ...user, passwordChangeRequired: required })
        : p.endsWith('/menu/routes')
          ? ok(menu)
          : p.endsWith('/menu/buttons') || p.endsWith('/menu/top-menu')
            ? ok([])
            : { code: 403, success: false, data: { passwordChangeRequired: true }, msg: '请先修改初始密码' }
      return new Response(JSON.stringify(body), { status: body.code === 403 ? 403 : 200 })
    })
    renderShell()
    expect(await screen.findByTestId('password-required')).toBeTruthy()
    const dialog = screen.getByTestId('password-required').closest('.ant-modal') as HTMLElement
    expect(within(dialog).queryByRole('button', { name: /取\s*消/ })).toBeNull()
    expect(dialog.querySelector('.ant-modal-close')).toBeNull()
    await userEvent.type(screen.getByTestId('password-old'), 'Init@2026xx')
    const fields = dialog.querySelectorAll('input[type=password]')
    await userEvent.type(fields[1] as HTMLElement, 'Mine@2026xx')
    await userEvent.type(fields[2] as HTMLElement, 'Mine@2026xx')
    await userEvent.click(screen.getByTestId('password-submit'))
    await waitFor(() => expect(screen.queryByTestId('password-required')).toBeNull())
    expect(calls.some((c) => c.startsWith('/xparkApi/blade-user/update-password'))).toBe(true)
  })

  it('opens a menu item as a tab, titles the page and closes back to home', async () => {
    renderShell()
    await userEvent.click(await screen.findByTestId('sidebar-item-/system'))
    await userEvent.click(await screen.findByTestId('sidebar-item-/system/param'))
    expect(await screen.findByTestId('tab-/system/param')).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('参数管理-智慧园区管理平台'))
    await screen.findByTestId('param-page')
    const tab = screen.getByTestId('tab-/system/param').closest('[role="tab"]')!.parentElement!
    await userEvent.click(within(tab).getByRole('button', { name: /remove|close/i }))
    await waitFor(() => expect(where).toBe('/wel/index'))
    expect(screen.queryByTestId('tab-/system/param')).toBeNull()
  })

  it('sends unknown paths to /404', async () => {
    renderShell('/no/such/screen')
    expect(await screen.findByTestId('error-page-404')).toBeTruthy()
  })

  it('requires a lock password (锁屏密码不能为空) and then locks to /lock', async () => {
    renderShell()
    await userEvent.click(await screen.findByTestId('lock-control'))
    await userEvent.click(await screen.findByTestId('lock-submit'))
    expect(await screen.findByText('锁屏密码不能为空')).toBeTruthy()
    await userEvent.type(screen.getByTestId('lock-password'), 'pw')
    await userEvent.click(screen.getByTestId('lock-submit'))
    expect(await screen.findByTestId('lock-page')).toBeTruthy()
    expect(useLock.getState().isLock).toBe(true)
  })

  it('logs out through oauth/logout and clears the session', async () => {
    renderShell()
    await userEvent.click(await screen.findByTestId('user-dropdown'))
    await userEvent.click(await screen.findByTestId('logout'))
    await userEvent.click(await screen.findByTestId('logout-confirm'))
    await waitFor(() => expect(where).toBe('/login'))
    expect(calls.some((c) => c.includes('/blade-auth/oauth/logout'))).toBe(true)
    expect(useSession.getState().token).toBe('')
  })

  it('asks before clearing the cache from the tab menu, then reports 清除完毕', async () => {
    renderShell()
    const bar = await screen.findByTestId('tab-bar')
    await userEvent.pointer({ keys: '[MouseRight]', target: bar })
    await userEvent.click(await screen.findByTestId('tab-menu-clear-cache'))
    expect(await screen.findByText('是否需要清除缓存?')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }))
    expect(await screen.findByText('清除完毕')).toBeTruthy()
    expect(calls.some((c) => c.includes('/blade-auth/oauth/clear-cache'))).toBe(true)
  })
})

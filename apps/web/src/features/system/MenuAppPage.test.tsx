import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import MenuAppPage from './MenuAppPage'
import { APP_MENU, menuCrud, menuResource } from './menu'

const rows = [
  { id: '21', parentId: '0', code: 'app_visitor', name: '访客', category: 1, hasChildren: true },
  { id: '22', parentId: '0', code: 'app_x', name: '孤立按钮', category: 2, hasChildren: false },
]

describe('app menu screen (APP菜单)', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is the menu screen over blade-system/menuApp, gated by menuapp_* codes', async () => {
    useSession.setState({ token: 't', permission: { menuapp_add: true } })
    const api = stubFetch((url) => {
      if (url.pathname.endsWith('/blade-system/menuApp/lazy-list')) return ok(rows)
      if (url.pathname.includes('dict')) return ok([])
      return ok(null)
    })
    vi.stubGlobal('fetch', api.fn)
    renderScreen(<MenuAppPage />)
    expect(await screen.findByText('访客')).toBeTruthy()
    expect(screen.getByTestId('menuapp-page')).toBeTruthy()
    expect(screen.getByTestId('menuapp-add-child-21')).toBeTruthy()
    expect(screen.queryByTestId('menuapp-add-child-22')).toBeNull()
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.pathname.endsWith('/blade-system/menu/lazy-list'))).toBe(false),
    )
  })

  it('shares the web menu declaration: same columns, its own path and codes', () => {
    const app = menuCrud(APP_MENU)
    expect(app.path).toBe('blade-system/menuApp')
    expect(app.permissionPrefix).toBe('menuapp')
    expect(app.columns.map((c) => c.prop)).toEqual(menuResource.columns.map((c) => c.prop))
    expect(menuResource.path).toBe('blade-system/menu')
  })
})

import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { registerSlots } from '@/components/kit'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import wel from './index'
import WelcomePage from './WelcomePage'

// the home slot as the console fills it: this feature's shortcuts card and a card of a later module
registerSlots([
  wel,
  {
    slots: {
      homeCards: {
        todayAlarms: {
          title: '今日告警',
          component: () => <div data-testid="alarms-probe">0</div>,
          sort: 40,
        },
      },
    },
  },
])

function setup(shortcuts: unknown, mine: string[] | null = null) {
  useSession.setState({ token: 't' })
  const api = stubFetch((url) =>
    url.pathname.endsWith('/blade-desk/shortcut/select')
      ? ok(shortcuts)
      : url.pathname.endsWith('/park-manage/home-page-config/mine')
        ? ok(mine)
        : ok(null),
  )
  vi.stubGlobal('fetch', api.fn)
  renderScreen(
    <Routes>
      <Route path="/wel/index" element={<WelcomePage />} />
      <Route path="/system/user" element={<div data-testid="user-screen" />} />
    </Routes>,
    '/wel/index',
  )
  return api
}

describe('welcome page quick links', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows the user’s shortcuts in their order; a console path navigates, an address opens apart', async () => {
    setup([
      { id: '1', name: '用户管理', path: '/system/user', sort: 1 },
      { id: '2', name: '帮助中心', path: 'https://help.example.com', sort: 2 },
    ])
    expect(await screen.findByText('快捷入口')).toBeTruthy()
    const links = await screen.findAllByTestId(/^wel-shortcut-/)
    expect(links.map((l) => l.textContent)).toEqual(['用户管理', '帮助中心'])
    expect(screen.getByTestId('wel-shortcut-2').getAttribute('href')).toBe('https://help.example.com')
    expect(screen.getByTestId('wel-shortcut-2').getAttribute('rel')).toBe('noopener noreferrer')
    await userEvent.click(screen.getByTestId('wel-shortcut-1'))
    expect(await screen.findByTestId('user-screen')).toBeTruthy()
  })

  it('shows the cards the caller’s roles are configured to see, in their order, and no others', async () => {
    setup([{ id: '1', name: '用户管理', path: '/system/user', sort: 1 }], ['todayAlarms'])
    expect(await screen.findByTestId('alarms-probe')).toBeTruthy()
    expect(screen.getByText('今日告警')).toBeTruthy()
    expect(screen.queryByTestId('home-card-shortcuts')).toBeNull()
  })

  it('not configured: the default cards only (a later module’s card is not a default)', async () => {
    setup([])
    expect(await screen.findByTestId('home-card-shortcuts')).toBeTruthy()
    expect(screen.queryByTestId('home-card-todayAlarms')).toBeNull()
  })

  it('none: nothing at all', async () => {
    const api = setup([])
    expect(await screen.findByTestId('welcome')).toBeTruthy()
    await waitFor(() => expect(api.calls.some((c) => c.url.pathname.endsWith('/shortcut/select'))).toBe(true))
    expect(screen.queryByTestId('wel-shortcuts')).toBeNull()
  })
})

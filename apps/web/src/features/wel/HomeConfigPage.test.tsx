import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HOME_CONFIG_PATHS } from '@xpark/contract/modules/message'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { registerSlots } from '@/components/kit'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import HomeConfigPage from './HomeConfigPage'
import wel from './index'

registerSlots([
  wel,
  {
    slots: {
      homeCards: { unreadMessages: { title: '未读消息', component: () => null, byDefault: true, sort: 10 } },
    },
  },
])

describe('home page configuration', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows each role’s cards (defaults when not configured) and saves a role’s picks in card order', async () => {
    useSession.setState({ token: 't', permission: { home_page_config_edit: true } })
    const api = stubFetch((url) =>
      url.pathname.endsWith(HOME_CONFIG_PATHS.list)
        ? ok([
            { roleId: '11', roleName: '管理员', cards: null },
            { roleId: '12', roleName: '职员', cards: ['shortcuts'] },
          ])
        : ok({}),
    )
    vi.stubGlobal('fetch', api.fn)
    renderScreen(<HomeConfigPage />)
    const admin = await screen.findByTestId('home-config-cards-11')
    // not configured: the defaults are ticked
    expect(
      within(admin)
        .getAllByRole('checkbox')
        .every((c) => (c as HTMLInputElement).checked),
    ).toBe(true)
    const staff = screen.getByTestId('home-config-cards-12')
    const [unread, shortcuts] = within(staff).getAllByRole('checkbox') as HTMLInputElement[]
    expect([unread!.checked, shortcuts!.checked]).toEqual([false, true])
    await userEvent.click(unread!)
    await userEvent.click(screen.getByTestId('home-config-save-12'))
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.pathname.endsWith(HOME_CONFIG_PATHS.submit))).toBe(true),
    )
    const sent = api.calls.find((c) => c.url.pathname.endsWith(HOME_CONFIG_PATHS.submit))!
    expect(JSON.parse(String(sent.init!.body))).toEqual({
      roleId: '12',
      cards: ['unreadMessages', 'shortcuts'],
    })
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ScreenLink, ScreenRow } from '@xpark/contract/modules/screen'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { LinksDrawer, linkState } from './LinksDrawer'
import ScreensPage from './ScreensPage'
import { screensScreen } from './screens'

const row: ScreenRow = {
  id: '7',
  name: '园区大屏',
  remark: '',
  layout: '{"background":"#0b1a33","widgets":[]}',
  builtin: '',
  status: 2,
  publishTime: '2026-11-29 10:00:00',
  createTime: '2026-11-29 09:00:00',
  updateTime: null,
}
const link = (over: Partial<ScreenLink> = {}): ScreenLink => ({
  id: '31',
  hint: 'a1b2c3',
  expiresAt: null,
  allow: '',
  revoked: false,
  createTime: '2026-11-29 10:00:00',
  lastUsedAt: null,
  ...over,
})
const TOKEN = 'tok_0123456789abcdefghijklmnop'

describe('大屏管理', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('a new screen starts from an empty layout; an edit keeps the design', () => {
    const resource = screensScreen()
    expect(resource.beforeSubmit!({ name: 'x', remark: '' }, 'add')).toEqual({
      name: 'x',
      remark: '',
      layout: '{"background":"#0b1a33","widgets":[]}',
    })
    expect(
      resource.beforeSubmit!({ name: 'x', layout: row.layout.replace('0b1a33', '000000') }, 'edit'),
    ).toEqual({
      name: 'x',
      layout: '{"background":"#000000","widgets":[]}',
    })
    const layout = resource.columns.find((c) => c.prop === 'layout')!
    expect(layout.hideInTable).toBe(true)
    expect(layout.form).toMatchObject({ type: 'hidden' })
  })

  it('row buttons follow datav_edit and datav_publish', async () => {
    useSession.setState({ token: 't', permission: { datav_view: true } })
    vi.stubGlobal('fetch', stubFetch(() => ok({ records: [row], total: 1, size: 10, current: 1 })).fn)
    const view = renderScreen(<ScreensPage />, '/datav/list')
    expect(await screen.findByTestId('datav-preview-7')).toBeTruthy()
    expect(screen.queryByTestId('datav-design-7')).toBeNull()
    expect(screen.queryByTestId('datav-publish-7')).toBeNull()
    view.unmount()
    useSession.setState({
      token: 't',
      permission: { datav_view: true, datav_edit: true, datav_publish: true },
    })
    renderScreen(<ScreensPage />, '/datav/list')
    expect(await screen.findByTestId('datav-design-7')).toBeTruthy()
    expect(screen.getByTestId('datav-publish-7')).toBeTruthy()
    expect(screen.getByTestId('datav-links-7')).toBeTruthy()
  })

  it('发布 asks first, then publishes the screen', async () => {
    useSession.setState({ token: 't', permission: { datav_view: true, datav_publish: true } })
    const api = stubFetch((url) =>
      url.pathname.endsWith('/page') ? ok({ records: [row], total: 1, size: 10, current: 1 }) : ok(null),
    )
    vi.stubGlobal('fetch', api.fn)
    renderScreen(<ScreensPage />, '/datav/list')
    await userEvent.click(await screen.findByTestId('datav-publish-7'))
    expect((await screen.findAllByText('发布后, 查看者将看到当前设计, 确定发布?')).length).toBeGreaterThan(0)
    expect(api.calls.some((c) => c.url.pathname.endsWith('/screen/publish'))).toBe(false)
    await userEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }))
    await waitFor(() => expect(api.calls.some((c) => c.url.pathname.endsWith('/screen/publish'))).toBe(true))
    const call = api.calls.find((c) => c.url.pathname.endsWith('/screen/publish'))!
    expect(JSON.parse(String(call.init?.body))).toEqual({ id: '7' })
  })

  it('链接: lists the links, issues one and shows its full address once, revokes after asking', async () => {
    useSession.setState({ token: 't', permission: { datav_publish: true } })
    let links = [link(), link({ id: '32', hint: 'zzzzzz', revoked: true, allow: '10.0.0.0/8' })]
    const api = stubFetch((url, init) => {
      if (url.pathname.endsWith('/link/list')) return ok(links)
      if (url.pathname.endsWith('/link/issue')) {
        links = [...links, link({ id: '33', hint: TOKEN.slice(-6), expiresAt: '2027-01-01 00:00:00' })]
        return ok({ id: '33', token: TOKEN })
      }
      if (url.pathname.endsWith('/link/revoke')) {
        const { linkId } = JSON.parse(String(init?.body)) as { linkId: string }
        links = links.map((l) => (l.id === linkId ? { ...l, revoked: true } : l))
        return ok(null)
      }
      return ok(null)
    })
    vi.stubGlobal('fetch', api.fn)
    renderScreen(<LinksDrawer screen={row} onClose={() => {}} />)
    const table = await screen.findByTestId('screen-links')
    expect(await within(table).findByText('…a1b2c3')).toBeTruthy()
    expect(within(table).getAllByText('长期有效')).toHaveLength(2)
    expect(within(table).getByText('已撤销')).toBeTruthy()
    expect(within(table).getByText('10.0.0.0/8')).toBeTruthy()

    await userEvent.type(screen.getByTestId('screen-link-allow'), '192.168.1.20, 10.0.0.0/8')
    await userEvent.click(screen.getByTestId('screen-link-issue'))
    const url = await screen.findByTestId('screen-link-url')
    expect(url.textContent).toContain(`${window.location.origin}/#/datavview?token=${TOKEN}`)
    const issue = api.calls.find((c) => c.url.pathname.endsWith('/link/issue'))!
    expect(JSON.parse(String(issue.init?.body))).toEqual({ id: '7', allow: '192.168.1.20,10.0.0.0/8' })
    expect(await within(table).findByText(`…${TOKEN.slice(-6)}`)).toBeTruthy()

    await userEvent.click(screen.getByTestId('screen-link-revoke-31'))
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }))
    await waitFor(() => expect(api.calls.some((c) => c.url.pathname.endsWith('/link/revoke'))).toBe(true))
    await waitFor(() => expect(screen.queryByTestId('screen-link-revoke-31')).toBeNull())
  })

  it("a link's state: revoked, expired or active", () => {
    const now = new Date('2026-11-29T12:00:00')
    expect(linkState(link({ revoked: true }), now)).toBe('revoked')
    expect(linkState(link({ expiresAt: '2026-11-29 11:00:00' }), now)).toBe('expired')
    expect(linkState(link({ expiresAt: '2026-11-30 11:00:00' }), now)).toBe('active')
    expect(linkState(link(), now)).toBe('active')
  })
})

import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MESSAGE_PATHS } from '@xpark/contract/modules/message'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import TopBarMessages from './TopBarMessages'

const message = (id: string, title: string, module = '') => ({
  id,
  title,
  content: '',
  isRead: 0,
  senderId: null,
  senderName: module ? '' : '管理员',
  module,
  link: '/message-center/index',
  createTime: '2026-11-26 10:00:00',
  readTime: null,
})

function setup(unread: () => unknown, latest: unknown[] = []) {
  useSession.setState({ token: 't', permission: { notice_view: true } })
  const api = stubFetch((url) => {
    const path = url.pathname
    if (path.endsWith(MESSAGE_PATHS.unreadCount)) return unread()
    if (path.endsWith(MESSAGE_PATHS.centerList)) return ok(latest)
    if (path.endsWith('/blade-desk/notice/page'))
      return ok({
        records: [{ id: '9', title: '停电通知', category: 1, releaseTime: '2026-11-25 09:00:00' }],
        total: 1,
      })
    // the event stream: ends at once (the hook reconnects later)
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(
    <Routes>
      <Route path="/wel/index" element={<TopBarMessages />} />
      <Route path="/message-center/index" element={<div data-testid="message-center-screen" />} />
    </Routes>,
    '/wel/index',
  )
  return api
}

describe('top bar: message centre link, unread badge and notification popover', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('shows the unread count, at most 99 and then 99+', async () => {
    setup(() => ok(7))
    expect(await screen.findByText('7')).toBeTruthy()
  })

  it('99+ above 99', async () => {
    setup(() => ok(120))
    expect(await screen.findByText('99+')).toBeTruthy()
    expect(screen.queryByText('120')).toBeNull()
  })

  it('the link opens the message centre; the stream is opened for the signed-in user', async () => {
    const api = setup(() => ok(1))
    await userEvent.click(await screen.findByTestId('message-center-link'))
    expect(await screen.findByTestId('message-center-screen')).toBeTruthy()
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.pathname.endsWith(MESSAGE_PATHS.stream))).toBe(true),
    )
    const stream = api.calls.find((c) => c.url.pathname.endsWith(MESSAGE_PATHS.stream))!
    expect((stream.init!.headers as Record<string, string>)['Blade-Auth']).toBe('bearer t')
  })

  it('an unread-count failure shows the server message', async () => {
    setup(() => ({ code: 500, success: false, data: null, msg: '消息服务暂不可用' }))
    // the HTTP client's toast and the link's tooltip both carry it
    expect(await screen.findByText('消息服务暂不可用')).toBeTruthy()
  })

  it('the popover (350×300) shows people’s mail, the modules’ messages and the notices', async () => {
    setup(() => ok(2), [message('1', '请审核报销单'), message('2', '库存不足', 'storage')])
    await userEvent.click(await screen.findByTestId('notification-control'))
    const popover = await screen.findByTestId('notification-popover')
    expect(popover.style.width).toBe('350px')
    expect(popover.style.height).toBe('300px')
    expect(await screen.findByText('请审核报销单')).toBeTruthy()
    expect(screen.queryByText('库存不足')).toBeNull()
    await userEvent.click(screen.getByRole('tab', { name: /^消息/ }))
    expect(await screen.findByText('库存不足')).toBeTruthy()
    await userEvent.click(screen.getByRole('tab', { name: '通知' }))
    expect(await screen.findByText('停电通知')).toBeTruthy()
  })
})

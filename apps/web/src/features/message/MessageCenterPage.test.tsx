import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MESSAGE_PATHS } from '@xpark/contract/modules/message'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import MessageCenterPage from './MessageCenterPage'

interface Row {
  id: string
  title: string
  isRead: number
  link: string
}

/** A small message centre on the stub: list (isRead filter), set read, delete. */
function setup(rows: Row[]) {
  useSession.setState({ token: 't' })
  const api = stubFetch((url, init) => {
    const path = url.pathname
    const ids = (url.searchParams.get('id') ?? url.searchParams.get('ids') ?? '').split(',')
    if (path.endsWith(MESSAGE_PATHS.list)) {
      const isRead = url.searchParams.get('isRead')
      const records = rows
        .filter((r) => isRead === null || String(r.isRead) === isRead)
        .map((r) => ({
          ...r,
          content: '',
          senderName: '管理员',
          module: '',
          createTime: '2026-11-26 10:00:00',
        }))
      return ok({ records, total: records.length, size: 10, current: 1, pages: 1 })
    }
    if (path.endsWith(MESSAGE_PATHS.setRead)) {
      for (const r of rows) if (ids.includes(r.id)) r.isRead = 1
      return ok({})
    }
    if (path.endsWith(MESSAGE_PATHS.delete) && init?.method === 'DELETE') {
      rows.splice(0, rows.length, ...rows.filter((r) => !ids.includes(r.id)))
      return ok({})
    }
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(
    <Routes>
      <Route path="/message-center/index" element={<MessageCenterPage />} />
      <Route path="/duty/person" element={<div data-testid="duty-screen" />} />
    </Routes>,
    '/message-center/index',
  )
  return api
}

describe('message centre page', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('lists the messages, filters by read state, marks one read', async () => {
    const api = setup([
      { id: '1', title: '值班提醒', isRead: 0, link: '' },
      { id: '2', title: '旧消息', isRead: 1, link: '' },
    ])
    expect(await screen.findByText('值班提醒')).toBeTruthy()
    expect(screen.getByText('旧消息')).toBeTruthy()
    await userEvent.click(screen.getByText('未读', { selector: '.ant-segmented-item-label' }))
    await waitFor(() => expect(screen.queryByText('旧消息')).toBeNull())
    expect(api.calls.some((c) => c.url.searchParams.get('isRead') === '0')).toBe(true)
    await userEvent.click(screen.getByTestId('message-read-1'))
    await waitFor(() => expect(screen.queryByText('值班提醒')).toBeNull())
    const read = api.calls.find((c) => c.url.pathname.endsWith(MESSAGE_PATHS.setRead))!
    expect(read.url.searchParams.get('id')).toBe('1')
  })

  it('deletes after a confirm; opening a message marks it read and goes to its page', async () => {
    const api = setup([
      { id: '1', title: '值班提醒', isRead: 0, link: '/duty/person' },
      { id: '2', title: '旧消息', isRead: 1, link: '' },
    ])
    await userEvent.click(await screen.findByTestId('message-delete-2'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('确定将选择数据删除?')).toBeTruthy()
    await userEvent.click(screen.getByTestId('message-delete-confirm'))
    await waitFor(() => expect(screen.queryByText('旧消息')).toBeNull())
    expect(api.calls.find((c) => c.init?.method === 'DELETE')!.url.searchParams.get('ids')).toBe('2')
    await userEvent.click(screen.getByTestId('message-open-1'))
    expect(await screen.findByTestId('duty-screen')).toBeTruthy()
    expect(api.calls.some((c) => c.url.pathname.endsWith(MESSAGE_PATHS.setRead))).toBe(true)
  })
})

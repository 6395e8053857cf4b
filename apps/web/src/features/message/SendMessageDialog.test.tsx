import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MESSAGE_PATHS } from '@xpark/contract/modules/message'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import MessageCenterPage from './MessageCenterPage'

const people = [
  { id: '201', account: 'zhang', realName: '张三', deptName: '运营部', phone: '13800000001' },
  { id: '202', account: 'li', realName: '李四', deptName: '运营部', phone: '13800000002' },
]

function setup(permission: Record<string, boolean>) {
  useSession.setState({ token: 't', permission })
  const api = stubFetch((url) => {
    const path = url.pathname
    if (path.endsWith(MESSAGE_PATHS.list))
      return ok({ records: [], total: 0, size: 10, current: 1, pages: 0 })
    if (path.endsWith('/blade-user/search/user'))
      return ok({ records: people, total: 2, size: 10, current: 1, pages: 1 })
    if (path.endsWith('/dept/tree')) return ok([])
    if (path.endsWith(MESSAGE_PATHS.autoPush)) return ok({ count: 2 })
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<MessageCenterPage />)
  return api
}

describe('发送消息 (message centre recipients through the user picker)', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('only for holders of message_push', async () => {
    setup({})
    expect(await screen.findByTestId('message-center')).toBeTruthy()
    expect(screen.queryByTestId('message-send')).toBeNull()
  })

  it('picks several people in the picker and sends them the message', async () => {
    const api = setup({ message_push: true })
    await userEvent.click(await screen.findByTestId('message-send'))
    await userEvent.click(await screen.findByTestId('message-send-pick'))
    const table = await screen.findByTestId('user-picker-table')
    for (const name of ['张三', '李四'])
      await userEvent.click(
        within((await within(table).findByText(name)).closest('tr')!).getByRole('checkbox'),
      )
    await userEvent.click(screen.getByTestId('user-picker-ok'))
    await userEvent.type(screen.getByTestId('message-send-title'), '周五消防演练')
    await userEvent.click(screen.getByTestId('message-send-ok'))
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.pathname.endsWith(MESSAGE_PATHS.autoPush))).toBe(true),
    )
    const sent = api.calls.find((c) => c.url.pathname.endsWith(MESSAGE_PATHS.autoPush))!
    expect(JSON.parse(String(sent.init!.body))).toEqual({
      userIds: ['201', '202'],
      title: '周五消防演练',
      content: '',
    })
    expect(await screen.findByText('发送成功')).toBeTruthy()
  })
})

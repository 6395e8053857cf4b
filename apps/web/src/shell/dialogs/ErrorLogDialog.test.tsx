import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { type ErrorLogEntry, useErrorLog } from '@/stores/errorLog'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { ErrorLogDialog } from './ErrorLogDialog'

const entries: ErrorLogEntry[] = [
  {
    type: 'request',
    url: 'http://localhost/#/system/param',
    message: 'Request failed with status 500',
    stack: '',
    info: 'status 500',
    time: '2024-05-01 10:00:02',
  },
  {
    type: 'error',
    url: 'http://localhost/#/wel/index',
    message: 'x is not defined',
    stack: 'ReferenceError: x is not defined\n    at f (app.js:1:2)',
    info: 'app.js:1:2',
    time: '2024-05-01 10:00:01',
  },
]

function setup(logs: ErrorLogEntry[] = entries) {
  useSession.setState({ token: 't' })
  useErrorLog.setState({ logs })
  const api = stubFetch(() => ok(null))
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<ErrorLogDialog open onClose={() => undefined} />)
  return api
}

const uploads = (api: ReturnType<typeof stubFetch>) =>
  api.calls.filter((c) => c.url.pathname.endsWith('/blade-log/error/upload'))

describe('error-log dialog upload', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    useErrorLog.setState({ logs: [] })
    act(() => changeLanguage('zh-CN'))
  })

  it('confirms first, then posts the local list and reports 发送成功', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('error-log-upload'))
    expect(await screen.findByText('确定上传本地日志到服务器?')).toBeTruthy()
    // nothing is sent before the confirm
    expect(uploads(api)).toHaveLength(0)
    await userEvent.click(screen.getByTestId('error-log-upload-confirm'))
    expect(await screen.findByText('发送成功')).toBeTruthy()
    const [call] = uploads(api)
    expect(call!.init!.method).toBe('POST')
    expect(JSON.parse(String(call!.init!.body))).toEqual(entries)
    // the local list stays
    expect(useErrorLog.getState().logs).toHaveLength(2)
  })

  it('sends nothing when the confirm is cancelled', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('error-log-upload'))
    const confirm = (await screen.findByText('确定上传本地日志到服务器?')).closest('.ant-modal-confirm')!
    await userEvent.click(within(confirm as HTMLElement).getByRole('button', { name: /取\s*消/ }))
    await new Promise((r) => setTimeout(r, 100))
    expect(uploads(api)).toHaveLength(0)
  })

  it('reports in English too', async () => {
    act(() => changeLanguage('en-US'))
    setup()
    await userEvent.click(await screen.findByTestId('error-log-upload'))
    await userEvent.click(await screen.findByTestId('error-log-upload-confirm'))
    expect(await screen.findByText('sent successfully')).toBeTruthy()
  })

  it('disables upload (and clear) when the list is empty', async () => {
    setup([])
    expect((await screen.findByTestId('error-log-upload')).hasAttribute('disabled')).toBe(true)
    expect(screen.getByTestId('error-log-clear').hasAttribute('disabled')).toBe(true)
  })
})

import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import AttachPage from './AttachPage'
import { formatSize } from './attach'

const link =
  '/xparkApi/blade-resource/file/100001/upload/20260101/0123456789abcdef0123456789abcdef.pdf?sign=abc'
const rows = [
  {
    id: '3',
    link,
    domain: '/xparkApi/blade-resource/file',
    name: '100001/upload/20260101/0123456789abcdef0123456789abcdef.pdf',
    originalName: '合同.pdf',
    extension: 'pdf',
    attachSize: 2048,
    createTime: '2026-01-01 10:00:00',
  },
]
const all = { attach_upload: true, attach_download: true, attach_delete: true, attach_view: true }

/** The browser's XMLHttpRequest, as far as the upload uses it: the test decides when it progresses and ends. */
class FakeXhr {
  static last: FakeXhr | undefined
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: FormData | undefined
  status = 0
  responseText = ''
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: FormData) {
    this.body = body
    FakeXhr.last = this
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total })
  }
  finish(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
}

function setup(permission: Record<string, boolean> = all) {
  useSession.setState({ token: 'tok', permission })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith('/attach/page'))
      return ok({ records: rows, total: 1, size: 10, current: 1, pages: 1 })
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  FakeXhr.last = undefined
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  renderScreen(<AttachPage />)
  return api
}

describe('attachment screen', { timeout: 60_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => changeLanguage('zh-CN'))
  })

  it('lists attachments with a readable size; download is the signed link as an attachment', async () => {
    setup()
    expect(await screen.findByText('合同.pdf')).toBeTruthy()
    expect(screen.getByText('2 KB')).toBeTruthy()
    const download = screen.getByTestId('attach-row-download-3')
    expect(download.getAttribute('href')).toBe(`${link}&download=1`)
    expect(download.getAttribute('download')).toBe('合同.pdf')
    expect(screen.queryByTestId('crud-row-edit-3')).toBeNull()
    expect(screen.getByTestId('crud-row-delete-3')).toBeTruthy()
  })

  it('uploads with the token, shows the progress, then reports and reloads the table', async () => {
    const api = setup()
    await screen.findByText('合同.pdf')
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    const pages = api.calls.filter((c) => c.url.pathname.endsWith('/attach/page')).length
    await userEvent.upload(input, new File(['hello'], '平面图.png', { type: 'image/png' }))
    await waitFor(() => expect(FakeXhr.last).toBeDefined())
    const xhr = FakeXhr.last!
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe('/xparkApi/blade-resource/oss/endpoint/put-file')
    expect(xhr.headers['Blade-Auth']).toBe('bearer tok')
    expect((xhr.body!.get('file') as File).name).toBe('平面图.png')

    act(() => xhr.progress(40, 100))
    expect(await screen.findByText('平面图.png')).toBeTruthy()
    await waitFor(() =>
      expect(document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow')).toBe('40'),
    )

    act(() =>
      xhr.finish(200, ok({ link: 'x', domain: 'd', name: 'n', originalName: '平面图.png', attachId: '9' })),
    )
    expect(await screen.findByText('平面图.png 上传成功')).toBeTruthy()
    await waitFor(() =>
      expect(api.calls.filter((c) => c.url.pathname.endsWith('/attach/page')).length).toBeGreaterThan(pages),
    )
  })

  it('a refused upload shows the server message', async () => {
    setup()
    await screen.findByText('合同.pdf')
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    await userEvent.upload(input, new File(['x'], 'big.zip'))
    await waitFor(() => expect(FakeXhr.last).toBeDefined())
    act(() => FakeXhr.last!.finish(413, { code: 413, success: false, msg: '文件过大, 不能超过 10 MB' }))
    expect(await screen.findByText('文件过大, 不能超过 10 MB')).toBeTruthy()
  })

  it('no upload or download without their buttons', async () => {
    setup({ attach_view: true })
    const cell = await screen.findByText('合同.pdf')
    expect(screen.queryByTestId('attach-upload-button')).toBeNull()
    expect(
      within(cell.closest<HTMLElement>('[role="row"]')!).queryByTestId('attach-row-download-3'),
    ).toBeNull()
  })

  it('formatSize', () => {
    expect(formatSize(500)).toBe('500 B')
    expect(formatSize(1536)).toBe('1.5 KB')
    expect(formatSize(5 * 1024 * 1024)).toBe('5 MB')
  })
})

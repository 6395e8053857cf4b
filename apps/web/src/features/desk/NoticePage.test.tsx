import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import NoticePage from './NoticePage'

const stored = '<p>停水通知 <strong>明天</strong></p>'
const rows = [
  { id: '1', title: '停水通知', category: 1000, releaseTime: '2024-05-01 09:00:00', content: stored },
]
const noticeType = [
  { dictKey: '1000', dictValue: '业主' },
  { dictKey: '1001', dictValue: '员工' },
  { dictKey: '1002', dictValue: '社区' },
]
const all = { notice_add: true, notice_edit: true, notice_delete: true, notice_view: true }

function setup(permission: Record<string, boolean> = all) {
  useSession.setState({ token: 't', permission })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith('/notice/page'))
      return ok({ records: rows, total: 1, size: 10, current: 1, pages: 1, orders: [], searchCount: true })
    if (url.pathname.endsWith('/notice/detail')) return ok(rows[0])
    if (url.pathname.endsWith('/dictionary')) return ok(noticeType)
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<NoticePage />)
  return api
}

describe('notice screen', { timeout: 60_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => changeLanguage('zh-CN'))
  })

  it('lists notices with the notice_type label', async () => {
    const api = setup()
    expect(await screen.findByText('停水通知')).toBeTruthy()
    expect(await screen.findByText('业主')).toBeTruthy()
    expect(api.calls.some((c) => c.url.searchParams.get('code') === 'notice_type')).toBe(true)
  })

  it('requires the title (请输入通知标题) and the type, and sends nothing', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('notice-add'))
    await userEvent.click(screen.getByTestId('notice-form-submit'))
    expect(await screen.findByText('请输入通知标题')).toBeTruthy()
    expect(screen.getByText('请选择通知类型')).toBeTruthy()
    expect(api.calls.some((c) => c.url.pathname.endsWith('/notice/submit'))).toBe(false)
  })

  it('a blank title is refused too', async () => {
    setup()
    await userEvent.click(await screen.findByTestId('notice-add'))
    await userEvent.type(screen.getByTestId('notice-title'), '   ')
    await userEvent.click(screen.getByTestId('notice-form-submit'))
    expect(await screen.findByText('请输入通知标题')).toBeTruthy()
  })

  it('previews the draft in a sandboxed frame, never in the page', async () => {
    setup()
    await userEvent.click(await screen.findByTestId('notice-add'))
    const draft = '<p>hello<img src=x onerror="alert(1)"></p>'
    const textarea = screen.getByTestId('notice-content')
    await userEvent.click(textarea)
    await userEvent.paste(draft)
    const frame = screen.getByTestId('notice-content-preview') as HTMLIFrameElement
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toContain(draft))
    expect(frame.getAttribute('sandbox')).toBe('')
    expect(frame.getAttribute('srcdoc')).toContain("default-src 'none'")
    expect(document.querySelector('img[src="x"]')).toBeNull()
  })

  it('submits title, type and content', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('notice-add'))
    await userEvent.type(screen.getByTestId('notice-title'), '停电通知')
    await userEvent.click(screen.getByTestId('notice-category').querySelector('input')!)
    await userEvent.click(await screen.findByTitle('员工'))
    await userEvent.click(screen.getByTestId('notice-content'))
    await userEvent.paste('<p>x</p>')
    await userEvent.click(screen.getByTestId('notice-form-submit'))
    expect(await screen.findByText('新增成功')).toBeTruthy()
    const submit = api.calls.find((c) => c.url.pathname.endsWith('/notice/submit'))!
    expect(JSON.parse(String(submit.init!.body))).toMatchObject({
      title: '停电通知',
      category: 1001,
      content: '<p>x</p>',
    })
  })

  it('the view dialog renders the stored (server-sanitised) content', async () => {
    setup()
    await userEvent.click(await screen.findByTestId('crud-row-view-1'))
    const dialog = await screen.findByRole('dialog')
    const view = await within(dialog).findByTestId('notice-content-view')
    await waitFor(() => expect(view.innerHTML).toBe(stored))
    expect(within(view).getByText('明天').tagName).toBe('STRONG')
    expect(within(dialog).queryByTestId('notice-content')).toBeNull()
  })

  it('hides add, edit, delete and view without the notice_* codes', async () => {
    setup({})
    await screen.findByText('停水通知')
    expect(screen.queryByTestId('notice-add')).toBeNull()
    expect(screen.queryByTestId('notice-bulk-delete')).toBeNull()
    expect(screen.queryByTestId('crud-row-edit-1')).toBeNull()
    expect(screen.queryByTestId('crud-row-delete-1')).toBeNull()
    expect(screen.queryByTestId('crud-row-view-1')).toBeNull()
  })
})

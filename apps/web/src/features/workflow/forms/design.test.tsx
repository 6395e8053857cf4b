import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { formHistoryCall, workflowFormContract } from '@xpark/contract/modules/workflow-design'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { CrudPage } from '@/components/crud'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import form from '../form'
import FormHistory from './FormHistory'

/** 表单设计's 设计 (the form-js editor, each save a version) and 表单历史 (versions, a read-only preview). */
const schemaOf = (label: string) =>
  JSON.stringify({ type: 'default', components: [{ key: 'reason', label, type: 'textfield' }] })
const ROW = {
  id: '31',
  formKey: 'park_leave',
  name: '请假表单',
  categoryId: '7',
  categoryName: '行政审批',
  content: schemaOf('请假事由'),
  version: 2,
  remark: '',
  status: 1,
  createTime: '2026-11-01 09:00:00',
  updateTime: '2026-11-02 09:00:00',
}
const page = <T,>(records: T[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 })

function setup(path: string, ui: Parameters<typeof renderScreen>[0]) {
  useSession.setState({
    token: 't',
    permission: Object.fromEntries(Object.values(workflowFormContract.permissions).map((p) => [p, true])),
    userInfo: { id: '7' } as never,
  })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith(`/${formHistoryCall.path}`))
      return ok(
        page([
          {
            id: '62',
            version: 2,
            name: '请假表单',
            content: schemaOf('请假事由'),
            createUser: '1',
            createTime: '2026-11-02 09:00:00',
            main: true,
          },
          {
            id: '61',
            version: 1,
            name: '请假表单',
            content: schemaOf('原因'),
            createUser: '1',
            createTime: '2026-11-01 09:00:00',
            main: false,
          },
        ]),
      )
    if (url.pathname.endsWith('/detail')) return ok(ROW)
    if (url.pathname.endsWith('/list')) return ok(page([ROW]))
    if (url.pathname.endsWith('/tree')) return ok([])
    return ok(true)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(ui, path)
  return api
}

describe('form design screens', { timeout: 40_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => vi.unstubAllGlobals())
  // the editor's palette watches its scrolling; jsdom has no IntersectionObserver
  beforeAll(() => {
    globalThis.IntersectionObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver
  })
  afterAll(() => Reflect.deleteProperty(globalThis, 'IntersectionObserver'))

  it('设计 opens the row’s form in the editor; saving submits it as the form’s content (a new version)', async () => {
    const api = setup('/workflow/design/form', <CrudPage resource={form} />)
    await userEvent.click(await screen.findByTestId('form-design-31'))
    const editor = await screen.findByTestId('form-editor', {}, { timeout: 15_000 })
    await waitFor(() => expect(editor.textContent).toContain('请假事由'), { timeout: 15_000 })
    await userEvent.click(screen.getByTestId('form-design-save'))
    const submitted = () =>
      api.calls.find((c) => c.url.pathname.endsWith('/submit') && c.init?.method === 'POST')
    await waitFor(() => expect(submitted()).toBeDefined())
    const body = JSON.parse(String(submitted()?.init?.body))
    expect(body).toMatchObject({ id: '31', formKey: 'park_leave', name: '请假表单', categoryId: '7' })
    expect(JSON.parse(body.content).components).toMatchObject([{ key: 'reason', label: '请假事由' }])
    expect(await screen.findByText('已保存, 版本 3')).toBeTruthy()
  })

  it('表单历史: the versions newest first, the newest shown read-only, another picked', async () => {
    setup('/workflow/design/form/history/31', <FormHistory />)
    const v2 = await screen.findByTestId('form-version-2')
    expect(within(v2).getByText('当前版本')).toBeTruthy()
    expect(
      v2.compareDocumentPosition(screen.getByTestId('form-version-1')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    const field = await screen.findByLabelText('请假事由', {}, { timeout: 15_000 })
    expect(field.hasAttribute('readonly')).toBe(true)
    await userEvent.click(screen.getByTestId('form-version-1'))
    expect(await screen.findByLabelText('原因', {}, { timeout: 15_000 })).toBeTruthy()
    expect(screen.queryByLabelText('请假事由')).toBeNull()
  })
})

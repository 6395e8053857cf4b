import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import OssPage from './OssPage'

const rows = [
  {
    id: '1',
    category: 1,
    ossCode: 'minio',
    endpoint: 'http://127.0.0.1:9000',
    accessKey: 'ak',
    bucketName: 'park',
    status: 1,
  },
  { id: '2', category: 5, ossCode: 'disk', status: 2 },
]
const ossDict = [
  { dictKey: '1', dictValue: 'minio' },
  { dictKey: '5', dictValue: '本地存储' },
]
const all = { oss_add: true, oss_edit: true, oss_delete: true, oss_view: true, oss_enable: true }

function setup(permission: Record<string, boolean> = all) {
  useSession.setState({ token: 't', permission })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith('/oss/page'))
      return ok({ records: rows, total: 2, size: 10, current: 1, pages: 1 })
    if (url.pathname.endsWith('/oss/detail')) return ok(rows.find((r) => r.id === url.searchParams.get('id')))
    if (url.pathname.endsWith('/dictionary')) return ok(ossDict)
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<OssPage />)
  return api
}

describe('object storage screen', { timeout: 60_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => changeLanguage('zh-CN'))
  })

  it('lists configurations with the oss dict label and the status; 启用 only on the disabled one', async () => {
    setup()
    expect(await screen.findByText('http://127.0.0.1:9000')).toBeTruthy()
    expect(await screen.findByText('本地存储')).toBeTruthy()
    expect(screen.getByText('已启用')).toBeTruthy()
    expect(screen.getByText('未启用')).toBeTruthy()
    expect(screen.getByTestId('oss-row-enable-1')).toBeTruthy()
    expect(screen.queryByTestId('oss-row-enable-2')).toBeNull()
  })

  it('启用 asks first, then posts enable with the id and reloads', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('oss-row-enable-1'))
    expect(await screen.findByText('确定启用这个配置? 同一租户只能启用一个, 其余将被停用')).toBeTruthy()
    const pages = api.calls.filter((c) => c.url.pathname.endsWith('/oss/page')).length
    await userEvent.click(screen.getByTestId('enable-confirm-ok'))
    await waitFor(() => expect(api.calls.some((c) => c.url.pathname.endsWith('/oss/enable'))).toBe(true))
    const call = api.calls.find((c) => c.url.pathname.endsWith('/oss/enable'))!
    expect(call.init?.method).toBe('POST')
    expect(call.url.searchParams.get('id')).toBe('1')
    expect(await screen.findByText('启用成功')).toBeTruthy()
    await waitFor(() =>
      expect(api.calls.filter((c) => c.url.pathname.endsWith('/oss/page')).length).toBeGreaterThan(pages),
    )
  })

  it('no 启用 without oss_enable', async () => {
    setup({ oss_view: true })
    expect(await screen.findByText('http://127.0.0.1:9000')).toBeTruthy()
    expect(screen.queryByTestId('oss-row-enable-1')).toBeNull()
  })

  it('the secret is write-only: empty on edit, not sent when left blank', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('crud-row-edit-1'))
    await waitFor(() => expect((screen.getByTestId('oss-ossCode') as HTMLInputElement).value).toBe('minio'))
    expect((screen.getByTestId('oss-secretKey') as HTMLInputElement).value).toBe('')
    expect(screen.getByText('只写不读:编辑时留空表示不修改')).toBeTruthy()
    await userEvent.click(screen.getByTestId('oss-form-submit'))
    expect(await screen.findByText('更新成功')).toBeTruthy()
    const first = JSON.parse(
      String(api.calls.find((c) => c.url.pathname.endsWith('/oss/submit'))!.init!.body),
    )
    expect(first).not.toHaveProperty('secretKey')
    expect(first).toMatchObject({ id: '1', ossCode: 'minio', category: 1 })
  })

  it('requires the code (请输入资源编号) and sends nothing', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('oss-add'))
    await userEvent.click(screen.getByTestId('oss-form-submit'))
    expect(await screen.findByText('请输入资源编号')).toBeTruthy()
    expect(api.calls.some((c) => c.url.pathname.endsWith('/oss/submit'))).toBe(false)
  })
})

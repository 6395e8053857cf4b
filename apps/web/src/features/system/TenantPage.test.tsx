import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import TenantPage from './TenantPage'
import { accountNumberText, expireTimeText, tenantSubmitBody } from './tenant'

const rows = [
  { id: '1', tenantId: '000000', tenantName: '管理组', accountNumber: -1, expireTime: null },
  {
    id: '5',
    tenantId: '100001',
    tenantName: '示范园区',
    domain: 'demo.example.com',
    accountNumber: 20,
    expireTime: '2099-12-31 23:59:59',
    proIds: '71',
    productNames: '基础版',
    proxyId: '81',
    proxyName: '华东代理',
    userCount: 7,
    datasourceId: null,
  },
]
const products = [
  { id: '71', name: '基础版' },
  { id: '72', name: '行政区划' },
]

function setup() {
  useSession.setState({
    token: 't',
    permission: { tenant_add: true, tenant_edit: true, tenant_delete: true, tenant_view: true },
  })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith('/tenant/listInfo'))
      return ok({ records: rows, total: rows.length, size: 10, current: 1, pages: 1 })
    if (url.pathname.endsWith('/production/select')) return ok(products)
    if (url.pathname.endsWith('/proxyTenant/select')) return ok([{ id: '81', name: '华东代理' }])
    if (url.pathname.endsWith('/datasource/select')) return ok([{ id: '91', name: '园区库' }])
    if (url.pathname.endsWith('/tenant/detail'))
      return ok(rows.find((r) => r.id === url.searchParams.get('id')))
    return ok(true)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<TenantPage />)
  return api
}
const callTo = (api: ReturnType<typeof setup>, verb: string) =>
  api.calls.find((c) => c.url.pathname.endsWith(`/tenant/${verb}`))

describe('tenant screen', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('renders quota and expiry in words; the platform tenant cannot be deleted', async () => {
    setup()
    expect(await screen.findByText('示范园区')).toBeTruthy()
    expect(screen.getByText('不限')).toBeTruthy()
    expect(screen.getByText('永不过期')).toBeTruthy()
    expect(screen.queryByTestId('crud-row-delete-1')).toBeNull()
    expect(screen.getByTestId('crud-row-delete-5')).toBeTruthy()
    // listInfo: products, agent and accounts used of the quota
    expect(screen.getByText('基础版')).toBeTruthy()
    expect(screen.getByText('华东代理')).toBeTruthy()
    expect(screen.getByText('7 / 20')).toBeTruthy()
  })

  it('adding asks for the admin password and sends it; no tenant id is sent', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('tenant-add'))
    expect(screen.queryByTestId('tenant-tenantId')).toBeNull()
    await userEvent.type(screen.getByTestId('tenant-tenantName'), '滨江园区')
    await userEvent.type(screen.getByTestId('tenant-adminPassword'), 'Park@2026x')
    // products are required
    await userEvent.click(screen.getByTestId('tenant-form-submit'))
    expect(await screen.findByText('请选择产品')).toBeTruthy()
    expect(callTo(api, 'submit')).toBeUndefined()
    const select = screen.getByTestId('tenant-proIds')
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select)
    for (const name of ['基础版', '行政区划']) {
      const option = await waitFor(() => {
        const hit = document.querySelector(`.ant-select-item-option[title="${name}"]`)
        if (!hit) throw new Error(`no option ${name}`)
        return hit
      })
      fireEvent.click(option)
    }
    await userEvent.click(screen.getByTestId('tenant-form-submit'))
    await waitFor(() => expect(callTo(api, 'submit')).toBeTruthy())
    const body = JSON.parse(String(callTo(api, 'submit')!.init!.body))
    expect(body).toMatchObject({
      tenantName: '滨江园区',
      adminPassword: 'Park@2026x',
      accountNumber: -1,
      proIds: '71,72',
    })
    expect(body).not.toHaveProperty('tenantId')
  })

  it('a weak admin password is refused in the form', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('tenant-add'))
    await userEvent.type(screen.getByTestId('tenant-tenantName'), '弱密码')
    await userEvent.type(screen.getByTestId('tenant-adminPassword'), '123456')
    await userEvent.click(screen.getByTestId('tenant-form-submit'))
    expect(await screen.findByText('密码长度不能少于8位')).toBeTruthy()
    expect(callTo(api, 'submit')).toBeUndefined()
  })

  it('editing shows the tenant id read-only and no password field', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('crud-row-edit-5'))
    await waitFor(() =>
      expect((screen.getByTestId('tenant-tenantId') as HTMLInputElement).value).toBe('100001'),
    )
    expect((screen.getByTestId('tenant-tenantId') as HTMLInputElement).disabled).toBe(true)
    expect(screen.queryByTestId('tenant-adminPassword')).toBeNull()
    await userEvent.click(screen.getByTestId('tenant-form-submit'))
    await waitFor(() => expect(callTo(api, 'submit')).toBeTruthy())
    const body = JSON.parse(String(callTo(api, 'submit')!.init!.body))
    expect(body).toMatchObject({
      id: '5',
      tenantName: '示范园区',
      expireTime: '2099-12-31 23:59:59',
      proIds: '71',
      proxyId: '81',
    })
    for (const listOnly of [
      'tenantId',
      'adminPassword',
      'productNames',
      'proxyName',
      'userCount',
      'datasourceId',
    ])
      expect(body).not.toHaveProperty(listOnly)
  })

  it('授权配置 posts the quota and expiry of the row', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('tenant-row-setting-5'))
    const quota = await screen.findByTestId('tenant-setting-accountNumber')
    await userEvent.clear(quota)
    await userEvent.type(quota, '-1')
    await userEvent.click(screen.getByTestId('tenant-setting-submit'))
    await waitFor(() => expect(callTo(api, 'setting')).toBeTruthy())
    const q = callTo(api, 'setting')!.url.searchParams
    expect(q.get('ids')).toBe('5')
    expect(q.get('accountNumber')).toBe('-1')
    expect(q.get('expireTime')).toBe('2099-12-31 23:59:59')
  })

  it('数据源 binds the row tenant to the chosen datasource', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('tenant-row-datasource-5'))
    const select = await screen.findByTestId('tenant-datasource-select')
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select)
    const option = await waitFor(() => {
      const hit = document.querySelector('.ant-select-item-option[title="园区库"]')
      if (!hit) throw new Error('no option')
      return hit
    })
    fireEvent.click(option)
    await userEvent.click(screen.getByTestId('tenant-datasource-submit'))
    await waitFor(() => expect(callTo(api, 'datasource')).toBeTruthy())
    const q = callTo(api, 'datasource')!.url.searchParams
    expect([q.get('tenantId'), q.get('datasourceId')]).toEqual(['100001', '91'])
  })

  it('helpers', () => {
    expect(tenantSubmitBody({ tenantId: '1', tenantName: 'x' })).toEqual({ tenantName: 'x' })
    expect(accountNumberText(5)).toBe('5')
    expect(expireTimeText('2099-01-01 00:00:00')).toBe('2099-01-01 00:00:00')
  })
})

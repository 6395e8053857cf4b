import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { UserInfo } from '@xpark/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import UserPage from './UserPage'

const users = [
  {
    id: '1',
    account: 'admin',
    realName: '管理员',
    deptId: '10',
    roleId: '20',
    status: 1,
    tenantId: '000000',
  },
  { id: '2', account: 'ops', realName: '运维', deptId: '10', roleId: '20', status: 1, tenantId: '000000' },
]
const tenants = [
  { id: '90', tenantId: '000000', tenantName: '管理组' },
  { id: '91', tenantId: '100001', tenantName: '示范园区' },
  { id: '92', tenantId: '100002', tenantName: '滨江园区' },
]

const info = (tenantId: string, roleAliases: string[]) =>
  ({ id: '1', tenantId, account: 'admin', realName: '管理员', roleAliases }) as unknown as UserInfo

function setup(userInfo: UserInfo) {
  useSession.setState({ token: 't', permission: { user_edit: true }, userInfo })
  let grants = [{ tenantId: '100001', tenantName: '示范园区', account: 'admin' }]
  const api = stubFetch((url, init) => {
    const p = url.pathname
    if (p.endsWith('/blade-user/page'))
      return ok({ records: users, total: 2, size: 10, current: 1, pages: 1, orders: [], searchCount: true })
    if (p.endsWith('/blade-user/tenant-grants')) return ok(grants)
    if (p.endsWith('/blade-system/tenant/select')) return ok(tenants)
    if (p.endsWith('/blade-user/tenant')) {
      const body = JSON.parse(String(init!.body)) as { tenantId: string; account: string }
      grants = [...grants, { tenantId: body.tenantId, tenantName: '滨江园区', account: body.account }]
      return ok(null)
    }
    if (p.endsWith('/blade-user/tenant-remove')) {
      const body = JSON.parse(String(init!.body)) as { tenantId: string }
      grants = grants.filter((g) => g.tenantId !== body.tenantId)
      return ok(null)
    }
    if (p.endsWith('/dept/tree') || p.endsWith('/role/tree') || p.endsWith('/select')) return ok([])
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<UserPage />)
  return api
}

const posts = (api: ReturnType<typeof setup>, path: string) =>
  api.calls.filter((c) => c.url.pathname.endsWith(path)).map((c) => JSON.parse(String(c.init!.body)))

async function openFor(id: string) {
  await userEvent.click(await screen.findByTestId(`user-row-tenant-${id}`))
  return screen.findByTestId('user-tenant-dialog')
}

describe('租户授权 on the user screen', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => vi.unstubAllGlobals())

  it('is a row action of the platform administrator only', async () => {
    setup(info('100001', ['admin']))
    await screen.findByText('ops')
    expect(screen.queryByTestId('user-row-tenant-2')).toBeNull()
  })

  it("lists the user's grants and adds one: a tenant other than the user's own, and an account", async () => {
    const api = setup(info('000000', ['administrator']))
    const dialog = await openFor('2')
    const titles = [...document.querySelectorAll('.ant-modal-title')].map((e) => e.textContent)
    expect(titles).toContain('租户授权')
    await within(dialog).findByText('示范园区 (100001)')
    expect(
      api.calls.some(
        (c) => c.url.pathname.endsWith('/tenant-grants') && c.url.searchParams.get('userId') === '2',
      ),
    ).toBe(true)

    // nothing chosen: the form says what is missing and nothing is sent
    await userEvent.click(screen.getByTestId('user-tenant-add'))
    expect(await screen.findByText('请选择租户')).toBeTruthy()
    expect(screen.getByText('请输入登录账号')).toBeTruthy()
    expect(posts(api, '/blade-user/tenant')).toEqual([])

    const select = screen.getByTestId('user-tenant-select')
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select)
    await screen.findByTitle('滨江园区 (100002)')
    // the user's own tenant is never offered
    expect(screen.queryByTitle('管理组 (000000)')).toBeNull()
    fireEvent.click(screen.getByTitle('滨江园区 (100002)'))
    await userEvent.type(screen.getByTestId('user-tenant-account'), ' staff ')
    await userEvent.click(screen.getByTestId('user-tenant-add'))
    await waitFor(() =>
      expect(posts(api, '/blade-user/tenant')).toEqual([
        { userId: '2', tenantId: '100002', account: 'staff' },
      ]),
    )
    expect(await screen.findByText('新增成功')).toBeTruthy()
    expect(await within(dialog).findByText('滨江园区 (100002)')).toBeTruthy()
  })

  it('removes a grant after a confirm', async () => {
    const api = setup(info('000000', ['administrator']))
    const dialog = await openFor('2')
    await userEvent.click(await within(dialog).findByTestId('user-tenant-remove-100001'))
    expect(await screen.findByText('确定移除租户 示范园区 的授权?')).toBeTruthy()
    const confirm = document.querySelector('.ant-popconfirm .ant-btn-primary') as HTMLElement
    await userEvent.click(confirm)
    await waitFor(() => expect(posts(api, '/tenant-remove')).toEqual([{ userId: '2', tenantId: '100001' }]))
    expect(await screen.findByText('删除成功')).toBeTruthy()
    await waitFor(() => expect(within(dialog).queryByText('示范园区 (100001)')).toBeNull())
  })
})

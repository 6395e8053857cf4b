import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import RolePage from './RolePage'

const node = (id: string, title: string, children?: object[]) => ({
  id,
  parentId: '0',
  title,
  key: id,
  value: id,
  hasChildren: Boolean(children),
  ...(children ? { children } : {}),
})
const grantTree = {
  menu: [
    node('1', '系统管理', [
      node('11', '参数管理', [node('111', '新增'), node('112', '查看')]),
      node('12', '用户管理'),
    ]),
  ],
  dataScope: [node('12', '用户管理', [node('901', '本部门')])],
  apiScope: [],
  menuApp: [node('31', '访客', [node('311', '访客登记'), node('312', '查看')]), node('32', '通知')],
}
const roles = [
  { id: '7', parentId: '0', roleName: '访客', roleAlias: 'guest', sort: 1, hasChildren: false },
  { id: '8', parentId: '0', roleName: '超级管理员', roleAlias: 'administrator', sort: 0, hasChildren: false },
]

function setup(answerGrant: () => unknown = () => ok(null)) {
  useSession.setState({ token: 't', permission: { role_grant: true, role_add: true } })
  const api = stubFetch((url) => {
    const p = url.pathname
    if (p.endsWith('/role/list')) return ok(roles)
    if (p.endsWith('/menu/grant-tree')) return ok(grantTree)
    if (p.endsWith('/menu/role-tree-keys'))
      return ok({ menu: ['1', '12'], dataScope: ['901'], apiScope: [], menuApp: ['32'] })
    if (p.endsWith('/role/grant')) return answerGrant()
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<RolePage />)
  return api
}

describe('role grant dialog', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('prefills the role keys and submits checked menus with their parents, and scopes', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('role-grant-7'))
    const menuTree = await screen.findByTestId('role-grant-tree-menu')
    expect(
      api.calls.find((c) => c.url.pathname.endsWith('/role-tree-keys'))!.url.searchParams.get('roleIds'),
    ).toBe('7')
    // 参数管理 → 查看: a title click checks it
    await userEvent.click(within(menuTree).getByTestId('role-grant-node-系统管理/参数管理/查看'))
    await userEvent.click(screen.getByTestId('role-grant-submit'))
    expect(await screen.findByText('更新成功')).toBeTruthy()
    const grant = api.calls.find((c) => c.url.pathname.endsWith('/role/grant'))!
    expect(JSON.parse(String(grant.init!.body))).toEqual({
      roleIds: ['7'],
      menuIds: ['1', '11', '112', '12'],
      menuAppIds: ['32'],
      dataScopeIds: ['901'],
      apiScopeIds: [],
    })
  })

  it('the 4th tree, APP菜单, grants the app menus with their parents', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('role-grant-7'))
    await screen.findByTestId('role-grant-tree-menu')
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent)
    expect(tabs).toEqual(['菜单权限', 'APP菜单', '数据权限', '接口权限'])
    await userEvent.click(screen.getByTestId('role-grant-tab-menuApp'))
    const appTree = await screen.findByTestId('role-grant-tree-menuApp')
    await userEvent.click(within(appTree).getByTestId('role-grant-node-访客/访客登记'))
    await userEvent.click(screen.getByTestId('role-grant-submit'))
    expect(await screen.findByText('更新成功')).toBeTruthy()
    const grant = api.calls.find((c) => c.url.pathname.endsWith('/role/grant'))!
    expect(JSON.parse(String(grant.init!.body)).menuAppIds).toEqual(['31', '311', '32'])
  })

  it("shows the server's refusal and keeps the dialog open", async () => {
    setup(() => ({ code: 400, success: false, data: null, msg: '无权配置超管角色!' }))
    await userEvent.click(await screen.findByTestId('role-grant-8'))
    await screen.findByTestId('role-grant-tree-menu')
    await userEvent.click(screen.getByTestId('role-grant-submit'))
    expect(await screen.findByText('无权配置超管角色!')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('role-grant-submit')).toBeTruthy())
  })
})

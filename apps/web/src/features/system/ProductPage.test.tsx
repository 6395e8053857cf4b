import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import ProductPage from './ProductPage'

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
      node('11', '用户管理', [node('111', '新增'), node('112', '查看')]),
      node('12', '部门管理'),
    ]),
  ],
}
const products = [{ id: '71', name: '基础版', sort: 1, remark: '' }]

function setup(answerGrant: () => unknown = () => ok(null), permission = { production_grant: true }) {
  useSession.setState({
    token: 't',
    permission: { production_add: true, production_edit: true, ...permission },
  })
  const api = stubFetch((url) => {
    const p = url.pathname
    if (p.endsWith('/production/page'))
      return ok({ records: products, total: 1, size: 10, current: 1, pages: 1 })
    if (p.endsWith('/production/grant-tree')) return ok(grantTree)
    if (p.endsWith('/production/product-tree-keys')) return ok({ menu: ['1', '11', '112'] })
    if (p.endsWith('/production/grant')) return answerGrant()
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<ProductPage />)
  return api
}

describe('product menu grant dialog', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it("prefills the product's menus and saves the checked ones with their parents", async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('production-row-grant-71'))
    const tree = await screen.findByTestId('production-grant-tree')
    const keys = api.calls.find((c) => c.url.pathname.endsWith('/product-tree-keys'))!
    expect(keys.url.searchParams.get('productId')).toBe('71')
    // 查看 is granted (a leaf), 新增 is not; checking 部门管理 adds it
    await userEvent.click(await within(tree).findByTestId('production-grant-node-系统管理/部门管理'))
    await userEvent.click(screen.getByTestId('production-grant-submit'))
    expect(await screen.findByText('菜单配置已保存')).toBeTruthy()
    const grant = api.calls.find((c) => c.url.pathname.endsWith('/production/grant'))!
    const body = JSON.parse(String(grant.init!.body))
    expect(body.productId).toBe('71')
    expect([...body.menuIds].sort()).toEqual(['1', '11', '112', '12'])
  })

  it("shows the server's refusal and keeps the dialog open", async () => {
    setup(() => ({ code: 400, success: false, data: null, msg: '不可授权的菜单: 9' }))
    await userEvent.click(await screen.findByTestId('production-row-grant-71'))
    await screen.findByTestId('production-grant-node-系统管理')
    await userEvent.click(screen.getByTestId('production-grant-submit'))
    expect(await screen.findByText('不可授权的菜单: 9')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('production-grant-submit')).toBeTruthy())
  })

  it('offers no grant without the production_grant button', async () => {
    setup(undefined, { production_grant: false })
    expect(await screen.findByText('基础版')).toBeTruthy()
    expect(screen.queryByTestId('production-row-grant-71')).toBeNull()
  })
})

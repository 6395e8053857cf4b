import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import ProxyTenantPage from './ProxyTenantPage'
import { productNodes } from './proxy'

const agents = [{ id: '81', name: '华东代理', linkman: '李四', logo: 'https://cdn.example.com/east.png' }]
const products = [
  { id: '71', name: '基础版' },
  { id: '72', name: '行政区划' },
  { id: '73', name: '通知公告' },
]

function setup() {
  useSession.setState({ token: 't', permission: { proxy_add: true, proxy_edit: true, proxy_grant: true } })
  const api = stubFetch((url) => {
    const p = url.pathname
    if (p.endsWith('/proxyTenant/page'))
      return ok({ records: agents, total: 1, size: 10, current: 1, pages: 1 })
    if (p.endsWith('/production/select')) return ok(products)
    if (p.endsWith('/proxyTenant/product-keys')) return ok(['71', '73'])
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<ProxyTenantPage />)
  return api
}

describe('agent product grant dialog', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it("lists every product, checks the agent's and saves the new set", async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('proxy-row-grant-81'))
    const tree = await screen.findByTestId('proxy-grant-tree')
    expect(
      api.calls.find((c) => c.url.pathname.endsWith('/product-keys'))!.url.searchParams.get('proxyId'),
    ).toBe('81')
    // 通知公告 off, 行政区划 on
    await userEvent.click(within(tree).getByTestId('proxy-grant-node-通知公告'))
    await userEvent.click(within(tree).getByTestId('proxy-grant-node-行政区划'))
    await userEvent.click(screen.getByTestId('proxy-grant-submit'))
    expect(await screen.findByText('产品授权已保存')).toBeTruthy()
    const grant = api.calls.find((c) => c.url.pathname.endsWith('/proxyTenant/grant'))!
    const body = JSON.parse(String(grant.init!.body))
    expect(body.proxyId).toBe('81')
    expect([...body.productIds].sort()).toEqual(['71', '72'])
  })

  it('products become the leaves of a one-level tree', () => {
    expect(productNodes([{ id: '7', name: 'x' }])).toEqual([
      { id: '7', parentId: '0', title: 'x', key: '7', value: '7' },
    ])
  })
})

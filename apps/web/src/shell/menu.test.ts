import type { MenuNode } from '@xpark/contract'
import { describe, expect, it } from 'vitest'
import { ancestorIds, menuTarget, permissionMap, searchMenu, visibleMenu } from './menu'

const node = (id: string, name: string, path: string, over: Partial<MenuNode> = {}): MenuNode => ({
  id,
  parentId: '0',
  code: id,
  name,
  alias: 'menu',
  path,
  source: '',
  sort: 1,
  category: 1,
  action: 0,
  isOpen: 1,
  remark: '',
  hidden: false,
  roles: [],
  keepAlive: false,
  hasChildren: false,
  ...over,
})

const tree: MenuNode[] = [
  node('sys', '系统管理', '/system', {
    children: [
      node('param', '参数管理', '/system/param'),
      node('hidden', '隐藏', '/system/hidden', { hidden: true }),
      node('admin', 'Admin only', '/system/admin', { roles: ['administrator'] }),
      node('ops', 'Ops', '/system/ops', { roles: ['admin', 'ops'] }),
    ],
  }),
  node('secret', 'Secret', '/secret', { children: [node('s1', 'S1', '/secret/s1', { hidden: true })] }),
  node('doc', 'Docs', 'https://example.com/doc'),
]

describe('menu filtering', () => {
  it('hides items flagged hidden and items whose roles lack the user role', () => {
    const shown = visibleMenu(tree, ['admin'])
    expect(shown.map((n) => n.id)).toEqual(['sys', 'doc'])
    expect(shown[0]!.children!.map((n) => n.id)).toEqual(['param', 'ops'])
  })

  it('shows role-restricted items to a user holding one of the roles', () => {
    const shown = visibleMenu(tree, ['administrator'])
    expect(shown[0]!.children!.map((n) => n.id)).toEqual(['param', 'admin'])
  })

  it('shows items with an empty roles list to everyone', () => {
    expect(visibleMenu([node('a', 'A', '/a', { roles: [] })], [])).toHaveLength(1)
  })
})

describe('menu targets', () => {
  it('opens URL items under /myiframe/urlPath with src and name', () => {
    const target = menuTarget(node('d', '文档', 'https://example.com/doc'))
    expect(target.kind).toBe('route')
    const to = target.kind === 'route' ? target.to : ''
    expect(to.startsWith('/myiframe/urlPath?')).toBe(true)
    const q = new URLSearchParams(to.split('?')[1])
    expect(q.get('src')).toBe('https://example.com/doc')
    expect(q.get('name')).toBe('文档')
  })

  it('treats a path containing html as external', () => {
    expect(menuTarget(node('r', 'Report', '/ureport/designer.html')).kind).toBe('route')
    expect((menuTarget(node('r', 'Report', '/ureport/designer.html')) as { to: string }).to).toContain(
      '/myiframe/',
    )
  })

  it('opens URL items with open mode 2 in a new window', () => {
    expect(menuTarget(node('p', 'Pay', 'http://pay.example.com', { isOpen: 2 }))).toEqual({
      kind: 'window',
      url: 'http://pay.example.com',
    })
  })

  it('opens a page of ours with open mode 2 in a new tab at its route (the /pay page)', () => {
    expect(menuTarget(node('p', 'Pay', '/pay', { isOpen: 2 }))).toEqual({ kind: 'window', url: '#/pay' })
  })

  it('routes ordinary items to their path', () => {
    expect(menuTarget(node('p', 'P', '/system/param'))).toEqual({ kind: 'route', to: '/system/param' })
  })
})

describe('menu search and helpers', () => {
  it('filters leaf items by name prefix, ignoring case', () => {
    expect(searchMenu(tree, 'ad').map((n) => n.id)).toEqual(['admin'])
    expect(searchMenu(tree, 'OP').map((n) => n.id)).toEqual(['ops'])
    expect(searchMenu(tree, '参数').map((n) => n.id)).toEqual(['param'])
    expect(searchMenu(tree, '管理')).toEqual([]) // prefix, not substring; folders are not leaves
  })

  it('builds the permission map from the leaves of menu/buttons', () => {
    const buttons = [node('m', 'param', '/system/param', { children: [node('param_add', 'add', '')] })]
    expect(permissionMap(buttons)).toEqual({ param_add: true })
  })

  it('finds the ancestors of a path', () => {
    expect(ancestorIds(tree, '/system/param')).toEqual(['sys'])
    expect(ancestorIds(tree, '/nowhere')).toEqual([])
  })
})

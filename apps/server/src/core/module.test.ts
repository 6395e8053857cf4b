import { describe, expect, it } from 'vitest'
import { button, inSystemMenu, menuCodes, mergeMenuSeeds, screen } from './module.js'

describe('module menus', () => {
  it('merges the sections several modules fill into one entry, children in the order given', () => {
    const merged = mergeMenuSeeds([
      [inSystemMenu({ ...screen('param', '参数管理', '/system/param', 'ToolOutlined'), sort: 1 })],
      [
        inSystemMenu({ ...screen('user', '用户管理', '/system/user', 'UserOutlined'), sort: 2 }),
        { code: 'storage', name: '仓储管理', children: [button('storage_view', '查看', 2)] },
      ],
    ])
    expect(merged.map((m) => m.code)).toEqual(['system', 'storage'])
    expect(merged[0]!.children!.map((m) => [m.code, m.sort])).toEqual([
      ['param', 1],
      ['user', 2],
    ])
    // nothing lost, nothing doubled
    expect(menuCodes(merged).filter((c) => c === 'system')).toHaveLength(1)
    expect(menuCodes(merged)).toContain('user_view')
  })

  it('refuses one code declared twice with different properties', () => {
    expect(() =>
      mergeMenuSeeds([[{ code: 'system', name: '系统管理' }], [{ code: 'system', name: 'System' }]]),
    ).toThrow('menu system is declared twice, differently')
  })
})

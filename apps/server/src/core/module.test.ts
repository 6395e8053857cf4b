import { defineContract } from '@xpark/contract/kit'
import { pgTable, varchar } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { resourceOf } from './crud/beside-table.js'
import {
  button,
  defineModule,
  englishMenuNames,
  inSystemMenu,
  menuCodes,
  mergeMenuSeeds,
  screen,
} from './module.js'

/** A flat resource with its screen, declared as a module's schema.ts declares one. */
const shelfContract = defineContract({
  path: 'park-shop/shelf',
  code: 'shop_shelf',
  form: z.object({ name: z.string() }),
  row: z.object({ id: z.string(), name: z.string() }),
  screen: { parent: 'shop', name: '货架', en: 'Shelves', path: '/shop/shelf', icon: 'TableOutlined' },
})
const shelf = pgTable('test_shop_shelf', {
  id: varchar({ length: 20 }).primaryKey(),
  tenantId: varchar({ length: 12 }).notNull(),
  name: varchar({ length: 64 }).notNull(),
})
const SHOP = { code: 'shop', name: '商店', path: '/shop', en: 'Shop' }

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

  it('a resource declared beside its table is registered, its contract screen seeded under its section', () => {
    const m = defineModule({
      name: 'shop',
      tables: { shelf, shelves: resourceOf(shelf, shelfContract) },
      menus: [{ ...SHOP, children: [screen('shop_order', '订单', '/shop/order', 'X')] }],
      // the screen's codes are the module's like the others: staff are given its view
      staff: (codes) => codes.filter((c) => c.endsWith('_view')),
    })
    expect(m.resources.map((r) => r.path)).toEqual(['park-shop/shelf'])
    const section = m.menus[0]!
    expect(section.children!.map((c) => c.code)).toEqual(['shop_order', 'shop_shelf'])
    const entry = section.children![1]!
    expect(entry).toMatchObject({ name: '货架', path: '/shop/shelf', source: 'TableOutlined', en: 'Shelves' })
    expect(menuCodes([entry])).toEqual([
      'shop_shelf',
      'shop_shelf_add',
      'shop_shelf_edit',
      'shop_shelf_delete',
      'shop_shelf_view',
    ])
    expect(m.staff).toEqual(['shop_order_view', 'shop_shelf_view'])
    expect(englishMenuNames(m.menus)).toEqual({ shop: 'Shop', shop_shelf: 'Shelves' })
  })

  it('refuses a contract screen whose section the module does not have', () => {
    expect(() =>
      defineModule({ name: 'shop', tables: { shelves: resourceOf(shelf, shelfContract) }, menus: [] }),
    ).toThrow('module shop: screen shop_shelf names section shop, not among its menus')
  })
})

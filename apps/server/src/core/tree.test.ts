import { describe, expect, it } from 'vitest'
import { categoryTree, treeNode } from './tree.js'

describe('categoryTree (pickers: categories with their items as leaves)', () => {
  it('nests the categories, puts each item under its category after the sub-categories, drops orphans', () => {
    const categories = [
      { id: '1', parentId: '0', name: '饮料' },
      { id: '2', parentId: '1', name: '果汁' },
      { id: '3', parentId: '0', name: '零食' },
    ]
    const items = [
      { id: 'a', category: '1', name: '矿泉水', price: 200 },
      { id: 'b', category: '2', name: '橙汁', price: 500 },
      { id: 'c', category: '9', name: '无类', price: 100 },
    ]
    const tree = categoryTree(categories, items, (i) => ({
      category: i.category,
      node: { ...treeNode(i.id, i.category, i.name), price: i.price },
    }))
    expect(tree.map((n) => [n.id, n.hasChildren])).toEqual([
      ['1', true],
      ['3', false],
    ])
    const drinks = tree[0]!.children!
    expect(drinks.map((n) => n.id)).toEqual(['2', 'a'])
    expect(drinks[1]).toMatchObject({ title: '矿泉水', isLeaf: true, price: 200 })
    expect(drinks[0]!.children).toEqual([expect.objectContaining({ id: 'b', isLeaf: true, price: 500 })])
    expect(JSON.stringify(tree)).not.toContain('无类')
  })
})

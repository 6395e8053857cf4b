import type { TreeNode } from '@xpark/contract/schemas'

/** Trees of tree resources (BladeX `ForestNodeMerger`): rows in, forest out. */

export type Branch<T> = T & { hasChildren: boolean; children?: Branch<T>[] }

/** Nest rows by parentId, keeping their order; a row whose parent is absent becomes a root (so a filtered list still shows its hits). */
export function forestOf<T extends { id: string; parentId: string }>(rows: readonly T[]): Branch<T>[] {
  const nodes = new Map<string, Branch<T>>(rows.map((r) => [r.id, { ...r, hasChildren: false }]))
  const roots: Branch<T>[] = []
  for (const node of nodes.values()) {
    const parent = node.parentId !== node.id ? nodes.get(node.parentId) : undefined
    if (parent) {
      parent.children ??= []
      parent.children.push(node)
      parent.hasChildren = true
    } else roots.push(node)
  }
  return roots
}

/** Rows ordered by `sort`, then id: the order every BladeX tree shows. */
export function bySort<T extends { id: string; sort: number }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => a.sort - b.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

export function treeNode(id: string, parentId: string, title: string, hasChildren = false): TreeNode {
  return { id, parentId, title, key: id, value: id, hasChildren }
}

/** A forest of BladeX TreeNodes: title is the label, key and value the id. */
export function treeOf(rows: readonly { id: string; parentId: string; title: string }[]): TreeNode[] {
  const strip = (nodes: Branch<{ id: string; parentId: string; title: string }>[]): TreeNode[] =>
    nodes.map((n) => ({
      ...treeNode(n.id, n.parentId, n.title, n.hasChildren),
      ...(n.children ? { children: strip(n.children) } : {}),
    }))
  return strip(forestOf(rows))
}

/**
 * A picker's tree: the category forest (in the rows' order) with each category's items as leaves
 * after its sub-categories (`isLeaf`, plus the item's own fields); an item whose category is not
 * among the rows is left out (a disabled type, a category out of scope).
 */
export function categoryTree<I>(
  categories: readonly { id: string; parentId: string; name: string }[],
  items: readonly I[],
  leaf: (item: I) => { category: string; node: TreeNode & Record<string, unknown> },
): TreeNode[] {
  const nodes = new Map(
    categories.map((c) => [c.id, { ...treeNode(c.id, c.parentId, c.name), children: [] as TreeNode[] }]),
  )
  const roots: TreeNode[] = []
  for (const c of categories) {
    const node = nodes.get(c.id)!
    const parent = nodes.get(c.parentId)
    if (parent) {
      parent.children.push(node)
      parent.hasChildren = true
    } else roots.push(node)
  }
  for (const item of items) {
    const { category, node } = leaf(item)
    const parent = nodes.get(category)
    if (!parent) continue
    parent.children.push({ ...node, isLeaf: true } as TreeNode)
    parent.hasChildren = true
  }
  return roots
}

import type { TreeNode } from '@xpark/contract/schemas'

/** What a forest needs of a row. */
interface Linked {
  id: string
  parentId: string
  sort: number
}

export type Branch<T> = T & { hasChildren: boolean; children?: Branch<T>[] }

/**
 * Build a forest by parentId, each level sorted by `sort` then id (blade-tool ForestNodeMerger): a
 * node whose parent is not among the rows becomes a root, so a filtered list still shows its hits.
 */
export function forest<T extends Linked>(rows: readonly T[]): Branch<T>[] {
  const ordered = [...rows].sort((a, b) => a.sort - b.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const nodes = new Map<string, Branch<T>>(ordered.map((r) => [r.id, { ...r, hasChildren: false }]))
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

/** BladeX TreeNode: title is the label, key and value the id. */
export function treeNodes<T extends Linked>(rows: readonly T[], title: (row: T) => string): TreeNode[] {
  const strip = (branch: Branch<T>): TreeNode => ({
    id: branch.id,
    parentId: branch.parentId,
    title: title(branch),
    key: branch.id,
    value: branch.id,
    hasChildren: branch.hasChildren,
    ...(branch.children ? { children: branch.children.map(strip) } : {}),
  })
  return forest(rows).map(strip)
}

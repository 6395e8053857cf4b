import type { TreeNode } from '@xpark/contract/schemas'
import { isAdministrator } from '../../../core/auth/guards.js'
import type { AuthContext } from '../../../core/auth/tokens.js'
import { forbidden } from '../../../core/errors.js'

/** Trees of the organisation screens (BladeX `ForestNodeMerger`): rows in, forest out. */

type Node<T> = T & { hasChildren: boolean; children?: Node<T>[] }

/** Nest rows by parentId, keeping their order; a row whose parent is absent becomes a root. */
export function forestOf<T extends { id: string; parentId: string }>(rows: readonly T[]): Node<T>[] {
  const nodes = new Map<string, Node<T>>(rows.map((r) => [r.id, { ...r, hasChildren: false }]))
  const roots: Node<T>[] = []
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

export function treeNode(id: string, parentId: string, title: string, hasChildren = false): TreeNode {
  return { id, parentId, title, key: id, value: id, hasChildren }
}

/** A forest of TreeNodes. */
export function treeOf(rows: readonly { id: string; parentId: string; title: string }[]): TreeNode[] {
  const strip = (nodes: Node<{ id: string; parentId: string; title: string }>[]): TreeNode[] =>
    nodes.map((n) => ({
      ...treeNode(n.id, n.parentId, n.title, n.hasChildren),
      ...(n.children ? { children: strip(n.children) } : {}),
    }))
  return strip(forestOf(rows))
}

/**
 * The tenant a tree request reads: the caller's own; another one only for the platform
 * administrator (BladeX `tree?tenantId=`).
 */
export function tenantFor(auth: AuthContext, tenantId: string | undefined): { tenantId: string } {
  if (!tenantId || tenantId === auth.tenantId) return { tenantId: auth.tenantId }
  if (!isAdministrator(auth)) throw forbidden('无权查看其他租户的数据')
  return { tenantId }
}

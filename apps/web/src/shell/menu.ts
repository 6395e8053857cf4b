import type { MenuNode } from '@xpark/contract'

/**
 * Sidebar rules (spec 01 §2, §6): an item is hidden when flagged hidden, or when it carries a roles
 * list that holds none of the user's role aliases. A parent whose children are all hidden goes too
 * (it would otherwise be a dead leaf pointing at a folder path).
 */
export function visibleMenu(nodes: MenuNode[], roleAliases: string[]): MenuNode[] {
  const out: MenuNode[] = []
  for (const node of nodes) {
    if (node.hidden) continue
    if (node.roles?.length && !node.roles.some((r) => roleAliases.includes(r))) continue
    if (node.children?.length) {
      const children = visibleMenu(node.children, roleAliases)
      if (children.length === 0) continue
      out.push({ ...node, children })
    } else {
      out.push(node)
    }
  }
  return out
}

/** A path that points outside the console: a URL, or anything containing 'html' (Saber's rule). */
export function isExternal(path: string): boolean {
  return /^(https?:)?\/\//i.test(path) || path.includes('html')
}

export type MenuTarget = { kind: 'window'; url: string } | { kind: 'route'; to: string }

/** Where choosing a menu item leads: a new window (open mode 2 + URL), the iframe host, or a route. */
export function menuTarget(node: Pick<MenuNode, 'path' | 'name' | 'isOpen'>): MenuTarget {
  if (isExternal(node.path)) {
    if (node.isOpen === 2) return { kind: 'window', url: node.path }
    const query = new URLSearchParams({ src: node.path, name: node.name })
    return { kind: 'route', to: `/myiframe/urlPath?${query}` }
  }
  // a page of ours opened in a new tab (the /pay page): the same console at that route
  if (node.isOpen === 2) return { kind: 'window', url: `#${node.path}` }
  return { kind: 'route', to: node.path }
}

export function leaves(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]))
}

/** Menu search: leaf items whose name starts with the text, ignoring case. */
export function searchMenu(nodes: MenuNode[], text: string): MenuNode[] {
  const q = text.trim().toLowerCase()
  const all = leaves(nodes)
  return q === '' ? all : all.filter((n) => n.name.toLowerCase().startsWith(q))
}

export function findByPath(nodes: MenuNode[], path: string): MenuNode | undefined {
  for (const n of nodes) {
    if (n.path === path) return n
    const hit = n.children ? findByPath(n.children, path) : undefined
    if (hit) return hit
  }
  return undefined
}

/** The ancestors' ids of the item with `path` (to open the right sidebar folders). */
export function ancestorIds(nodes: MenuNode[], path: string, trail: string[] = []): string[] {
  for (const n of nodes) {
    if (n.path === path) return trail
    if (n.children) {
      const hit = ancestorIds(n.children, path, [...trail, n.id])
      if (hit.length || n.children.some((c) => c.path === path)) return hit
    }
  }
  return []
}

/** `menu/buttons` tree → `{ code: true }` from its leaves (spec 01 §6). */
export function permissionMap(buttons: MenuNode[]): Record<string, boolean> {
  const map: Record<string, boolean> = {}
  for (const leaf of leaves(buttons)) if (leaf.code) map[leaf.code] = true
  return map
}

import type { TreeNode } from '@xpark/contract/schemas'
import type { GrantKeys, GrantRequest, GrantTrees } from './roleApi'

/**
 * The grant dialog's trees conduct checks (a parent shows checked when all its children are), so the
 * checked leaves say everything:
 * - prefill: of the granted ids only the leaves are checked (a granted parent would otherwise check
 *   every child), the tree works out the parents;
 * - submit: a menu (of the console or of the app) is granted when it is checked or holds a checked
 *   descendant (the half-checked folders and screens, so a screen shows with only some of its
 *   buttons); a scope is granted when its leaf is checked (the menus in the scope trees only group them).
 */

export type GrantTab = keyof GrantTrees

function leavesOf(nodes: readonly TreeNode[]): Set<string> {
  const out = new Set<string>()
  const walk = (list: readonly TreeNode[]) => {
    for (const n of list) {
      if (n.children?.length) walk(n.children)
      else out.add(n.id)
    }
  }
  walk(nodes)
  return out
}

/** Granted ids → the checked keys of one tree (its leaves among them). */
export function checkedFromGranted(nodes: readonly TreeNode[], granted: readonly string[]): string[] {
  const leaves = leavesOf(nodes)
  return granted.filter((id) => leaves.has(id))
}

/**
 * Every node that is checked, under a checked node (checks conduct down) or above a checked node (a
 * half-checked parent), in tree order.
 */
export function withPartialParents(nodes: readonly TreeNode[], checked: readonly string[]): string[] {
  const picked = new Set(checked)
  const out: string[] = []
  const walk = (list: readonly TreeNode[], inherited: boolean): boolean => {
    let any = false
    for (const n of list) {
      const self = inherited || picked.has(n.id)
      const at = out.length
      const below = n.children?.length ? walk(n.children, self) : false
      if (below || self) {
        out.splice(at, 0, n.id)
        any = true
      }
    }
    return any
  }
  walk(nodes, false)
  return out
}

export function initialChecked(trees: GrantTrees, keys: GrantKeys): Record<GrantTab, string[]> {
  return {
    menu: checkedFromGranted(trees.menu, keys.menu),
    dataScope: checkedFromGranted(trees.dataScope, keys.dataScope),
    apiScope: checkedFromGranted(trees.apiScope, keys.apiScope),
    menuApp: checkedFromGranted(trees.menuApp, keys.menuApp),
  }
}

/** The `role/grant` body from the checked keys of the four trees. */
export function buildGrantRequest(
  roleIds: readonly string[],
  trees: GrantTrees,
  checked: Record<GrantTab, readonly string[]>,
): GrantRequest {
  const scopeLeaves = (tab: 'dataScope' | 'apiScope') => {
    const leaves = leavesOf(trees[tab])
    return withPartialParents(trees[tab], checked[tab]).filter((id) => leaves.has(id))
  }
  return {
    roleIds: [...roleIds],
    menuIds: withPartialParents(trees.menu, checked.menu),
    menuAppIds: withPartialParents(trees.menuApp, checked.menuApp),
    dataScopeIds: scopeLeaves('dataScope'),
    apiScopeIds: scopeLeaves('apiScope'),
  }
}

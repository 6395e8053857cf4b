import type { ReactNode } from 'react'
import type { Query } from '@/api/httpCore'
import type { CrudResource, TreeSource } from '@/components/crud'
import type { Tr } from '@/components/crud/i18n'

// The declaration of a tree-and-list screen: a leaf file, since the page (TreeListPage.tsx) and its
// sides (treeListSides.tsx) both read it.

/**
 * A tree beside a list: pick a node on the left, the list on the right shows its rows (and adds under
 * it). What is picked from is one of three sides:
 * - `tree`: a tree resource's `tree` call (the whole tree at once);
 * - `lazyTree`: one level per call, a node's children loaded when it opens (regions);
 * - `rows`: a resource's own rows as a list (the dictionaries: pick one, the list shows its entries).
 * Every side is cached under its resource's code, so writes to that resource refresh it. `vertical`
 * stacks the two (spec 01 §2's dictionary screens come in both layouts).
 */
export type TreeListDeclaration<T extends object, P extends object = object> = TreeListCommon<T, P> &
  (
    | { tree: TreeSource; lazyTree?: never; rows?: never }
    | { lazyTree: LazyTreeSource; tree?: never; rows?: never }
    | { rows: RowsSource<P>; tree?: never; lazyTree?: never }
  )

/** The node picked: its id, its title, its depth (a top-level node is 1) and, on a `rows` side, its row. */
export interface TreePick<P extends object = object> {
  id: string
  title: string
  depth: number
  row?: P
}

/** A tree read one level at a time: `url?<param>=<parent>` answers the children (TreeNodes with `hasChildren`). */
export interface LazyTreeSource {
  url: string
  /** the parent's query parameter (`parentCode`) */
  param: string
  /** the parent of the top level (`00`) */
  root: string
  /** the resource's code for the query cache: its writes reload every level loaded */
  code: string
}

/** A resource's own rows to pick from (shown with its search, paging and actions). */
export interface RowsSource<P extends object> {
  resource: CrudResource<P>
  /** the node's title (the list's heading) */
  title: (row: P) => string
  /** the add dialog's values of this side */
  formDefaults?: Record<string, unknown>
  /** a button on each row that picks it (a click on the row picks it too) */
  pickButton?: { label: string; icon?: ReactNode; testId: (row: P) => string }
}

interface TreeListCommon<T extends object, P extends object> {
  /** i18n key or text over the tree */
  treeTitle?: string
  /** the list; a function of the picked node when its columns or actions depend on it (remounted per node) */
  list: CrudResource<T> | ((node: TreePick<P>) => CrudResource<T>)
  /** the list's query for a node (e.g. `{ typeId: node }`); no node picked shows every row */
  filter: (nodeId: string, node: TreePick<P>) => Query
  /** the add dialog's values under a node */
  defaults?: (nodeId: string, node: TreePick<P>) => Record<string, unknown>
  /** the add dialog's values while no node is picked (a top-level row) */
  rootDefaults?: Record<string, unknown>
  /** the list waits for a pick: until then an empty card with this hint (i18n key or text) */
  pickHint?: string
  /** a heading over the list for the picked node */
  listTitle?: (node: TreePick<P>, tr: Tr) => string
  layout?: 'horizontal' | 'vertical'
  testIds?: {
    page?: string
    /** the tree nodes' prefix (`tree-node-` + id) */
    node?: string
    /** the list's wrapper, its heading and the empty card before a pick */
    list?: string
    listTitle?: string
    listEmpty?: string
  }
}

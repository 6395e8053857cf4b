import { Card, Col, Empty, Row } from 'antd'
import { type ReactNode, useMemo, useState } from 'react'
import type { Query } from '@/api/httpCore'
import { CrudPage, type CrudResource, type TreeSource } from '@/components/crud'
import { type Tr, useTr } from '@/components/crud/i18n'
import { RowsSide, TreeSide } from './treeListSides'

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

export function TreeListPage<T extends object, P extends object = object>({
  declaration,
}: {
  declaration: TreeListDeclaration<T, P>
}) {
  const tr = useTr()
  const [picked, setPicked] = useState<TreePick<P>>()
  const ids = declaration.testIds ?? {}
  const vertical = declaration.layout === 'vertical'
  const params = useMemo(
    () => (picked ? declaration.filter(picked.id, picked) : undefined),
    [picked, declaration],
  )
  const defaults = useMemo(
    () => (picked ? declaration.defaults?.(picked.id, picked) : declaration.rootDefaults),
    [picked, declaration],
  )
  const list = declaration.list
  const resource = useMemo(
    () => (typeof list === 'function' ? (picked ? list(picked) : undefined) : list),
    [list, picked],
  )

  const side = declaration.rows ? (
    <RowsSide rows={declaration.rows} picked={picked} onPick={setPicked} />
  ) : (
    <TreeSide declaration={declaration} picked={picked} onPick={setPicked} />
  )
  const waiting = declaration.pickHint !== undefined && !picked
  const listSide =
    waiting || !resource ? (
      <Card data-testid={ids.listEmpty}>
        <Empty description={tr(declaration.pickHint ?? 'kit.noData')} />
      </Card>
    ) : (
      <div data-testid={ids.list}>
        {picked && declaration.listTitle && (
          <div style={{ margin: '0 0 8px', fontWeight: 600 }} data-testid={ids.listTitle}>
            {declaration.listTitle(picked, tr)}
          </div>
        )}
        <CrudPage
          // a list built for its node starts afresh with each node
          key={typeof list === 'function' ? picked?.id : undefined}
          resource={resource}
          params={params}
          formDefaults={defaults}
        />
      </div>
    )

  const page = ids.page ?? 'tree-list-page'
  if (vertical)
    return (
      <div
        data-testid={page}
        data-layout="vertical"
        style={{ display: 'flex', flexDirection: 'column', gap: 16 }}
      >
        {side}
        {listSide}
      </div>
    )
  return declaration.rows ? (
    <Row gutter={16} data-testid={page} data-layout="horizontal">
      <Col xs={24} xl={12}>
        {side}
      </Col>
      <Col xs={24} xl={12}>
        {listSide}
      </Col>
    </Row>
  ) : (
    <Row gutter={12} wrap={false} data-testid={page} data-layout="horizontal">
      <Col flex="280px">{side}</Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {listSide}
      </Col>
    </Row>
  )
}

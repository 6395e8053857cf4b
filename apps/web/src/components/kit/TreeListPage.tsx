import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TreeNode } from '@xpark/contract/schemas'
import { Button, Card, Col, Empty, Input, Row, Spin, Tree, type TreeDataNode } from 'antd'
import { type Key, type ReactNode, useCallback, useMemo, useState } from 'react'
import { getData } from '@/api/http'
import type { Query } from '@/api/httpCore'
import { CrudPage, type CrudResource, crudKeys, type TreeSource, treeSourceQuery } from '@/components/crud'
import { type Tr, useTr } from '@/components/crud/i18n'

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

const ALL = '__all'

interface Built {
  data: TreeDataNode[]
  /** every node seen: id → title and depth */
  seen: Map<string, TreePick>
}

/** TreeNodes as antd's, filtered by the search text; `childrenOf` gives a lazy tree's loaded levels. */
function build(
  nodes: readonly TreeNode[],
  search: string,
  nodeId: string,
  childrenOf: (n: TreeNode) => readonly TreeNode[] | undefined,
  lazy: boolean,
): Built {
  const seen = new Map<string, TreePick>()
  const walk = (list: readonly TreeNode[], depth: number): TreeDataNode[] => {
    const out: TreeDataNode[] = []
    for (const n of list) {
      seen.set(n.id, { id: n.id, title: n.title, depth })
      const loaded = childrenOf(n)
      const children = walk(loaded ?? [], depth + 1)
      const hit = !search || n.title.toLowerCase().includes(search)
      if (!hit && children.length === 0) continue
      // a lazy node not opened yet: a leaf only when the server says it has no children
      const leaf = lazy && !loaded ? n.hasChildren !== true : children.length === 0
      out.push({
        key: n.id,
        title: <span data-testid={`${nodeId}${n.id}`}>{n.title}</span>,
        ...(children.length ? { children } : {}),
        ...(leaf ? { isLeaf: true } : {}),
      })
    }
    return out
  }
  return { data: walk(nodes, 1), seen }
}

const wholeChildren = (n: TreeNode) => n.children

const lazyLevelQuery = (source: LazyTreeSource, parent: string) => ({
  queryKey: crudKeys.of(source.code, 'lazy-tree', source.url, parent),
  queryFn: async () => (await getData<TreeNode[]>(source.url, { [source.param]: parent })) ?? [],
  staleTime: 30_000,
})

/** The nodes of a `tree` or `lazyTree` side (a lazy tree: the levels opened so far). */
function useTreeNodes(tree: TreeSource | undefined, lazyTree: LazyTreeSource | undefined) {
  const queryClient = useQueryClient()
  const whole = useQuery({ ...treeSourceQuery(tree ?? { url: '', code: '' }), enabled: tree !== undefined })
  const [opened, setOpened] = useState<string[]>([])
  const parents = useMemo(() => (lazyTree ? [lazyTree.root, ...opened] : []), [lazyTree, opened])
  const levels = useQueries({
    queries: parents.map((p) => lazyLevelQuery(lazyTree as LazyTreeSource, p)),
  })
  // useQueries answers a new array each render: the levels' update times say when their data changed
  const version = levels.map((l) => l.dataUpdatedAt).join()
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` stands for the levels' data
  const byParent = useMemo(() => {
    const map = new Map<string, TreeNode[]>()
    parents.forEach((p, i) => {
      const data = levels[i]?.data
      if (data) map.set(p, data)
    })
    return map
  }, [parents, version])
  const childrenOf = useCallback((n: TreeNode) => byParent.get(n.id), [byParent])
  const open = useCallback(
    async (id: string) => {
      if (!lazyTree) return
      await queryClient.fetchQuery(lazyLevelQuery(lazyTree, id)).catch(() => undefined) // the HTTP client showed why
      setOpened((o) => (o.includes(id) ? o : [...o, id]))
    },
    [lazyTree, queryClient],
  )
  if (lazyTree)
    return {
      nodes: byParent.get(lazyTree.root),
      loading: levels[0]?.isLoading === true,
      childrenOf,
      open,
    }
  return {
    nodes: whole.data,
    loading: whole.isLoading,
    childrenOf: wholeChildren,
    open,
  }
}

function TreeSide<T extends object, P extends object>({
  declaration,
  picked,
  onPick,
}: {
  declaration: TreeListDeclaration<T, P>
  picked: TreePick<P> | undefined
  onPick: (node: TreePick<P> | undefined) => void
}) {
  const tr = useTr()
  const [search, setSearch] = useState('')
  const lazy = declaration.lazyTree !== undefined
  const { nodes, loading, childrenOf, open } = useTreeNodes(declaration.tree, declaration.lazyTree)
  const [expanded, setExpanded] = useState<string[]>([ALL])
  const nodeId = declaration.testIds?.node ?? 'tree-node-'
  const searching = search.trim().toLowerCase()
  const built = useMemo(
    () => build(nodes ?? [], searching, nodeId, childrenOf, lazy),
    [nodes, searching, nodeId, childrenOf, lazy],
  )
  const data = useMemo(
    () => [
      {
        key: ALL,
        title: <span data-testid={`${nodeId}all`}>{tr('kit.all')}</span>,
        children: built.data,
      },
    ],
    [built.data, nodeId, tr],
  )
  // a whole tree opens every branch; a lazy one the branches opened (a search: every loaded hit's branch)
  const expandedProps = lazy
    ? {
        expandedKeys: searching ? [ALL, ...built.seen.keys()] : expanded,
        onExpand: (keys: Key[]) => setExpanded(keys.map(String)),
        loadData: (node: { key: Key }) => (node.key === ALL ? Promise.resolve() : open(String(node.key))),
      }
    : { defaultExpandAll: true, ...(searching ? { expandedKeys: undefined, autoExpandParent: true } : {}) }

  return (
    <Card
      title={declaration.treeTitle ? tr(declaration.treeTitle) : undefined}
      size="small"
      data-testid="tree-list-tree"
    >
      <Input.Search
        allowClear
        placeholder={tr('kit.treeSearch')}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 8 }}
        data-testid="tree-list-search"
      />
      <Spin spinning={loading}>
        {nodes && nodes.length === 0 ? (
          <Empty description={tr('kit.noData')} />
        ) : (
          <Tree
            blockNode
            {...expandedProps}
            selectedKeys={[picked?.id ?? ALL]}
            treeData={data}
            onSelect={(keys) => {
              const key = keys[0] === undefined ? undefined : String(keys[0])
              onPick(key === undefined || key === ALL ? undefined : (built.seen.get(key) as TreePick<P>))
            }}
          />
        )}
      </Spin>
    </Card>
  )
}

/** A resource's rows as the side to pick from: a click on a row (or its pick button) picks it. */
function RowsSide<P extends object>({
  rows,
  picked,
  onPick,
}: {
  rows: RowsSource<P>
  picked: TreePick<P> | undefined
  onPick: (node: TreePick<P>) => void
}) {
  const tr = useTr()
  const source = rows.resource
  const rowKey = (source.rowKey ?? 'id') as keyof P
  const pickedId = picked?.id
  const resource = useMemo<CrudResource<P>>(() => {
    const pick = (row: P) => onPick({ id: String(row[rowKey]), title: rows.title(row), depth: 1, row })
    const button = rows.pickButton
    return {
      ...source,
      rowExtraCount: (source.rowExtraCount ?? (source.rowExtra ? 1 : 0)) + (button ? 1 : 0),
      rowExtra: (row, ctx) => (
        <>
          {button && (
            <Button
              key="pick"
              type="link"
              size="small"
              icon={button.icon}
              onClick={(e) => {
                e.stopPropagation()
                pick(row)
              }}
              data-testid={button.testId(row)}
            >
              {tr(button.label)}
            </Button>
          )}
          {source.rowExtra?.(row, ctx)}
        </>
      ),
      onRow: (row, index) => {
        const own = String(row[rowKey]) === pickedId
        return {
          ...source.onRow?.(row, index),
          onClick: () => pick(row),
          'aria-current': own ? 'true' : undefined,
          style: own ? { background: 'var(--ant-color-primary-bg)' } : undefined,
        }
      },
    }
  }, [source, rows, rowKey, pickedId, onPick, tr])
  return <CrudPage resource={resource} formDefaults={rows.formDefaults} />
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

import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TreeNode } from '@xpark/contract/schemas'
import { Button, Card, Empty, Input, Spin, Tree, type TreeDataNode } from 'antd'
import { type Key, useCallback, useMemo, useState } from 'react'
import { getData } from '@/api/http'
import { CrudPage, type CrudResource, crudKeys, type TreeSource, treeSourceQuery } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import type { LazyTreeSource, RowsSource, TreeListDeclaration, TreePick } from './treeListDeclaration'

/** The sides of the tree-and-list page to pick from: a tree (whole or lazy) or a resource's rows. */

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

export function TreeSide<T extends object, P extends object>({
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
export function RowsSide<P extends object>({
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

import { useQuery } from '@tanstack/react-query'
import type { TreeNode } from '@xpark/contract/schemas'
import { Card, Col, Empty, Input, Row, Spin, Tree, type TreeDataNode } from 'antd'
import { useMemo, useState } from 'react'
import type { Query } from '@/api/httpCore'
import { CrudPage, type CrudResource, type TreeSource, treeSourceQuery } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'

/**
 * A tree beside a list: pick a node on the left, the list on the right shows its rows (and adds under
 * it). The tree is a tree resource's `tree` call, so writes to that resource refresh it. `vertical`
 * stacks the two (spec 01 §2's dictionary screens come in both layouts).
 */
export interface TreeListDeclaration<T extends object> {
  tree: TreeSource
  /** i18n key or text over the tree */
  treeTitle: string
  list: CrudResource<T>
  /** the list's query for a node (e.g. `{ typeId: node }`); no node picked shows every row */
  filter: (nodeId: string) => Query
  /** the add dialog's values under a node */
  defaults?: (nodeId: string) => Record<string, unknown>
  layout?: 'horizontal' | 'vertical'
}

const ALL = '__all'

function toData(nodes: readonly TreeNode[], search: string): TreeDataNode[] {
  const out: TreeDataNode[] = []
  for (const n of nodes) {
    const children = toData(n.children ?? [], search)
    const hit = !search || n.title.toLowerCase().includes(search)
    if (!hit && children.length === 0) continue
    out.push({
      key: n.id,
      title: <span data-testid={`tree-node-${n.id}`}>{n.title}</span>,
      ...(children.length ? { children } : { isLeaf: true }),
    })
  }
  return out
}

export function TreeListPage<T extends object>({ declaration }: { declaration: TreeListDeclaration<T> }) {
  const tr = useTr()
  const [picked, setPicked] = useState<string>()
  const [search, setSearch] = useState('')
  const nodes = useQuery(treeSourceQuery(declaration.tree))
  const data = useMemo(
    () => [
      {
        key: ALL,
        title: <span data-testid="tree-node-all">{tr('kit.all')}</span>,
        children: toData(nodes.data ?? [], search.trim().toLowerCase()),
      },
    ],
    [nodes.data, search, tr],
  )
  const vertical = declaration.layout === 'vertical'
  const params = useMemo(() => (picked ? declaration.filter(picked) : undefined), [picked, declaration])
  const defaults = useMemo(
    () => (picked && declaration.defaults ? declaration.defaults(picked) : undefined),
    [picked, declaration],
  )

  const tree = (
    <Card title={tr(declaration.treeTitle)} size="small" data-testid="tree-list-tree">
      <Input.Search
        allowClear
        placeholder={tr('kit.treeSearch')}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 8 }}
        data-testid="tree-list-search"
      />
      <Spin spinning={nodes.isLoading}>
        {nodes.data && nodes.data.length === 0 ? (
          <Empty description={tr('kit.noData')} />
        ) : (
          <Tree
            blockNode
            defaultExpandAll
            // a search shows every hit's branch
            {...(search ? { expandedKeys: undefined, autoExpandParent: true } : {})}
            selectedKeys={[picked ?? ALL]}
            treeData={data}
            onSelect={(keys) => {
              const key = keys[0] === undefined ? undefined : String(keys[0])
              setPicked(key === ALL ? undefined : key)
            }}
          />
        )}
      </Spin>
    </Card>
  )
  const list = <CrudPage resource={declaration.list} params={params} formDefaults={defaults} />
  return vertical ? (
    <>
      {tree}
      <div style={{ marginTop: 12 }}>{list}</div>
    </>
  ) : (
    <Row gutter={12} wrap={false}>
      <Col flex="280px">{tree}</Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {list}
      </Col>
    </Row>
  )
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { deptContract, deptTreeCall, type TreeNode } from '@xpark/contract/schemas'
import { Card, Empty, Spin, Tree, TreeSelect } from 'antd'
import type { Key, ReactNode } from 'react'
import { callApi } from '@/api/calls'
import { useSystemT } from './i18n'

/**
 * Trees of the organisation screens: the dept TreeNode tree (pickers, the user screen's filter) and a
 * tree select over any TreeNode forest that reads and writes BladeX's comma-joined ids.
 */

/** Under the dept resource's code: a write on the dept screen refreshes every picker. */
export const deptTreeQuery = () =>
  queryOptions({
    queryKey: [deptContract.code, 'nodes'],
    queryFn: (): Promise<TreeNode[]> => callApi(deptTreeCall, {}),
    staleTime: 60_000,
  })

const namesCache = new WeakMap<readonly TreeNode[], Map<string, string>>()

/**
 * id → title of every node of a forest. Kept per forest: every name cell of a table asks for the
 * same one (one walk per fetched tree, not one per cell mounted).
 */
export function namesOf(nodes: readonly TreeNode[] | undefined): Map<string, string> {
  if (!nodes) return new Map()
  const cached = namesCache.get(nodes)
  if (cached) return cached
  const out = new Map<string, string>()
  const walk = (list: readonly TreeNode[]) => {
    for (const n of list) {
      out.set(n.id, n.title)
      if (n.children) walk(n.children)
    }
  }
  walk(nodes)
  namesCache.set(nodes, out)
  return out
}

/** `1,2` → `总部, 研发部` (an unknown id shows as itself). */
export function csvNames(csv: unknown, names: ReadonlyMap<string, string>): string {
  if (typeof csv !== 'string' || csv === '') return ''
  return csv
    .split(',')
    .filter(Boolean)
    .map((id) => names.get(id) ?? id)
    .join(', ')
}

export interface NodeTreeSelectProps {
  nodes: TreeNode[] | undefined
  loading?: boolean
  /** a comma-joined id list when `multiple`, else one id (`root` reads as none) */
  value?: string | null
  onChange?: (value: string | undefined) => void
  multiple?: boolean
  /** the value meaning "no parent" (`0`): emitted when the choice is cleared */
  root?: string
  disabled?: boolean
  placeholder?: string
  'data-testid'?: string
}

export function NodeTreeSelect({
  nodes,
  loading,
  value,
  onChange,
  multiple,
  root,
  ...rest
}: NodeTreeSelectProps) {
  const current = multiple
    ? value
      ? value.split(',').filter(Boolean)
      : []
    : value && value !== root
      ? value
      : undefined
  return (
    <TreeSelect
      {...rest}
      treeData={nodes ?? []}
      loading={loading}
      fieldNames={{ label: 'title', value: 'id', children: 'children' }}
      treeDefaultExpandAll
      allowClear
      showSearch
      treeNodeFilterProp="title"
      multiple={multiple}
      value={current}
      onChange={(next: string | string[] | undefined) => {
        if (Array.isArray(next)) onChange?.(next.length ? next.join(',') : undefined)
        else onChange?.(next ?? root)
      }}
      style={{ width: '100%' }}
    />
  )
}

/** The dept picker of the forms (one dept, or several with `multiple`). */
export function DeptTreeSelect(props: Omit<NodeTreeSelectProps, 'nodes' | 'loading'>) {
  const { data, isLoading } = useQuery(deptTreeQuery())
  return <NodeTreeSelect nodes={data} loading={isLoading} {...props} />
}

/**
 * A tree beside a table (the user screen's depts, the scope screens' menus): choosing a node filters
 * the table, choosing it again clears the filter.
 */
export function FilterTree({
  nodes,
  loading,
  selected,
  onSelect,
  title,
  testId,
}: {
  nodes: TreeNode[] | undefined
  loading: boolean
  selected: string | undefined
  onSelect: (id: string | undefined) => void
  title?: ReactNode
  testId: string
}) {
  const t = useSystemT()
  return (
    <Card size="small" title={title} data-testid={testId}>
      <Spin spinning={loading}>
        {nodes?.length ? (
          <Tree<TreeNode>
            treeData={nodes}
            fieldNames={{ title: 'title', key: 'id', children: 'children' }}
            defaultExpandAll
            blockNode
            selectedKeys={selected ? [selected] : []}
            onSelect={(keys: Key[]) => onSelect(keys.length ? String(keys[0]) : undefined)}
            titleRender={(n) => <span data-testid={`${testId}-node-${n.id}`}>{n.title}</span>}
          />
        ) : (
          !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('org.emptyTree')} />
        )}
      </Spin>
    </Card>
  )
}

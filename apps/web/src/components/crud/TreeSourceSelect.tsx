import { useQuery } from '@tanstack/react-query'
import type { TreeNode } from '@xpark/contract/schemas'
import { TreeSelect } from 'antd'
import { useMemo } from 'react'
import { getData } from '@/api/http'
import { useTr } from './i18n'
import { crudKeys } from './query'
import type { TreeSource } from './types'

interface Option {
  value: string
  title: string
  selectable?: boolean
  children?: Option[]
}

/** A TreeNode as the server sends it, with whatever else its node carries (a listing's price). */
export type PickedNode = TreeNode & Record<string, unknown>

const toOptions = (nodes: readonly TreeNode[], leavesOnly: boolean): Option[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.title,
    ...(leavesOnly && n.children?.length ? { selectable: false } : {}),
    ...(leavesOnly && !n.children?.length && (n as PickedNode).isLeaf !== true ? { selectable: false } : {}),
    ...(n.children?.length ? { children: toOptions(n.children, leavesOnly) } : {}),
  }))

function indexNodes(nodes: readonly TreeNode[], into = new Map<string, PickedNode>()) {
  for (const n of nodes) {
    into.set(n.id, n as PickedNode)
    if (n.children) indexNodes(n.children, into)
  }
  return into
}

/** The nodes of a tree resource for a picker (cached under the resource's code: its writes refresh it). */
export function treeSourceQuery(source: TreeSource) {
  return {
    queryKey: crudKeys.of(source.code, 'tree-select', source.url),
    queryFn: () => getData<TreeNode[]>(source.url),
    staleTime: 30_000,
  }
}

/** Picks a node of a tree resource; a parent field offers the root (顶级, `0`) too. */
export function TreeSourceSelect({
  source,
  value,
  onChange,
  testId,
  disabled,
  placeholder,
  exclude,
  onPick,
}: {
  source: TreeSource
  value?: string
  onChange?: (value: string | undefined) => void
  /** the node picked, with its extra fields (cleared: undefined) */
  onPick?: (node: PickedNode | undefined) => void
  testId?: string
  disabled?: boolean
  placeholder?: string
  /** a node (and so its subtree) that may not be picked: the row being edited, for its own parent */
  exclude?: string
}) {
  const tr = useTr()
  const { data, isLoading } = useQuery(treeSourceQuery(source))
  const options = useMemo(() => {
    const prune = (list: Option[]): Option[] =>
      list
        .filter((o) => o.value !== exclude)
        .map((o) => (o.children ? { ...o, children: prune(o.children) } : o))
    const nodes = prune(toOptions(data ?? [], source.leavesOnly === true))
    return source.root ? [{ value: '0', title: tr('crud.treeRoot'), children: nodes }] : nodes
  }, [data, exclude, source.root, source.leavesOnly, tr])
  const byId = useMemo(() => indexNodes(data ?? []), [data])
  return (
    <TreeSelect
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      loading={isLoading}
      treeData={options}
      value={value === '' || value === null ? undefined : value}
      onChange={(v: string | undefined) => {
        onChange?.(v)
        onPick?.(v === undefined ? undefined : byId.get(v))
      }}
      disabled={disabled}
      placeholder={placeholder}
      data-testid={testId}
      style={{ width: '100%' }}
    />
  )
}

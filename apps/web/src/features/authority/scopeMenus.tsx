import { queryOptions, useQuery } from '@tanstack/react-query'
import { grantTreeCall, type TreeNode } from '@xpark/contract/schemas'
import { Card, Col, Empty, Row, Spin, Tree, TreeSelect } from 'antd'
import { type Key, useMemo, useState } from 'react'
import { callApi } from '@/api/calls'
import { CrudPage, type CrudResource } from '@/components/crud'
import { useAuthorityT } from './i18n'

/**
 * The menus scopes hang on: the menu tree of the grant trees (every menu for the platform
 * administrator, who alone writes scopes).
 */
export const scopeMenuQuery = () =>
  queryOptions({
    queryKey: [grantTreeCall.path, 'menu'],
    queryFn: () => callApi(grantTreeCall),
    select: (data) => data.menu,
    staleTime: 60_000,
  })

function namesOf(nodes: readonly TreeNode[] | undefined): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (list: readonly TreeNode[]) => {
    for (const n of list) {
      out.set(n.id, n.title)
      if (n.children) walk(n.children)
    }
  }
  walk(nodes ?? [])
  return out
}

/** A menu cell: its name. */
export function MenuName({ id }: { id: unknown }) {
  const { data } = useQuery(scopeMenuQuery())
  const names = useMemo(() => namesOf(data), [data])
  return <>{typeof id === 'string' ? (names.get(id) ?? id) : ''}</>
}

/** The menu picker of the scope forms. */
export function MenuTreeSelect({
  value,
  onChange,
  ...rest
}: {
  value?: string
  onChange?: (v: string | undefined) => void
  disabled?: boolean
  'data-testid'?: string
}) {
  const t = useAuthorityT()
  const { data, isLoading } = useQuery(scopeMenuQuery())
  return (
    <TreeSelect
      {...rest}
      treeData={data ?? []}
      loading={isLoading}
      fieldNames={{ label: 'title', value: 'id', children: 'children' }}
      showSearch
      treeNodeFilterProp="title"
      allowClear
      placeholder={t('scope.menu')}
      value={value || undefined}
      onChange={(v: string | undefined) => onChange?.(v)}
      style={{ width: '100%' }}
    />
  )
}

/**
 * 数据权限 / 接口权限: the menu tree on the left, the scope rows of the chosen menu on the right
 * (`menuId=`); a new scope starts on that menu.
 */
export function ScopeScreen<T extends object>({
  resource,
  testId,
}: {
  resource: CrudResource<T>
  testId: string
}) {
  const t = useAuthorityT()
  const menus = useQuery(scopeMenuQuery())
  const [menuId, setMenuId] = useState<string>()
  const params = useMemo(() => (menuId ? { menuId } : undefined), [menuId])
  return (
    <Row gutter={16} wrap={false}>
      <Col flex="260px" style={{ minWidth: 0 }}>
        <Card size="small" title={t('scope.menuTree')} data-testid={`${testId}-menu-tree`}>
          <Spin spinning={menus.isLoading}>
            {menus.data?.length ? (
              <Tree<TreeNode>
                treeData={menus.data}
                fieldNames={{ title: 'title', key: 'id', children: 'children' }}
                blockNode
                selectedKeys={menuId ? [menuId] : []}
                onSelect={(keys: Key[]) => setMenuId(keys.length ? String(keys[0]) : undefined)}
                titleRender={(n) => <span data-testid={`${testId}-menu-${n.id}`}>{n.title}</span>}
              />
            ) : (
              !menus.isLoading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </Spin>
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <CrudPage resource={resource} params={params} formDefaults={params} />
      </Col>
    </Row>
  )
}

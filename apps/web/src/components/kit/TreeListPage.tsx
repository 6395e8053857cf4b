import { Card, Col, Empty, Row } from 'antd'
import { useMemo, useState } from 'react'
import { CrudPage } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import type { TreeListDeclaration, TreePick } from './treeListDeclaration'
import { RowsSide, TreeSide } from './treeListSides'

/** The page of a `TreeListDeclaration` (treeListDeclaration.ts): the side to pick from beside the list. */
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

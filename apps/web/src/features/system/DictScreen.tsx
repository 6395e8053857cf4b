import { LockOutlined, PartitionOutlined, PlusOutlined, UnlockOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Col, Empty, Row, Tag, TreeSelect } from 'antd'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { getData, postData } from '@/api/http'
import { CrudPage, type CrudResource, defineCrud } from '@/components/crud'
import { invalidateDictionaries } from '@/components/dict'
import { useSession } from '@/stores/session'
import { DICT_ROOT, type DictKind, type DictRow, dictColumns, dictKinds } from './dict'

export type DictLayout = 'horizontal' | 'vertical'

/** Spec 01 §9: the dictionary dialog is 880 wide. */
const DIALOG_WIDTH = 880

interface TreeOption {
  title: string
  value: string
  children?: TreeOption[]
}
const toOptions = (rows: DictRow[]): TreeOption[] =>
  rows.map((r) => ({
    title: r.dictKey === '-1' ? r.dictValue : `${r.dictValue} (${r.dictKey})`,
    value: r.id,
    ...(r.children?.length ? { children: toOptions(r.children) } : {}),
  }))

/** 上级字典: the dictionary itself or any of its entries (the whole tree of that code). */
function DictParentSelect({
  path,
  code,
  value,
  onChange,
  testId,
}: {
  path: string
  code: string
  value?: string
  onChange?: (v: string) => void
  testId: string
}) {
  const { t } = useTranslation()
  const { data, isLoading } = useQuery({
    queryKey: [path, 'parent-tree', code],
    queryFn: () => getData<DictRow[]>(`${path}/list`, { code_equal: code }),
  })
  const treeData = useMemo(() => toOptions(data ?? []), [data])
  return (
    <TreeSelect
      value={value}
      onChange={onChange}
      treeData={treeData}
      loading={isLoading}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={t('dict.parentId')}
      data-testid={testId}
      style={{ width: '100%' }}
    />
  )
}

/**
 * 字典管理 / 业务字典 (spec 01 §2, §3, §5): the dictionaries (roots) with search, index and selection;
 * for the chosen one its entries as a tree. `horizontal` puts the two tables side by side, `vertical`
 * stacks them.
 */
export function DictScreen({ kind, layout }: { kind: DictKind; layout: DictLayout }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const permission = useSession((s) => s.permission)
  const k = dictKinds[kind]
  const canEdit = permission[`${k.permissionPrefix}_edit`] === true
  const canAdd = permission[`${k.permissionPrefix}_add`] === true
  const [parent, setParent] = useState<DictRow>()

  const written = useCallback(() => void invalidateDictionaries(queryClient, k.biz), [queryClient, k.biz])

  /** the sealed flag toggles 0 ↔ 1 (spec 01 §4) through `update` (only the field sent changes) */
  const toggleSealed = useCallback(
    async (row: DictRow, refresh: () => void) => {
      try {
        await postData(`${k.path}/update`, undefined, { id: row.id, isSealed: row.isSealed === 1 ? 0 : 1 })
      } catch {
        return // the HTTP client showed why
      }
      void message.success(t('dict.done'))
      refresh()
      written()
      if (parent?.id === row.id) setParent({ ...row, isSealed: row.isSealed === 1 ? 0 : 1 })
    },
    [k.path, message, t, written, parent?.id],
  )

  const sealedCell = useCallback(
    (v: unknown) =>
      v === 1 ? (
        <Tag color="red" icon={<LockOutlined />}>
          {t('dict.yes')}
        </Tag>
      ) : (
        <Tag>{t('dict.no')}</Tag>
      ),
    [t],
  )
  const sealButton = useCallback(
    (row: DictRow, refresh: () => void) =>
      canEdit && (
        <Button
          key="seal"
          type="link"
          size="small"
          icon={row.isSealed === 1 ? <UnlockOutlined /> : <LockOutlined />}
          onClick={() => void toggleSealed(row, refresh)}
          data-testid={`${k.testId}-row-seal-${row.id}`}
        >
          {t(row.isSealed === 1 ? 'dict.unseal' : 'dict.seal')}
        </Button>
      ),
    [canEdit, toggleSealed, k.testId, t],
  )

  const parentResource = useMemo<CrudResource<DictRow>>(
    () =>
      defineCrud<DictRow>({
        path: k.path,
        pagePath: 'parent-list',
        permissionPrefix: k.permissionPrefix,
        title: 'dict.title',
        dialogWidth: DIALOG_WIDTH,
        columns: dictColumns(k.testId, false).map((c) =>
          c.prop === 'isSealed' ? { ...c, render: sealedCell } : c,
        ),
        onWritten: written,
        rowExtraCount: 2,
        rowExtra: (row, { refresh }) => (
          <>
            <Button
              key="config"
              type="link"
              size="small"
              icon={<PartitionOutlined />}
              onClick={(e) => {
                e.stopPropagation()
                setParent(row)
              }}
              data-testid={`${k.testId}-row-config-${row.id}`}
            >
              {t('dict.config')}
            </Button>
            {sealButton(row, refresh)}
          </>
        ),
        onRow: (row) => ({
          onClick: () => setParent(row),
          'aria-current': row.id === parent?.id ? 'true' : undefined,
          style: row.id === parent?.id ? { background: 'var(--ant-color-primary-bg)' } : undefined,
        }),
        testIds: {
          page: `${k.testId}-parent-page`,
          table: `${k.testId}-parent-table`,
          add: `${k.testId}-add`,
          bulkDelete: `${k.testId}-bulk-delete`,
          searchSubmit: `${k.testId}-search-submit`,
          searchReset: `${k.testId}-search-reset`,
          formSubmit: `${k.testId}-form-submit`,
          columns: `${k.testId}-columns`,
          filter: `${k.testId}-filter`,
        },
      }),
    [k, sealedCell, sealButton, written, t, parent?.id],
  )

  const parentId = parent?.id
  const parentCode = parent?.code
  const childResource = useMemo<CrudResource<DictRow> | undefined>(() => {
    if (!parentId || !parentCode) return undefined
    const childId = `${k.testId}-child`
    return defineCrud<DictRow>({
      path: k.path,
      permissionPrefix: k.permissionPrefix,
      title: 'dict.childTitle',
      dialogWidth: DIALOG_WIDTH,
      // the entries of this dictionary, nested: roots are left out, so its own entries are the top level
      tree: { listPath: 'list' },
      columns: [
        {
          prop: 'parentId',
          label: 'dict.parentId',
          hideInTable: true,
          filterable: false,
          form: {
            span: 24,
            render: () => <DictParentSelect path={k.path} code={parentCode} testId={`${childId}-parentId`} />,
          },
        },
        ...dictColumns(childId, true).map((c) => (c.prop === 'isSealed' ? { ...c, render: sealedCell } : c)),
      ],
      onWritten: written,
      rowExtraCount: 2,
      rowExtra: (row, { refresh, openAdd }) => (
        <>
          {canAdd && (
            <Button
              key="add-child"
              type="link"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => openAdd({ parentId: row.id, code: parentCode, isSealed: 0 })}
              data-testid={`${childId}-row-add-${row.id}`}
            >
              {t('dict.addChild')}
            </Button>
          )}
          {sealButton(row, refresh)}
        </>
      ),
      testIds: {
        page: `${childId}-page`,
        table: `${childId}-table`,
        add: `${childId}-add`,
        bulkDelete: `${childId}-bulk-delete`,
        searchSubmit: `${childId}-search-submit`,
        searchReset: `${childId}-search-reset`,
        formSubmit: `${childId}-form-submit`,
        columns: `${childId}-columns`,
        filter: `${childId}-filter`,
      },
    })
  }, [k, parentId, parentCode, sealedCell, sealButton, written, canAdd, t])

  const childParams = useMemo(
    () => (parentCode ? { code_equal: parentCode, parentId_notequal: DICT_ROOT } : undefined),
    [parentCode],
  )
  const childDefaults = useMemo(
    () => (parentId ? { parentId, code: parentCode, isSealed: 0 } : undefined),
    [parentId, parentCode],
  )

  const parents = <CrudPage resource={parentResource} formDefaults={{ isSealed: 0 }} />
  const children = childResource ? (
    <div data-testid={`${k.testId}-children`}>
      <div style={{ margin: '0 0 8px', fontWeight: 600 }} data-testid={`${k.testId}-children-title`}>
        {t('dict.childrenOf', { name: `${parent?.dictValue} (${parentCode})` })}
      </div>
      <CrudPage key={parentId} resource={childResource} params={childParams} formDefaults={childDefaults} />
    </div>
  ) : (
    <Card data-testid={`${k.testId}-children-empty`}>
      <Empty description={t('dict.pick')} />
    </Card>
  )

  return layout === 'horizontal' ? (
    <Row gutter={16} data-testid={`${k.testId}-page`} data-layout="horizontal">
      <Col xs={24} xl={12}>
        {parents}
      </Col>
      <Col xs={24} xl={12}>
        {children}
      </Col>
    </Row>
  ) : (
    <div
      data-testid={`${k.testId}-page`}
      data-layout="vertical"
      style={{ display: 'flex', flexDirection: 'column', gap: 16 }}
    >
      {parents}
      {children}
    </div>
  )
}

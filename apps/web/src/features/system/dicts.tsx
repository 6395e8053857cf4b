import { LockOutlined, PartitionOutlined, PlusOutlined, UnlockOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { routeUrl } from '@xpark/contract/kit'
import { App, Button, Tag, TreeSelect } from 'antd'
import { useMemo } from 'react'
import { callApi } from '@/api/calls'
import { postData } from '@/api/http'
import { type CrudResource, fromContract, routeUnder, useCan } from '@/components/crud'
import type { TestIdSlot } from '@/components/crud/types'
import { invalidateDictionaries } from '@/components/dict'
import type { TreeListDeclaration } from '@/components/kit'
import { DICT_ROOT, type DictKind, type DictRow, dictColumns, dictKinds } from './dict'
import { useSystemT } from './i18n'

/**
 * 字典管理 / 业务字典 (spec 01 §2, §3, §5) on the kit's tree-and-list page: the dictionaries (roots)
 * with search, index and selection are the side to pick from; for the chosen one its entries as a
 * tree. `horizontal` puts the two tables side by side, `vertical` stacks them.
 */
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
  kind,
  code,
  value,
  onChange,
  testId,
}: {
  kind: DictKind
  code: string
  value?: string
  onChange?: (v: string) => void
  testId: string
}) {
  const t = useSystemT()
  const k = dictKinds[kind]
  // under the resource's code: a write on the screen refreshes it
  const { data, isLoading } = useQuery({
    queryKey: [k.contract.code, 'parent-tree', code],
    queryFn: () => callApi(k.calls.list, { code_equal: code }) as Promise<DictRow[]>,
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

function SealedTag({ value }: { value: unknown }) {
  const t = useSystemT()
  return value === 1 ? (
    <Tag color="red" icon={<LockOutlined />}>
      {t('dict.yes')}
    </Tag>
  ) : (
    <Tag>{t('dict.no')}</Tag>
  )
}

/** The sealed flag toggles 0 ↔ 1 (spec 01 §4) through `update` (only the field sent changes). */
function SealButton({ kind, row, refresh }: { kind: DictKind; row: DictRow; refresh: () => void }) {
  const t = useSystemT()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const k = dictKinds[kind]
  const canEdit = useCan(k.contract, 'edit')
  if (!canEdit) return null
  const toggle = async () => {
    const update = k.contract.resolved.update
    if (!update) return
    try {
      await postData(routeUrl(k.contract, update), undefined, {
        id: row.id,
        isSealed: row.isSealed === 1 ? 0 : 1,
      })
    } catch {
      return // the HTTP client showed why
    }
    void message.success(t('dict.done'))
    refresh()
    void invalidateDictionaries(queryClient, k.biz)
  }
  return (
    <Button
      type="link"
      size="small"
      icon={row.isSealed === 1 ? <UnlockOutlined /> : <LockOutlined />}
      onClick={(e) => {
        e.stopPropagation()
        void toggle()
      }}
      data-testid={`${k.testId}-row-seal-${row.id}`}
    >
      {t(row.isSealed === 1 ? 'dict.unseal' : 'dict.seal')}
    </Button>
  )
}

/** 新增子项 on an entry: the add dialog under it, with the dictionary's code. */
function AddChildButton({
  kind,
  row,
  code,
  openAdd,
}: {
  kind: DictKind
  row: DictRow
  code: string
  openAdd: (values: Record<string, unknown>) => void
}) {
  const t = useSystemT()
  const k = dictKinds[kind]
  const canAdd = useCan(k.contract, 'add')
  if (!canAdd) return null
  return (
    <Button
      type="link"
      size="small"
      icon={<PlusOutlined />}
      onClick={() => openAdd({ parentId: row.id, code, isSealed: 0 })}
      data-testid={`${k.testId}-child-row-add-${row.id}`}
    >
      {t('dict.addChild')}
    </Button>
  )
}

const testIdsOf = (prefix: string, page: string): Partial<Record<TestIdSlot, string>> => ({
  page,
  table: `${prefix}-table`,
  add: `${prefix}-add`,
  bulkDelete: `${prefix}-bulk-delete`,
  searchSubmit: `${prefix}-search-submit`,
  searchReset: `${prefix}-search-reset`,
  formSubmit: `${prefix}-form-submit`,
  columns: `${prefix}-columns`,
  filter: `${prefix}-filter`,
})

const sealedCell = (v: unknown) => <SealedTag value={v} />

/** The declaration of one dictionary screen (system or business dictionary, either layout). */
export function dictScreen(kind: DictKind, layout: DictLayout): TreeListDeclaration<DictRow, DictRow> {
  const k = dictKinds[kind]
  const written = (client: Parameters<NonNullable<CrudResource<DictRow>['onWritten']>>[0]) =>
    void invalidateDictionaries(client, k.biz)
  const childId = `${k.testId}-child`

  const parents = fromContract<DictRow>(k.contract, {
    pagePath: routeUnder(k.contract, k.calls.parentList),
    title: 'dict.title',
    // the row actions as text buttons, as before the contract
    compactActions: false,
    dialogWidth: DIALOG_WIDTH,
    columns: dictColumns(k.testId, false).map((c) =>
      c.prop === 'isSealed' ? { ...c, render: sealedCell } : c,
    ),
    onWritten: written,
    rowExtraCount: 1,
    rowExtra: (row, { refresh }) => <SealButton key="seal" kind={kind} row={row} refresh={refresh} />,
    testIds: { ...testIdsOf(k.testId, `${k.testId}-parent-page`), table: `${k.testId}-parent-table` },
  })

  /** the entries of one dictionary, nested: roots are left out, so its own entries are the top level */
  const entries = (parentCode: string): CrudResource<DictRow> =>
    fromContract<DictRow>(k.contract, {
      title: 'dict.childTitle',
      compactActions: false,
      dialogWidth: DIALOG_WIDTH,
      tree: { listPath: routeUnder(k.contract, k.calls.list) },
      columns: [
        {
          prop: 'parentId',
          label: 'dict.parentId',
          hideInTable: true,
          filterable: false,
          form: {
            span: 24,
            render: () => <DictParentSelect kind={kind} code={parentCode} testId={`${childId}-parentId`} />,
          },
        },
        ...dictColumns(childId, true).map((c) => (c.prop === 'isSealed' ? { ...c, render: sealedCell } : c)),
      ],
      onWritten: written,
      rowExtraCount: 2,
      rowExtra: (row, { refresh, openAdd }) => (
        <>
          <AddChildButton key="add-child" kind={kind} row={row} code={parentCode} openAdd={openAdd} />
          <SealButton key="seal" kind={kind} row={row} refresh={refresh} />
        </>
      ),
      testIds: testIdsOf(childId, `${childId}-page`),
    })

  return {
    rows: {
      resource: parents,
      title: (row) => row.dictValue,
      formDefaults: { isSealed: 0 },
      pickButton: {
        label: 'dict.config',
        icon: <PartitionOutlined />,
        testId: (row) => `${k.testId}-row-config-${row.id}`,
      },
    },
    list: (node) => entries(node.row?.code ?? ''),
    filter: (_id, node) => ({ code_equal: node.row?.code ?? '', parentId_notequal: DICT_ROOT }),
    defaults: (parentId, node) => ({ parentId, code: node.row?.code, isSealed: 0 }),
    pickHint: 'dict.pick',
    listTitle: (node, tr) => tr('dict.childrenOf', { name: `${node.row?.dictValue} (${node.row?.code})` }),
    layout,
    testIds: {
      page: `${k.testId}-page`,
      list: `${k.testId}-children`,
      listTitle: `${k.testId}-children-title`,
      listEmpty: `${k.testId}-children-empty`,
    },
  }
}

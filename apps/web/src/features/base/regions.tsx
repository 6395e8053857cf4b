import { PlusOutlined } from '@ant-design/icons'
import { REGION_ROOT, regionCalls, regionContract } from '@xpark/contract/schemas'
import { Button } from 'antd'
import { fromContract, useCan } from '@/components/crud'
import type { TreeListDeclaration } from '@/components/kit'
import { useBaseT } from './i18n'
import type { Region } from './region'

const LEVELS = [1, 2, 3, 4, 5] as const

/** 新增下级 on a region above the fifth level: the add dialog under it, its code started with the parent's. */
function AddChildButton({
  row,
  openAdd,
}: {
  row: Region
  openAdd: (values: Record<string, unknown>) => void
}) {
  const t = useBaseT()
  const canAdd = useCan(regionContract, 'add')
  if (!canAdd || row.regionLevel >= 5) return null
  return (
    <Button
      type="link"
      size="small"
      icon={<PlusOutlined />}
      onClick={() => openAdd(childOf(row.code, row.name, row.regionLevel + 1))}
      data-testid={`region-row-add-${row.code}`}
    >
      {t('region.addChild')}
    </Button>
  )
}

/** A new region's values under a parent: its level, its code started with the parent's. */
const childOf = (parentCode: string, parentName: string, regionLevel: number) => ({
  parentCode,
  parentName,
  regionLevel,
  code: parentCode === REGION_ROOT ? '' : parentCode,
  sort: 1,
})

// the paged list filtered by parent code; a region is keyed by its code (the contract's routes)
const list = fromContract<Region>(regionContract, {
  rowKey: 'code',
  title: 'region.title',
  // the row actions as text buttons, as before the contract
  compactActions: false,
  // remove takes one code; a copy would only change the code
  actions: { bulkDelete: false, copy: false },
  dialogWidth: 720,
  columns: [
    {
      prop: 'code',
      label: 'region.code',
      search: 'input',
      width: 150,
      form: {
        span: 12,
        disabledOnEdit: true,
        rules: [
          { required: true, whitespace: true, message: 'enter region code' },
          { pattern: /^\s*\d{2,12}\s*$/, message: 'enter region code' },
        ],
        props: { maxLength: 12 },
        itemProps: { extra: 'region.codePrefix' },
      },
      testId: { form: 'region-code', search: 'region-search-code' },
    },
    {
      prop: 'name',
      label: 'region.name',
      search: 'input',
      width: 200,
      form: {
        span: 12,
        rules: [{ required: true, whitespace: true, message: 'enter region name' }],
        props: { maxLength: 32 },
      },
      testId: { form: 'region-name', search: 'region-search-name' },
    },
    {
      prop: 'parentCode',
      label: 'region.parentCode',
      hideInTable: true,
      filterable: false,
      form: { span: 12, props: { disabled: true } },
      testId: { form: 'region-parentCode' },
    },
    {
      prop: 'parentName',
      label: 'region.parentName',
      hideInTable: true,
      filterable: false,
      form: { span: 12, props: { disabled: true } },
    },
    {
      prop: 'regionLevel',
      label: 'region.level',
      width: 100,
      options: LEVELS.map((l) => ({ value: l, label: `region.level.${l}` })),
      form: { type: 'select', span: 12, props: { disabled: true } },
    },
    {
      prop: 'sort',
      label: 'region.sort',
      width: 80,
      form: { type: 'number', span: 12, props: { precision: 0 } },
      testId: { form: 'region-sort' },
    },
    {
      prop: 'remark',
      label: 'region.remark',
      ellipsis: true,
      form: { type: 'textarea', props: { maxLength: 255 } },
    },
  ],
  beforeSubmit: (values) => {
    // the parent's name is shown, not stored; cleared optional fields are left out, not sent as null
    const { parentName: _shown, ...rest } = values
    const body = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null && v !== undefined))
    for (const key of ['code', 'name'] as const)
      if (typeof body[key] === 'string') body[key] = body[key].trim()
    return body
  },
  rowExtra: (row, { openAdd }) => <AddChildButton key="add-child" row={row} openAdd={openAdd} />,
  testIds: { page: 'region-list', table: 'region-table', add: 'region-add', formSubmit: 'region-save' },
})

/**
 * 行政区划 (`/base/region`): the regions as a tree loaded one level at a time (`lazy-tree`), the
 * picked region's children as a list beside it; adding under a region starts with its code and the
 * next level.
 */
const screen: TreeListDeclaration<Region> = {
  lazyTree: {
    url: regionCalls.lazyTree.path,
    param: 'parentCode',
    root: REGION_ROOT,
    code: regionContract.code,
  },
  treeTitle: 'region.tree',
  list,
  filter: (parentCode) => ({ parentCode }),
  defaults: (parentCode, node) => childOf(parentCode, node.title, node.depth + 1),
  rootDefaults: childOf(REGION_ROOT, '', 1),
  testIds: { page: 'region-page', node: 'region-node-' },
}
export default screen

import { deptContract, deptLazyListCall } from '@xpark/contract/schemas'
import { callApi } from '@/api/calls'
import { fromContract } from '@/components/crud'
import { DictSelect } from '@/components/dict'
import { DeptTreeSelect } from './deptTree'
import './i18n'

/** `blade_dept` row of `dept/lazy-list`. */
export interface Dept {
  id: string
  parentId: string
  deptName: string
  fullName?: string
  deptCategory?: number
  sort?: number
  remark?: string
  hasChildren?: boolean
  children?: Dept[]
}

/** 部门管理: a tree table loaded one level at a time; the parent is picked from the dept tree. */
export const deptResource = fromContract<Dept>(deptContract, {
  title: 'dept.title',
  tree: {
    listPath: 'lazy-list',
    loadChildren: (row) => callApi(deptLazyListCall, { parentId: row.id }),
  },
  actions: { copy: false },
  compactActions: false,
  testIds: { page: 'dept-page', table: 'dept-table', add: 'dept-add', formSubmit: 'dept-form-submit' },
  columns: [
    { prop: 'deptName', label: 'dept.name', search: 'input', form: { span: 12, props: { maxLength: 45 } } },
    { prop: 'fullName', label: 'dept.fullName', form: { span: 12, props: { maxLength: 45 } } },
    {
      prop: 'parentId',
      label: 'dept.parent',
      hideInTable: true,
      form: {
        span: 12,
        render: ({ testId, disabled }) => (
          <DeptTreeSelect root="0" data-testid={testId} disabled={disabled} />
        ),
      },
    },
    {
      prop: 'deptCategory',
      label: 'dept.category',
      width: 120,
      dict: 'org_category',
      form: {
        span: 12,
        render: ({ testId, disabled }) => (
          <DictSelect code="org_category" numeric allowClear data-testid={testId} disabled={disabled} />
        ),
      },
    },
    { prop: 'sort', label: 'dept.sort', width: 90, form: { span: 12, type: 'number' } },
    { prop: 'remark', label: 'dept.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
})

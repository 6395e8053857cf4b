import { apiScopeContract, dataScopeContract } from '@xpark/contract/schemas'
import { fromContract } from '@/components/crud'
import { DictSelect } from '@/components/dict'
import { MenuName, MenuTreeSelect } from './scopeMenus'
import './i18n'

/** `blade_scope_data` row. */
export interface DataScope {
  id: string
  menuId: string
  resourceCode: string
  scopeName: string
  scopeField?: string
  scopeClass?: string
  scopeColumn?: string
  scopeType: number
  scopeValue?: string
  remark?: string
}

/** `blade_scope_api` row. */
export interface ApiScope {
  id: string
  menuId: string
  resourceCode: string
  scopeName: string
  scopePath: string
  scopeType?: number
  remark?: string
}

const menuColumn = {
  prop: 'menuId' as const,
  label: 'scope.menu',
  filterable: false,
  render: (v: unknown) => <MenuName id={v} />,
  form: {
    span: 12,
    rules: [{ required: true, message: 'please select menu' }],
    render: ({ testId, disabled }: { testId?: string; disabled?: boolean }) => (
      <MenuTreeSelect data-testid={testId} disabled={disabled} />
    ),
  },
}

/** 数据权限: row rules per resource code (type 5 takes a JSON rule in scopeValue, checked by the server). */
export const dataScopeResource = fromContract<DataScope>(dataScopeContract, {
  title: 'scope.dataTitle',
  compactActions: false,
  testIds: {
    page: 'datascope-page',
    table: 'datascope-table',
    add: 'datascope-add',
    formSubmit: 'datascope-form-submit',
  },
  dialogWidth: 760,
  columns: [
    {
      prop: 'scopeName',
      label: 'scope.name',
      search: 'input',
      form: { span: 12, props: { maxLength: 255 } },
    },
    { prop: 'resourceCode', label: 'scope.resourceCode', search: 'input', form: { span: 12 } },
    menuColumn,
    {
      prop: 'scopeType',
      label: 'scope.type',
      width: 150,
      dict: 'data_scope_type',
      form: {
        span: 12,
        render: ({ testId, disabled }) => (
          <DictSelect code="data_scope_type" numeric allowClear data-testid={testId} disabled={disabled} />
        ),
      },
    },
    { prop: 'scopeColumn', label: 'scope.column', form: { span: 12 } },
    { prop: 'scopeField', label: 'scope.field', hidden: true, form: { span: 12 } },
    { prop: 'scopeClass', label: 'scope.class', hideInTable: true, form: { span: 24 } },
    { prop: 'scopeValue', label: 'scope.value', ellipsis: true, form: { type: 'textarea' } },
    { prop: 'remark', label: 'scope.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
})

/** 接口权限: API path fragments a role may call once granted. */
export const apiScopeResource = fromContract<ApiScope>(apiScopeContract, {
  title: 'scope.apiTitle',
  compactActions: false,
  testIds: {
    page: 'apiscope-page',
    table: 'apiscope-table',
    add: 'apiscope-add',
    formSubmit: 'apiscope-form-submit',
  },
  dialogWidth: 760,
  columns: [
    {
      prop: 'scopeName',
      label: 'scope.name',
      search: 'input',
      form: { span: 12, props: { maxLength: 255 } },
    },
    { prop: 'resourceCode', label: 'scope.resourceCode', search: 'input', form: { span: 12 } },
    menuColumn,
    { prop: 'scopePath', label: 'scope.path', search: 'input', ellipsis: true, form: { span: 12 } },
    {
      prop: 'scopeType',
      label: 'scope.type',
      width: 120,
      dict: 'api_scope_type',
      form: {
        span: 12,
        render: ({ testId, disabled }) => (
          <DictSelect code="api_scope_type" numeric allowClear data-testid={testId} disabled={disabled} />
        ),
      },
    },
    { prop: 'remark', label: 'scope.remark', hideInTable: true, form: { type: 'textarea' } },
  ],
})

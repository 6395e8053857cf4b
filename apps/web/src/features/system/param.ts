import type { ParamRow } from '@xpark/contract/schemas'
import { paramContract } from '@xpark/contract/schemas'
import { defineCrud } from '@/components/crud'
import './i18n'
import type { SystemKey } from './i18n'

/** The row of the contract (packages/contract). */
export type Param = ParamRow

/** Required on blur with the spec's message (01 §5), blank text counts as empty. */
const required = (message: SystemKey) => [{ required: true, whitespace: true, message }]

/** System parameters (spec 01 §2, §5): search by name and key, table, add/edit/copy/view, delete. */
export const paramResource = defineCrud<Param>({
  path: paramContract.path,
  permissionPrefix: 'param',
  dialogTitle: { add: 'param.dialogAdd', edit: 'param.dialogEdit' },
  columns: [
    {
      prop: 'paramName',
      label: 'param.name',
      search: 'input',
      ellipsis: true,
      form: { rules: required('please enter parameter name'), props: { maxLength: 255 } },
      testId: { search: 'param-search-name', form: 'param-name' },
    },
    {
      prop: 'paramKey',
      label: 'param.key',
      search: 'input',
      ellipsis: true,
      sortable: true,
      form: { rules: required('please enter parameter key'), props: { maxLength: 255 } },
      testId: { search: 'param-search-key', form: 'param-key' },
    },
    {
      prop: 'paramValue',
      label: 'param.value',
      ellipsis: true,
      form: { type: 'textarea', rules: required('please enter parameter value') },
      testId: { form: 'param-value' },
    },
    {
      prop: 'remark',
      label: 'param.remark',
      hideInTable: true,
      form: { type: 'textarea', props: { maxLength: 255 } },
    },
  ],
  // the ids the end-to-end tests use since the hand-written screen
  testIds: {
    page: 'param-page',
    table: 'param-table',
    add: 'param-add',
    bulkDelete: 'param-bulk-delete',
    searchSubmit: 'param-search-submit',
    searchReset: 'param-search-reset',
    formSubmit: 'param-form-submit',
  },
})

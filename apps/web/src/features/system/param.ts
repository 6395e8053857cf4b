import { type ParamRow, paramContract } from '@xpark/contract/schemas'
import { fromContract } from '@/components/crud'
import './i18n'

/** The row of the contract (packages/contract). */
export type Param = ParamRow

/**
 * System parameters (spec 01 §2, §5): search by name and key, table, add/edit/copy/view, delete. The
 * contract's form gives the spec's messages (blank text counts as empty) and the asterisks.
 */
export const paramResource = fromContract<Param>(paramContract, {
  compactActions: false,
  dialogTitle: { add: 'param.dialogAdd', edit: 'param.dialogEdit' },
  columns: [
    {
      prop: 'paramName',
      label: 'param.name',
      search: 'input',
      ellipsis: true,
      form: { props: { maxLength: 255 } },
      testId: { search: 'param-search-name', form: 'param-name' },
    },
    {
      prop: 'paramKey',
      label: 'param.key',
      search: 'input',
      ellipsis: true,
      sortable: true,
      form: { props: { maxLength: 255 } },
      testId: { search: 'param-search-key', form: 'param-key' },
    },
    {
      prop: 'paramValue',
      label: 'param.value',
      ellipsis: true,
      form: { type: 'textarea' },
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

import { type DatasourceRow, datasourceContract } from '@xpark/contract/schemas'
import { fromContract } from '@/components/crud'
import './i18n'

/** The row of the contract (packages/contract), and what the form alone sends. */
export type Datasource = DatasourceRow & {
  /** write-only: sent when set, never read back */ password?: string
}

/**
 * 数据源管理 (platform administrator): PostgreSQL databases a tenant may be bound to. The contract's
 * form checks the fields as the server does (the URL's shape, no credentials in it).
 */
export const datasourceResource = fromContract<Datasource>(datasourceContract, {
  title: 'datasource.title',
  compactActions: false,
  actions: { copy: false },
  dialogWidth: 760,
  beforeSubmit: (values) => {
    const { password, ...rest } = values
    // an empty password on edit keeps the stored one: send none
    return password ? { ...rest, password } : rest
  },
  columns: [
    {
      prop: 'name',
      label: 'datasource.name',
      search: 'input',
      sortable: true,
      form: {
        span: 12,
        props: { maxLength: 100 },
      },
      testId: { search: 'datasource-search-name', form: 'datasource-name' },
    },
    {
      prop: 'driverClass',
      label: 'datasource.driverClass',
      width: 190,
      form: { span: 12, disabledOnEdit: true, props: { disabled: true } },
      testId: { form: 'datasource-driverClass' },
    },
    {
      prop: 'url',
      label: 'datasource.url',
      ellipsis: true,
      search: 'input',
      form: {
        props: { maxLength: 500, placeholder: 'jdbc:postgresql://host:5432/database' },
        itemProps: { extra: 'datasource.urlHint' },
      },
      testId: { form: 'datasource-url' },
    },
    {
      prop: 'username',
      label: 'datasource.username',
      width: 140,
      form: {
        span: 12,
        props: { maxLength: 50 },
      },
      testId: { form: 'datasource-username' },
    },
    {
      prop: 'password',
      label: 'datasource.password',
      hideInTable: true,
      filterable: false,
      form: {
        type: 'password',
        span: 12,
        props: { maxLength: 255, autoComplete: 'new-password' },
        itemProps: { extra: 'datasource.passwordHint' },
      },
      testId: { form: 'datasource-password' },
    },
    {
      prop: 'remark',
      label: 'datasource.remark',
      ellipsis: true,
      form: { type: 'textarea', props: { maxLength: 255 } },
      testId: { form: 'datasource-remark' },
    },
  ],
  testIds: {
    page: 'datasource-page',
    table: 'datasource-table',
    add: 'datasource-add',
    bulkDelete: 'datasource-bulk-delete',
    searchSubmit: 'datasource-search-submit',
    searchReset: 'datasource-search-reset',
    formSubmit: 'datasource-form-submit',
  },
})

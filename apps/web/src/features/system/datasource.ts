import type { DatasourceRow } from '@xpark/contract/schemas'
import { defineCrud } from '@/components/crud'
import { DATASOURCE_PATH } from './tenantOptions'
import './i18n'

/** The row of the contract (packages/contract), and what the form alone sends. */
export type Datasource = DatasourceRow & {
  /** write-only: sent when set, never read back */ password?: string
}

/** As the server checks it (contract DATASOURCE_URL); kept here so the screen does not load zod. */
const URL_SHAPE =
  /^(jdbc:postgresql|postgresql|postgres):\/\/[A-Za-z0-9]([A-Za-z0-9.-]{0,252})(:\d{1,5})?\/[A-Za-z0-9_$-]{1,63}(\?[A-Za-z0-9_.=&%-]{0,500})?$/

/** 数据源管理 (platform administrator): PostgreSQL databases a tenant may be bound to. */
export const datasourceResource = defineCrud<Datasource>({
  path: DATASOURCE_PATH,
  permissionPrefix: 'datasource',
  title: 'datasource.title',
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
        rules: [{ required: true, whitespace: true, message: 'please enter datasource name' }],
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
        rules: [
          { required: true, whitespace: true, message: 'please enter datasource url' },
          { pattern: URL_SHAPE, message: 'datasource.urlHint' },
        ],
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
        rules: [{ required: true, whitespace: true, message: 'please enter datasource username' }],
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

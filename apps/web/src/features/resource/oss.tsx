import { ossContract } from '@xpark/contract/schemas'
import { type CrudResource, fromContract } from '@/components/crud'
import { DictSelect } from '@/components/dict'
import { dropBlankSecrets, StatusTag, secretField } from './common'
import './i18n'

/** `blade_oss` row as the API serialises it: `secretKey` is never read back. */
export interface Oss {
  id: string
  category: number
  ossCode: string
  endpoint?: string
  accessKey?: string
  secretKey?: string
  bucketName?: string
  appId?: string
  region?: string
  remark?: string
  status: number
}

/** 对象存储: search by code and category; the category from dict `oss`; 启用 is a row action (OssPage). */
export const ossResource = (rowExtra?: CrudResource<Oss>['rowExtra']) =>
  fromContract<Oss>(ossContract, {
    title: 'oss.title',
    // the row actions as text buttons, as before the contract
    compactActions: false,
    dialogWidth: 880,
    beforeSubmit: (values) => dropBlankSecrets(values, ['secretKey']),
    rowExtra,
    actions: { copy: false },
    testIds: {
      page: 'oss-page',
      table: 'oss-table',
      add: 'oss-add',
      bulkDelete: 'oss-bulk-delete',
      searchSubmit: 'oss-search-submit',
      searchReset: 'oss-search-reset',
      formSubmit: 'oss-form-submit',
    },
    columns: [
      {
        prop: 'category',
        label: 'oss.category',
        width: 120,
        dict: 'oss',
        form: {
          span: 12,
          itemProps: { required: true },
          render: ({ testId, disabled }) => (
            <DictSelect code="oss" numeric data-testid={testId} disabled={disabled} />
          ),
        },
        testId: { form: 'oss-category' },
      },
      {
        prop: 'ossCode',
        label: 'oss.ossCode',
        search: 'input',
        width: 140,
        sortable: true,
        form: { span: 12, itemProps: { required: true }, props: { maxLength: 32 } },
        testId: { search: 'oss-search-ossCode', form: 'oss-ossCode' },
      },
      {
        prop: 'endpoint',
        label: 'oss.endpoint',
        ellipsis: true,
        form: { span: 12, props: { maxLength: 255, placeholder: 'http://127.0.0.1:9000' } },
        testId: { form: 'oss-endpoint' },
      },
      {
        prop: 'bucketName',
        label: 'oss.bucketName',
        width: 140,
        form: { span: 12, props: { maxLength: 255 } },
        testId: { form: 'oss-bucketName' },
      },
      {
        prop: 'accessKey',
        label: 'oss.accessKey',
        ellipsis: true,
        form: { span: 12, props: { maxLength: 255 } },
        testId: { form: 'oss-accessKey' },
      },
      {
        prop: 'secretKey',
        label: 'oss.secretKey',
        hideInTable: true,
        filterable: false,
        form: secretField,
        testId: { form: 'oss-secretKey' },
      },
      { prop: 'appId', label: 'oss.appId', hidden: true, form: { span: 12, props: { maxLength: 255 } } },
      { prop: 'region', label: 'oss.region', hidden: true, form: { span: 12, props: { maxLength: 255 } } },
      {
        prop: 'remark',
        label: 'oss.remark',
        ellipsis: true,
        form: { type: 'textarea', props: { maxLength: 255 } },
      },
      {
        prop: 'status',
        label: 'resource.status',
        width: 100,
        render: (v) => <StatusTag status={v} />,
        form: false,
      },
    ],
  })

import { smsContract } from '@xpark/contract/schemas'
import { type CrudResource, fromContract } from '@/components/crud'
import { DictSelect } from '@/components/dict'
import { dropBlankSecrets, StatusTag, secretField } from './common'
import './i18n'

/** `blade_sms` row as the API serialises it: `accessKey` and `secretKey` are never read back. */
export interface Sms {
  id: string
  category: number
  smsCode: string
  templateId?: string
  accessKey?: string
  secretKey?: string
  regionId?: string
  signName?: string
  remark?: string
  status: number
}

/** 短信配置: search by code and template; the category from dict `sms`; 启用 and 发送短信 are row actions (SmsPage). */
export const smsResource = (rowExtra?: CrudResource<Sms>['rowExtra']) =>
  fromContract<Sms>(smsContract, {
    title: 'sms.title',
    // the row actions as text buttons, as before the contract
    compactActions: false,
    dialogWidth: 880,
    beforeSubmit: (values) => dropBlankSecrets(values, ['accessKey', 'secretKey']),
    rowExtra,
    actions: { copy: false },
    testIds: {
      page: 'sms-page',
      table: 'sms-table',
      add: 'sms-add',
      bulkDelete: 'sms-bulk-delete',
      searchSubmit: 'sms-search-submit',
      searchReset: 'sms-search-reset',
      formSubmit: 'sms-form-submit',
    },
    columns: [
      {
        prop: 'category',
        label: 'sms.category',
        width: 120,
        dict: 'sms',
        form: {
          span: 12,
          itemProps: { required: true },
          render: ({ testId, disabled }) => (
            <DictSelect code="sms" numeric data-testid={testId} disabled={disabled} />
          ),
        },
        testId: { form: 'sms-category' },
      },
      {
        prop: 'smsCode',
        label: 'sms.smsCode',
        search: 'input',
        width: 140,
        sortable: true,
        form: { span: 12, itemProps: { required: true }, props: { maxLength: 32 } },
        testId: { search: 'sms-search-smsCode', form: 'sms-smsCode' },
      },
      {
        prop: 'templateId',
        label: 'sms.templateId',
        search: 'input',
        ellipsis: true,
        form: { span: 12, props: { maxLength: 255 } },
        testId: { search: 'sms-search-templateId', form: 'sms-templateId' },
      },
      {
        prop: 'signName',
        label: 'sms.signName',
        width: 140,
        form: { span: 12, props: { maxLength: 255 } },
        testId: { form: 'sms-signName' },
      },
      {
        prop: 'accessKey',
        label: 'sms.accessKey',
        hideInTable: true,
        filterable: false,
        form: secretField,
        testId: { form: 'sms-accessKey' },
      },
      {
        prop: 'secretKey',
        label: 'sms.secretKey',
        hideInTable: true,
        filterable: false,
        form: secretField,
        testId: { form: 'sms-secretKey' },
      },
      {
        prop: 'regionId',
        label: 'sms.regionId',
        hidden: true,
        form: { span: 12, props: { maxLength: 255 } },
      },
      {
        prop: 'remark',
        label: 'sms.remark',
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

import { APP_PLATFORMS, type AppInfoRow, appInfoContract } from '@xpark/contract/schemas'
import { type CrudOption, fromContract } from '@/components/crud'
import './i18n'

export const PLATFORM_OPTIONS: CrudOption[] = APP_PLATFORMS.map((p) => ({
  label: p === 'ios' ? 'iOS' : 'Android',
  value: p,
}))
export const STATUS_OPTIONS: CrudOption[] = [
  { label: 'app.enabled', value: 1 },
  { label: 'app.disabled', value: 0 },
]

/**
 * APP版本: the app's releases of the tenant. The app asks the public detail (`appInfo/public-detail`) for the
 * newest enabled one of its platform (highest version code), so disabling a release withdraws it.
 */
export const appInfoResource = fromContract<AppInfoRow>(appInfoContract, {
  title: 'appInfo.title',
  dialogWidth: 880,
  // the row's view, edit, copy and delete as buttons, as before the contract
  compactActions: false,
  testIds: {
    page: 'appinfo-page',
    table: 'appinfo-table',
    add: 'appinfo-add',
    formSubmit: 'appinfo-form-submit',
  },
  columns: [
    {
      prop: 'appName',
      label: 'appInfo.appName',
      search: 'input',
      form: { span: 12, props: { maxLength: 64 }, itemProps: { required: true } },
      testId: { form: 'appinfo-appName' },
    },
    {
      prop: 'platform',
      label: 'appInfo.platform',
      width: 100,
      search: 'select',
      options: PLATFORM_OPTIONS,
      sortable: true,
      form: { span: 12, type: 'select', itemProps: { required: true } },
      testId: { form: 'appinfo-platform' },
    },
    {
      prop: 'versionName',
      label: 'appInfo.versionName',
      width: 120,
      search: 'input',
      form: { span: 12, props: { maxLength: 32 }, itemProps: { required: true } },
      testId: { form: 'appinfo-versionName' },
    },
    {
      prop: 'versionCode',
      label: 'appInfo.versionCode',
      width: 100,
      sortable: true,
      form: { span: 12, type: 'number', props: { precision: 0, min: 1 }, itemProps: { required: true } },
      testId: { form: 'appinfo-versionCode' },
    },
    {
      prop: 'downloadUrl',
      label: 'appInfo.downloadUrl',
      ellipsis: true,
      form: { span: 24, props: { maxLength: 1000 } },
      testId: { form: 'appinfo-downloadUrl' },
    },
    {
      prop: 'forceUpdate',
      label: 'appInfo.forceUpdate',
      width: 90,
      render: (v) => <span>{v ? '✔' : ''}</span>,
      form: { span: 12, type: 'switch' },
      testId: { form: 'appinfo-forceUpdate' },
    },
    {
      prop: 'status',
      label: 'app.status',
      width: 80,
      search: 'select',
      options: STATUS_OPTIONS,
      form: { span: 12, type: 'select' },
      testId: { form: 'appinfo-status' },
    },
    {
      prop: 'releaseNotes',
      label: 'appInfo.releaseNotes',
      hideInTable: true,
      form: { type: 'textarea', props: { maxLength: 20000, rows: 5 } },
      testId: { form: 'appinfo-releaseNotes' },
    },
    { prop: 'createTime', label: 'appInfo.releaseTime', width: 170, sortable: true, form: false },
  ],
})

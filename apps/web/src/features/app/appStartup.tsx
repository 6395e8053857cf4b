import { type AppStartupRow, appStartupContract } from '@xpark/contract/schemas'
import { fromContract } from '@/components/crud'
import { STATUS_OPTIONS } from './appInfo'
import './i18n'

/** Blank times are no bound: the server stores null (shown from now on, or for good). */
export function startupBody(values: Record<string, unknown>): Record<string, unknown> {
  const blankToNull = (v: unknown) => (v === undefined || v === '' ? null : v)
  return { ...values, startTime: blankToNull(values.startTime), endTime: blankToNull(values.endTime) }
}

/**
 * 启动页: the app's splash pages of the tenant. The app asks `appStartup/current` for the
 * enabled pages whose time window holds now, in sort order.
 */
export const appStartupResource = fromContract<AppStartupRow>(appStartupContract, {
  title: 'appStartup.title',
  dialogWidth: 880,
  // the row's view, edit, copy and delete as buttons, as before the contract
  compactActions: false,
  beforeSubmit: (values) => startupBody(values),
  testIds: {
    page: 'appstartup-page',
    table: 'appstartup-table',
    add: 'appstartup-add',
    formSubmit: 'appstartup-form-submit',
  },
  columns: [
    {
      prop: 'title',
      label: 'appStartup.name',
      search: 'input',
      form: { span: 12, props: { maxLength: 64 }, itemProps: { required: true } },
      testId: { form: 'appstartup-title' },
    },
    {
      prop: 'sort',
      label: 'appStartup.sort',
      width: 80,
      sortable: true,
      form: { span: 12, type: 'number', props: { precision: 0, min: 0 } },
    },
    {
      prop: 'imageUrl',
      label: 'appStartup.imageUrl',
      width: 120,
      // the server accepts only http(s) or own paths, so the address is safe to load
      render: (v) => (v ? <img src={String(v)} alt="" style={{ height: 40, maxWidth: 100 }} /> : null),
      form: { span: 24, props: { maxLength: 1000 }, itemProps: { required: true } },
      testId: { form: 'appstartup-imageUrl' },
    },
    {
      prop: 'linkUrl',
      label: 'appStartup.linkUrl',
      ellipsis: true,
      form: { span: 24, props: { maxLength: 1000 } },
    },
    {
      prop: 'startTime',
      label: 'appStartup.startTime',
      width: 170,
      sortable: true,
      form: { span: 12, type: 'date', itemProps: { extra: 'appStartup.timeHint' } },
      testId: { form: 'appstartup-startTime' },
    },
    {
      prop: 'endTime',
      label: 'appStartup.endTime',
      width: 170,
      form: { span: 12, type: 'date', itemProps: { extra: 'appStartup.timeHint' } },
      testId: { form: 'appstartup-endTime' },
    },
    {
      prop: 'status',
      label: 'app.status',
      width: 80,
      search: 'select',
      options: STATUS_OPTIONS,
      form: { span: 12, type: 'select' },
    },
  ],
})

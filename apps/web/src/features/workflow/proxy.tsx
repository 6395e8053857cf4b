import { ProxyForm, type ProxyRow, proxyListCall } from '@xpark/contract/modules/workflow-process'
import type { z } from 'zod'
import type { CrudResource } from '@/components/crud'
import { PersonField } from './inputs'
import './i18n'

type Row = z.output<typeof ProxyRow>

const person = (testId: string | undefined, disabled: boolean | undefined) => (
  <PersonField testId={testId} disabled={disabled} />
)

/**
 * 流程代理: A's tasks go to B too for a period (and categories); the server refuses a proxy to
 * oneself and a cycle. Its calls sit under `ops/proxy/` (list, detail, submit, remove).
 */
const proxies: CrudResource<Row> = {
  path: proxyListCall.path.replace(/\/list$/, ''),
  pagePath: 'list',
  permissionPrefix: 'workflow_proxy',
  queryCode: 'workflow_proxy',
  title: 'workflow.proxy',
  formSchema: ProxyForm,
  compactActions: true,
  actions: { copy: false },
  columns: [
    { prop: 'userName', label: 'workflow.user', width: 120, form: false },
    {
      prop: 'userId',
      label: 'workflow.user',
      hideInTable: true,
      form: { span: 12, render: ({ testId, disabled }) => person(testId, disabled) },
    },
    { prop: 'proxyUserName', label: 'workflow.proxyUser', width: 120, form: false },
    {
      prop: 'proxyUserId',
      label: 'workflow.proxyUser',
      hideInTable: true,
      form: { span: 12, render: ({ testId, disabled }) => person(testId, disabled) },
    },
    { prop: 'startTime', label: 'workflow.startTime', width: 170, form: { type: 'date', span: 12 } },
    { prop: 'endTime', label: 'workflow.endTime', width: 170, form: { type: 'date', span: 12 } },
    {
      prop: 'categories',
      label: 'workflow.categories',
      ellipsis: true,
      form: { itemProps: { extra: 'workflow.categoriesHint' } },
    },
    {
      prop: 'status',
      label: 'workflow.status',
      width: 80,
      options: [
        { label: 'workflow.enabled', value: 1 },
        { label: 'workflow.disabled', value: 0 },
      ],
      form: { type: 'select', span: 12 },
    },
  ],
}
export default proxies

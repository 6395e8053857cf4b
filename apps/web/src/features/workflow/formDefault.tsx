import { workflowFormDefaultContract } from '@xpark/contract/modules/workflow-design'
import { fromContract } from '@/components/crud'
import { FormSelect } from './inputs'
import './i18n'

/** 表单默认值: a form's preset values (a JSON object) its start form opens with. */
export default fromContract(workflowFormDefaultContract, {
  title: 'workflow.formDefault',
  dialogWidth: 760,
  columns: [
    { prop: 'name', label: 'workflow.name', search: 'input', width: 180, form: { span: 12 } },
    { prop: 'formName', label: 'workflow.formOf', width: 180, form: false },
    {
      prop: 'formId',
      label: 'workflow.formOf',
      hideInTable: true,
      form: {
        span: 12,
        render: ({ testId, disabled }) => <FormSelect testId={testId} disabled={disabled} />,
      },
    },
    {
      prop: 'content',
      label: 'workflow.values',
      ellipsis: true,
      form: {
        type: 'textarea',
        props: { autoSize: { minRows: 6, maxRows: 20 } },
        itemProps: { extra: 'workflow.valuesHint' },
      },
    },
    { prop: 'remark', label: 'workflow.remark', ellipsis: true, hidden: true, form: { type: 'textarea' } },
    { prop: 'createTime', label: 'workflow.createTime', width: 170, form: false },
  ],
})

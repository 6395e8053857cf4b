import { workflowConditionContract } from '@xpark/contract/modules/workflow-design'
import { fromContract } from '@/components/crud'
import './i18n'

/** 流程表达式: named conditions over form variables; the server refuses a bad expression when saved. */
export default fromContract(workflowConditionContract, {
  title: 'workflow.condition',
  columns: [
    { prop: 'name', label: 'workflow.name', search: 'input', width: 180, form: { span: 12 } },
    { prop: 'type', label: 'workflow.type', search: 'input', width: 140, form: { span: 12 } },
    {
      prop: 'expression',
      label: 'workflow.expression',
      ellipsis: true,
      form: { type: 'textarea', itemProps: { extra: 'workflow.expressionHint' } },
    },
    { prop: 'remark', label: 'workflow.remark', ellipsis: true, hidden: true, form: { type: 'textarea' } },
    { prop: 'createTime', label: 'workflow.createTime', width: 170, form: false },
  ],
})

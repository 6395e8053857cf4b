import { workflowButtonContract } from '@xpark/contract/modules/workflow-design'
import { fromContract } from '@/components/crud'
import './i18n'

/** 流程按钮: the operations a node may enable (wf_pass, wf_reject…). */
export default fromContract(workflowButtonContract, {
  title: 'workflow.button',
  columns: [
    {
      prop: 'buttonKey',
      label: 'workflow.buttonKey',
      search: 'input',
      width: 160,
      form: { span: 12, disabledOnEdit: true },
    },
    { prop: 'name', label: 'workflow.name', search: 'input', width: 140, form: { span: 12 } },
    { prop: 'sort', label: 'workflow.sort', width: 80, form: { span: 12 } },
    {
      prop: 'display',
      label: 'workflow.display',
      width: 100,
      options: [
        { label: 'workflow.yes', value: 1 },
        { label: 'workflow.no', value: 0 },
      ],
      form: { type: 'select', span: 12 },
    },
    { prop: 'remark', label: 'workflow.remark', ellipsis: true, form: { type: 'textarea' } },
    { prop: 'createTime', label: 'workflow.createTime', width: 170, form: false },
  ],
})

import {
  WORKFLOW_DESIGN_BUTTONS as B,
  type workflowFormContract as C,
  formCategoryCall,
  workflowFormContract,
} from '@xpark/contract/modules/workflow-design'
import type { z } from 'zod'
import { fromContract } from '@/components/crud'
import { CATEGORY_TREE, CategoryButton } from './inputs'
import './i18n'

type FormRow = z.output<(typeof C)['row']>

/** 表单设计: a form's schema edited as JSON text (form-js comes later); every save is a version. */
export default fromContract<FormRow>(workflowFormContract, {
  title: 'workflow.form',
  dialogWidth: 900,
  columns: [
    { prop: 'name', label: 'workflow.name', search: 'input', width: 180, form: { span: 12 } },
    {
      prop: 'formKey',
      label: 'workflow.formKey',
      search: 'input',
      width: 160,
      form: { span: 12, disabledOnEdit: true },
    },
    { prop: 'categoryName', label: 'workflow.categoryOf', width: 140, form: false },
    {
      prop: 'categoryId',
      label: 'workflow.categoryOf',
      hideInTable: true,
      treeOf: CATEGORY_TREE,
      form: { span: 12 },
    },
    { prop: 'version', label: 'workflow.version', width: 80, form: false },
    {
      prop: 'content',
      label: 'workflow.content',
      hideInTable: true,
      form: {
        type: 'textarea',
        props: { autoSize: { minRows: 8, maxRows: 24 } },
        itemProps: { extra: 'workflow.contentHint' },
      },
    },
    { prop: 'remark', label: 'workflow.remark', ellipsis: true, form: { type: 'textarea' } },
    { prop: 'updateTime', label: 'workflow.createTime', width: 170, form: false },
  ],
  rowExtra: (row, ctx) => (
    <CategoryButton
      call={formCategoryCall}
      permission={B.formCategory}
      id={row.id}
      code={workflowFormContract.code}
      refresh={ctx.refresh}
    />
  ),
  rowExtraCount: 1,
})

import {
  WORKFLOW_DESIGN_BUTTONS as B,
  type workflowFormContract as C,
  formCategoryCall,
  workflowFormContract,
} from '@xpark/contract/modules/workflow-design'
import type { z } from 'zod'
import { fromContract } from '@/components/crud'
import { DesignButton, HistoryButton, SchemaInput } from './forms/FormDesign'
import { CATEGORY_TREE, CategoryButton } from './inputs'
import './i18n'

type FormRow = z.output<(typeof C)['row']>

/**
 * 表单设计: a form's schema designed in the form-js editor (设计: in the dialog, or on a row, saved
 * at once); every save is a version (历史).
 */
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
        render: ({ testId, disabled }) => <SchemaInput testId={testId} disabled={disabled} />,
      },
    },
    { prop: 'remark', label: 'workflow.remark', ellipsis: true, form: { type: 'textarea' } },
    { prop: 'updateTime', label: 'workflow.createTime', width: 170, form: false },
  ],
  rowExtra: (row, ctx) => (
    <>
      <DesignButton row={row} refresh={ctx.refresh} />
      <HistoryButton row={row} />
      <CategoryButton
        call={formCategoryCall}
        permission={B.formCategory}
        id={row.id}
        code={workflowFormContract.code}
        refresh={ctx.refresh}
      />
    </>
  ),
  rowExtraCount: 3,
})

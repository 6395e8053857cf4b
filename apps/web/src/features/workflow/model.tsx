import { useQueryClient } from '@tanstack/react-query'
import {
  WORKFLOW_DESIGN_BUTTONS as B,
  type workflowModelContract as C,
  modelCategoryCall,
  modelDeployCall,
  workflowDeploymentContract,
  workflowModelContract,
} from '@xpark/contract/modules/workflow-design'
import { App } from 'antd'
import type { z } from 'zod'
import { callApi } from '@/api/calls'
import { fromContract, invalidateResource, RowButton } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import { OpenPageButton } from './designer/OpenPageButton'
import './designer/i18n'
import { CATEGORY_TREE, CategoryButton } from './inputs'
import './i18n'

type ModelRow = z.output<(typeof C)['row']>

/** 部署 (a call, not a state action): the engine checks the BPMN and makes definition version n+1. */
function DeployButton({ row, refresh }: { row: ModelRow; refresh: () => void }) {
  const tr = useTr()
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const may = useSession((s) => s.permission[B.modelDeploy] === true)
  if (!may) return null
  return (
    <RowButton
      label={tr('workflow.deploy')}
      testId={`workflow-model-deploy-${row.id}`}
      onClick={() =>
        modal.confirm({
          title: tr('workflow.deployConfirm', { name: row.name }),
          onOk: async () => {
            const r = await callApi(modelDeployCall, { modelId: row.id })
            void message.success(tr('workflow.deployed', { id: r.processDefinitionId }))
            await invalidateResource(queryClient, workflowDeploymentContract.code)
            refresh()
          },
        })
      }
    />
  )
}

/** 模型设计: BPMN models with versions; 设计 opens the diagram in the designer, 历史 its versions; 部署, 分类. */
export default fromContract<ModelRow>(workflowModelContract, {
  title: 'workflow.model',
  dialogWidth: 900,
  shows: [workflowDeploymentContract.code],
  columns: [
    { prop: 'name', label: 'workflow.name', search: 'input', width: 180, form: { span: 12 } },
    {
      prop: 'modelKey',
      label: 'workflow.modelKey',
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
    { prop: 'deployedVersion', label: 'workflow.deployedVersion', width: 110, form: false },
    { prop: 'description', label: 'workflow.description', ellipsis: true, form: { type: 'textarea' } },
    { prop: 'updateTime', label: 'workflow.createTime', width: 170, form: false },
  ],
  rowExtra: (row, ctx) => (
    <>
      <OpenPageButton
        label="wfd.design"
        title="wfd.designer"
        path={`/workflow/design/process/${row.id}`}
        testId={`workflow-model-design-${row.id}`}
      />
      <OpenPageButton
        label="wfd.history"
        title="wfd.modelHistory"
        path={`/workflow/design/model/history/${row.id}`}
        testId={`workflow-model-history-${row.id}`}
      />
      <DeployButton row={row} refresh={ctx.refresh} />
      <CategoryButton
        call={modelCategoryCall}
        permission={B.modelCategory}
        id={row.id}
        code={workflowModelContract.code}
        refresh={ctx.refresh}
      />
    </>
  ),
  rowExtraCount: 4,
})

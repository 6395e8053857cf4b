import {
  WORKFLOW_DESIGN_BUTTONS as B,
  type workflowDeploymentContract as C,
  DEPLOYMENT,
  deploymentCategoryCall,
  workflowDeploymentContract,
} from '@xpark/contract/modules/workflow-design'
import type { z } from 'zod'
import { fromContract } from '@/components/crud'
import { CATEGORY_TREE, CategoryButton } from './inputs'
import './i18n'

type DeploymentRow = z.output<(typeof C)['row']>

/**
 * 部署管理: the deployed definitions; 挂起/激活 are the contract's transitions, 分类 moves one (its
 * new instances carry it); removed only without running instances (the server's refusal).
 */
export default fromContract<DeploymentRow>(workflowDeploymentContract, {
  title: 'workflow.deployment',
  // nothing to view beyond the row: a deployment has no detail call and no form
  actions: { view: false },
  columns: [
    { prop: 'name', label: 'workflow.name', search: 'input', width: 180, form: false },
    { prop: 'key', label: 'workflow.processKey', search: 'input', width: 140, form: false },
    { prop: 'version', label: 'workflow.version', width: 80, form: false },
    { prop: 'processDefinitionId', label: 'workflow.definitionId', width: 200, form: false, hidden: true },
    { prop: 'categoryName', label: 'workflow.categoryOf', width: 140, form: false },
    {
      prop: 'category',
      label: 'workflow.categoryOf',
      hideInTable: true,
      treeOf: CATEGORY_TREE,
      search: 'select',
      form: false,
    },
    {
      prop: 'status',
      label: 'workflow.status',
      width: 80,
      search: 'select',
      options: [
        { label: 'workflow.active', value: DEPLOYMENT.active },
        { label: 'workflow.suspended', value: DEPLOYMENT.suspended },
      ],
      form: false,
    },
    { prop: 'runningCount', label: 'workflow.runningCount', width: 100, form: false },
    { prop: 'deployTime', label: 'workflow.deployTime', width: 170, form: false },
  ],
  rowExtra: (row, ctx) => (
    <CategoryButton
      call={deploymentCategoryCall}
      permission={B.deploymentCategory}
      id={row.id}
      code={workflowDeploymentContract.code}
      refresh={ctx.refresh}
    />
  ),
  rowExtraCount: 1,
})

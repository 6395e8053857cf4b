import {
  WORKFLOW_DESIGN_BUTTONS as B,
  workflowButtonContract,
  workflowCategoryContract,
  workflowConditionContract,
  workflowDeploymentContract,
  workflowFormContract,
  workflowFormDefaultContract,
  workflowModelContract,
} from '@xpark/contract/modules/workflow-design'
import type { Api } from '../../../core/http/api.js'
import { button, type MenuSeed, resourceScreen } from '../../../core/module.js'
import type { Db } from '../../../db/types.js'
import type { WorkflowEngine } from '../engine/operations.js'
import {
  workflowButtons,
  workflowCategories,
  workflowConditions,
  workflowDeployments,
  workflowFormDefaults,
  workflowForms,
  workflowModels,
} from './resources.js'
import { registerFormRoutes } from './routes/forms.js'
import { registerModelRoutes } from './routes/models.js'
import { registerScopeRoutes } from './routes/scope.js'

/** The design part of the workflow manifest: its resources, its menu section, its hand routes. */

export const DESIGN_RESOURCES = [
  workflowCategories,
  workflowModels,
  workflowForms,
  workflowFormDefaults,
  workflowConditions,
  workflowButtons,
  workflowDeployments,
]

/** A menu entry with its English name (the console has no workflow feature yet to name it). */
const named = (seed: MenuSeed, en: string): MenuSeed => ({ ...seed, en })

/** 流程设计 (`/workflow/design/…`, issue 31 "Screens"). */
export const DESIGN_MENU: MenuSeed = {
  code: 'workflow_design',
  name: '流程设计',
  en: 'Process design',
  path: '/workflow/design',
  source: 'ApartmentOutlined',
  sort: 1,
  children: [
    named(
      resourceScreen(workflowModelContract, '模型设计', '/workflow/design/model', 'NodeIndexOutlined', [
        button(B.modelDeploy, '部署', 2),
        button(B.modelCategory, '分类', 2),
        button(B.modelIcon, '图标', 2),
        button(B.modelScope, '发起范围', 2),
      ]),
      'Models',
    ),
    named(
      resourceScreen(workflowFormContract, '表单设计', '/workflow/design/form', 'FormOutlined', [
        button(B.formCategory, '分类', 2),
      ]),
      'Forms',
    ),
    named(
      resourceScreen(
        workflowFormDefaultContract,
        '表单默认值',
        '/workflow/design/form-default',
        'ProfileOutlined',
      ),
      'Form defaults',
    ),
    named(
      resourceScreen(workflowCategoryContract, '流程分类', '/workflow/design/category', 'ClusterOutlined'),
      'Process categories',
    ),
    named(
      resourceScreen(
        workflowConditionContract,
        '流程表达式',
        '/workflow/design/condition',
        'FunctionOutlined',
      ),
      'Conditions',
    ),
    named(
      resourceScreen(workflowButtonContract, '流程按钮', '/workflow/design/button', 'BorderOuterOutlined'),
      'Node buttons',
    ),
    named(
      resourceScreen(
        workflowDeploymentContract,
        '部署管理',
        '/workflow/design/deployment',
        'DeploymentUnitOutlined',
        [button(B.deploymentCategory, '分类', 2)],
      ),
      'Deployments',
    ),
  ],
}

export function registerDesignRoutes(api: Api, db: Db, engine: WorkflowEngine): void {
  registerModelRoutes(api, db, engine)
  registerScopeRoutes(api, db)
  registerFormRoutes(api, db)
}

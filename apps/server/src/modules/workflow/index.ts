import { WORKFLOW_OPS, WORKFLOW_PROXY } from '@xpark/contract/modules/workflow-process'
import { button, defineModule, type MenuSeed } from '../../core/module.js'
import { registerOpsRoutes } from './ops/routes.js'
import { registerLeaveRoutes } from './process/leave.js'
import { registerOperationRoutes } from './process/operations.js'
import { registerReadRoutes } from './process/reads.js'
import * as processTables from './process/schema.js'
import * as tables from './schema.js'

/**
 * Workflow (issue 31): the engine on our tables (engine/), the process calls (process/: the task
 * lists, forms, detail, task operations, leave requests and drafts) and operations (ops/: monitoring,
 * proxies). See docs/modules/workflow.md.
 */
export { compileCondition } from './engine/conditions.js'
export { type Directory, type Group, userDirectory } from './engine/directory.js'
export { CONNECTION, type Graph, parseProcess } from './engine/graph.js'
export { type Actor, MESSAGES, WorkflowEngine } from './engine/operations.js'
export { type StartRules, setStartRules } from './process/seams.js'
export * from './schema.js'

// MINIMAL MANIFEST of the process part (wf-process); the design part brings its own (the lead merges
// the two): its menus, product and design resources join these, the route groups one line each
const WORKFLOW_MENUS: MenuSeed[] = [
  {
    code: 'workflow',
    name: '流程管理',
    path: '/workflow',
    source: 'ApartmentOutlined',
    sort: 72,
    en: 'Workflow',
    children: [
      {
        code: 'workflow_ops_process',
        name: '流程监控',
        path: '/workflow/ops/process',
        source: 'MonitorOutlined',
        en: 'Process monitor',
        children: [button(WORKFLOW_OPS, '流程运维', 1)],
      },
      {
        code: 'workflow_ops_proxy',
        name: '流程代理',
        path: '/workflow/ops/proxy',
        source: 'SwapOutlined',
        en: 'Process proxies',
        children: [
          button(WORKFLOW_PROXY.add, '新增', 1),
          button(WORKFLOW_PROXY.edit, '修改', 2),
          button(WORKFLOW_PROXY.delete, '删除', 3),
          button(WORKFLOW_PROXY.view, '查看', 2),
        ],
      },
    ],
  },
]

export const workflowModule = defineModule({
  name: 'workflow',
  tables: { ...tables, ...processTables },
  menus: WORKFLOW_MENUS,
  product: { name: '流程管理', remark: '流程设计、发起与审批、待办已办、流程监控与代理' },
  // park staff take part in processes (their own tasks need no code); they do not monitor or set proxies
  staff: [],
  routes: async (api, ctx) => {
    registerReadRoutes(api, ctx)
    registerOperationRoutes(api, ctx)
    registerLeaveRoutes(api, ctx)
    registerOpsRoutes(api, ctx)
  },
})

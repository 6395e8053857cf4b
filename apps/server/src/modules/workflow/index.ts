import { defineModule } from '../../core/module.js'
import { seedWorkflowDemo } from './design/demo.js'
import { DESIGN_MENU, DESIGN_RESOURCES, registerDesignRoutes } from './design/manifest.js'
import * as designTables from './design/schema.js'
import { WorkflowEngine } from './engine/operations.js'
import { notifyNewTasks } from './process/context.js'
import { leaveResource, settleLeaveStatus } from './process/leave.js'
import { PROCESS_MENUS, PROCESS_STAFF, registerProcessRoutes } from './process/manifest.js'
import * as processTables from './process/schema.js'
import { seedRepairDemo } from './repair-demo.js'
import * as engineTables from './schema.js'

/**
 * Workflow (issue 31): the engine on our tables (engine/), the design calls (design/: categories,
 * models, forms, conditions, buttons, deployments) and the process calls. docs/modules/workflow.md.
 */
export { compileCondition } from './engine/conditions.js'
export { type Directory, type Group, userDirectory } from './engine/directory.js'
export { CONNECTION, type Graph, parseProcess } from './engine/graph.js'
export { type Actor, MESSAGES, WorkflowEngine } from './engine/operations.js'
export { approvedLeave, type LeaveSpan, leaveEndedSince } from './process/approved-leave.js'
export { type StartRules, setStartRules } from './process/seams.js'
export * from './schema.js'

const WORKFLOW_MENU = {
  code: 'workflow',
  name: '流程管理',
  en: 'Workflow',
  path: '/workflow',
  source: 'PartitionOutlined',
  sort: 71,
  // one section per line
  children: [
    DESIGN_MENU, // 流程设计
    ...PROCESS_MENUS, // 流程监控, 流程代理
  ],
}

export const workflowModule = defineModule({
  name: 'workflow',
  tables: {
    ...engineTables,
    ...designTables,
    ...processTables,
  },
  // one group per line
  resources: [
    ...DESIGN_RESOURCES, // categories, models, forms, defaults, conditions, buttons, deployments
    leaveResource, // 请假: rows that are processes (the kit's workflow declaration)
  ],
  menus: [WORKFLOW_MENU],
  product: { name: '流程管理', remark: '流程设计 (模型、表单、分类、表达式、按钮、部署)、流程办理与运维' },
  // park staff look at the design; they change, deploy and suspend nothing
  staff: (codes) =>
    codes.filter((c) => !/_(add|edit|delete|deploy|category|icon|scope|status)$/.test(c) && PROCESS_STAFF(c)),
  jobs: [
    {
      // timer boundary events (escalation): once a minute, one process across the nodes
      name: 'workflow-timers',
      everySeconds: 60,
      run: async (ctx) => {
        const since = new Date()
        const fired = await new WorkflowEngine(ctx.database.db).fireDueTimers()
        // the tasks the timers opened are told once each firing has committed
        for (const f of fired) await notifyNewTasks(ctx, f.tenantId, f.instanceId, since)
      },
    },
  ],
  demo: async (ctx) => {
    await seedWorkflowDemo(ctx) // design/: the leave process
    await seedRepairDemo(ctx) // 设备报修 and a fortnight of repairs (报修分析)
  },
  routes: async (api, ctx) => {
    const engine = new WorkflowEngine(ctx.database.db)
    await settleLeaveStatus(ctx.database.db) // requests from before their status was kept
    registerDesignRoutes(api, ctx.database.db, engine) // design/routes
    registerProcessRoutes(api, ctx) // process/ and ops/: lists, task operations, leave, drafts, monitoring, proxies
  },
})

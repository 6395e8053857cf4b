import { WORKFLOW_OPS, WORKFLOW_PROXY } from '@xpark/contract/modules/workflow-process'
import type { Api } from '../../../core/http/api.js'
import { button, type MenuSeed, type ModuleContext } from '../../../core/module.js'
import { registerOpsRoutes } from '../ops/routes.js'
import { registerLeaveRoutes } from './leave.js'
import { registerOperationRoutes } from './operations.js'
import { registerReadRoutes } from './reads.js'

/**
 * The process part of the workflow manifest: its screens' menu entries (monitoring and proxies; the
 * task lists need no code: everyone has their own), the staff's share, its routes.
 */
export const PROCESS_MENUS: MenuSeed[] = [
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
]

/** Park staff take part in processes but neither monitor them nor set proxies. */
export const PROCESS_STAFF = (code: string): boolean => !/^workflow_(ops|proxy)/.test(code)

export function registerProcessRoutes(api: Api, ctx: ModuleContext): void {
  registerReadRoutes(api, ctx)
  registerOperationRoutes(api, ctx)
  registerLeaveRoutes(api, ctx)
  registerOpsRoutes(api, ctx)
}

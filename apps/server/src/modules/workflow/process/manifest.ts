import { WORKFLOW_OPS, WORKFLOW_PROXY } from '@xpark/contract/modules/workflow-process'
import type { Api } from '../../../core/http/api.js'
import { button, type MenuSeed, type ModuleContext } from '../../../core/module.js'
import { registerOpsActionRoutes } from '../ops/actions.js'
import { registerOpsRoutes } from '../ops/routes.js'
import { registerDraftRoutes } from './drafts.js'
import { registerOperationRoutes } from './operations.js'
import { registerReadRoutes } from './reads.js'
import { runProcessRows } from './runner.js'

/**
 * The process part of the workflow manifest: its screens' menu entries (my processes, monitoring and
 * proxies), the staff's share, its routes. The task lists and leave have no buttons: everyone signed in
 * has their own (the engine decides who acts on a task).
 */
const work = (
  code: string,
  name: string,
  en: string,
  path: string,
  source: string,
  sort: number,
): MenuSeed => ({
  code: `workflow_${code}`,
  name,
  en,
  path,
  source,
  sort,
})

export const PROCESS_MENUS: MenuSeed[] = [
  {
    code: 'workflow_work',
    name: '流程事务',
    en: 'My processes',
    path: '/workflow/process',
    source: 'SolutionOutlined',
    sort: 2,
    children: [
      work('create', '新建流程', 'New process', '/workflow/process/create', 'PlusSquareOutlined', 1),
      work('draft', '草稿箱', 'Drafts', '/workflow/process/draft', 'FileTextOutlined', 2),
      work('todo', '待办事务', 'To do', '/workflow/process/todo', 'CheckSquareOutlined', 3),
      work('claim', '待签事务', 'To claim', '/workflow/process/claim', 'InboxOutlined', 4),
      work('send', '已发事务', 'Started by me', '/workflow/process/send', 'SendOutlined', 5),
      work('done', '办结事务', 'Finished', '/workflow/process/done', 'FileDoneOutlined', 6),
      work('my_done', '我的已办', 'Handled by me', '/workflow/process/my-done', 'HistoryOutlined', 7),
      work('copy', '抄送事务', 'Copied to me', '/workflow/process/copy', 'CopyOutlined', 8),
      work('leave', '请假申请', 'Leave requests', '/workflow/leave', 'CalendarOutlined', 9),
    ],
  },
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
  runProcessRows(ctx) // the kit's process-bound rows (请假) start and end through this engine
  registerReadRoutes(api, ctx)
  registerOperationRoutes(api, ctx)
  registerDraftRoutes(api, ctx)
  registerOpsRoutes(api, ctx)
  registerOpsActionRoutes(api, ctx)
}

import { lazy } from 'react'
import { crudScreen, defineFeature } from '@/components/kit'

/**
 * Workflow (issue 31): the design lists (模型, 表单, 默认值, 分类, 表达式, 按钮, 部署), 流程代理, 请假申请 and
 * the caller's task lists with 办理 and 签收; form-js (forms/: the viewer and editor, 表单历史, 新建流程,
 * 发起流程, 草稿箱) and bpmn-js (designer/: 流程设计, 模型历史; detail/: 流程详情 with its diagram),
 * each loaded only by its screens.
 */
export default defineFeature({
  name: 'workflow',
  screens: {
    '/workflow/design/category': crudScreen(() => import('./category')),
    '/workflow/design/condition': crudScreen(() => import('./condition')),
    '/workflow/design/button': crudScreen(() => import('./button')),
    '/workflow/design/form-default': crudScreen(() => import('./formDefault')),
    '/workflow/design/form': crudScreen(() => import('./form')),
    '/workflow/design/form/history/:id': lazy(() => import('./forms/FormHistory')),
    '/workflow/design/model': crudScreen(() => import('./model')),
    '/workflow/design/deployment': crudScreen(() => import('./deployment')),
    '/workflow/design/process/:id': lazy(() => import('./designer/DesignerPage')),
    '/workflow/design/model/history/:id': lazy(() => import('./designer/ModelHistoryPage')),
    '/workflow/process/detail/:params': lazy(() => import('./detail/DetailPage')),
    '/workflow/ops/process': crudScreen(() => import('./ops')),
    '/workflow/ops/proxy': crudScreen(() => import('./proxy')),
    '/workflow/leave': crudScreen(() => import('./leave')),
    '/workflow/process/create': lazy(() => import('./forms/CreateProcess')),
    '/workflow/process/start/:params': lazy(() => import('./forms/StartProcess')),
    '/workflow/process/draft': crudScreen(() => import('./forms/drafts')),
    '/workflow/process/todo': crudScreen(() => import('./tasks/todo')),
    '/workflow/process/claim': crudScreen(() => import('./tasks/claim')),
    '/workflow/process/send': crudScreen(() => import('./tasks/send')),
    '/workflow/process/done': crudScreen(() => import('./tasks/done')),
    '/workflow/process/my-done': crudScreen(() => import('./tasks/myDone')),
    '/workflow/process/copy': crudScreen(() => import('./tasks/copy')),
  },
  menuNames: {
    workflow: 'Workflow',
    workflow_design: 'Process design',
    workflow_model: 'Models',
    workflow_form: 'Forms',
    workflow_form_default: 'Form defaults',
    workflow_category: 'Process categories',
    workflow_condition: 'Conditions',
    workflow_button: 'Node buttons',
    workflow_deployment: 'Deployments',
    workflow_ops_process: 'Process monitor',
    workflow_ops_proxy: 'Process proxies',
    workflow_work: 'My processes',
    workflow_create: 'New process',
    workflow_draft: 'Drafts',
    workflow_todo: 'To do',
    workflow_claim: 'To claim',
    workflow_send: 'Started by me',
    workflow_done: 'Finished',
    workflow_my_done: 'Handled by me',
    workflow_copy: 'Copied to me',
    workflow_leave: 'Leave requests',
  },
  slots: {
    homeCards: {
      todoTasks: {
        title: 'workflow.todo',
        component: lazy(() => import('./TodoCard')),
        byDefault: true,
        sort: 20,
      },
    },
  },
})

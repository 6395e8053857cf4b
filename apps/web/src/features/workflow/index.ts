import { lazy } from 'react'
import { crudScreen, defineFeature } from '@/components/kit'

/**
 * Workflow (issue 31): the design lists (模型, 表单, 默认值, 分类, 表达式, 按钮, 部署), 流程代理, 请假申请 and
 * the caller's task lists with 办理 and 签收; the bpmn-js designer (流程设计), 模型历史 and 流程详情 with
 * its diagram (bpmn-js loads only with them).
 */
export default defineFeature({
  name: 'workflow',
  screens: {
    '/workflow/design/category': crudScreen(() => import('./category')),
    '/workflow/design/condition': crudScreen(() => import('./condition')),
    '/workflow/design/button': crudScreen(() => import('./button')),
    '/workflow/design/form-default': crudScreen(() => import('./formDefault')),
    '/workflow/design/form': crudScreen(() => import('./form')),
    '/workflow/design/model': crudScreen(() => import('./model')),
    '/workflow/design/deployment': crudScreen(() => import('./deployment')),
    '/workflow/design/process/:id': lazy(() => import('./designer/DesignerPage')),
    '/workflow/design/model/history/:id': lazy(() => import('./designer/ModelHistoryPage')),
    '/workflow/process/detail/:params': lazy(() => import('./detail/DetailPage')),
    '/workflow/ops/process': crudScreen(() => import('./ops')),
    '/workflow/ops/proxy': crudScreen(() => import('./proxy')),
    '/workflow/leave': crudScreen(() => import('./leave')),
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

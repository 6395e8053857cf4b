import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  claimTaskCall,
  completeTaskCall,
  opsDeleteProcessCall,
  opsListCall,
  taskListCalls,
  terminateProcessCall,
  workflowLeaveContract,
} from '@xpark/contract/modules/workflow-process'
import type { ReactElement } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CrudPage } from '@/components/crud'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import leave from './leave'
import ops from './ops'
import claim from './tasks/claim'
import send from './tasks/send'
import todo from './tasks/todo'

/** 待办 / 待签 act on their rows through the task calls; 请假申请 is anyone's to file. */
const page = <T,>(records: T[]) => ({
  records,
  total: records.length,
  size: 10,
  current: 1,
  pages: 1,
  orders: [],
  searchCount: true,
})

const task = {
  id: '501',
  taskId: '501',
  taskName: '部门审批',
  taskDefinitionKey: 'deptApprove',
  assignee: '7',
  assigneeName: '张三',
  processInstanceId: '900',
  processDefinitionId: 'park_leave:1:88',
  processDefinitionKey: 'park_leave',
  processDefinitionName: '请假流程',
  category: 'admin',
  businessKey: '',
  startUser: '8',
  startUserName: '李四',
  createTime: '2026-11-29 09:00:00',
  endTime: null,
  processStatus: 1,
  processIsFinished: false,
  comment: '',
}

function setup(
  ui: ReactElement,
  listPath: string,
  rows: unknown[],
  permission: Record<string, boolean> = {},
) {
  // a plain signed-in user (no workflow buttons) unless told
  useSession.setState({ token: 't', permission, userInfo: { id: '7' } as never })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith(`/${listPath}`)) return ok(page(rows))
    return ok({ id: '31', processInstanceId: '901' })
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(ui)
  return api
}

const bodyOf = (api: ReturnType<typeof stubFetch>, path: string) => {
  const call = api.calls.find((c) => c.url.pathname.endsWith(`/${path}`) && c.init?.method === 'POST')
  return call ? JSON.parse(String(call.init?.body)) : undefined
}

describe('workflow screens', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => vi.unstubAllGlobals())

  it('待办事务: 办理 posts completeTask with the decision and the comment', async () => {
    const api = setup(<CrudPage resource={todo} />, taskListCalls.todoList.path, [task])
    expect(await screen.findByText('部门审批')).toBeTruthy()
    await userEvent.click(screen.getByTestId('workflow-handle-501'))
    await userEvent.click(await screen.findByText('驳回'))
    await userEvent.type(screen.getByTestId('workflow-handle-comment'), '  请补充病假证明 ')
    await userEvent.click(screen.getByTestId('workflow-handle-ok'))
    await waitFor(() => expect(bodyOf(api, completeTaskCall.path)).toBeDefined())
    expect(bodyOf(api, completeTaskCall.path)).toEqual({
      taskId: '501',
      pass: false,
      comment: '请补充病假证明',
    })
  })

  it('待签事务: 签收 posts claimTask for the row’s task', async () => {
    const api = setup(<CrudPage resource={claim} />, taskListCalls.claimList.path, [
      { ...task, assignee: null, assigneeName: '' },
    ])
    await userEvent.click(await screen.findByTestId('workflow-claim-501'))
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }))
    await waitFor(() => expect(bodyOf(api, claimTaskCall.path)).toEqual({ taskId: '501' }))
  })

  it('已发事务: 撤回 a running request posts terminateProcess; an ended one offers none', async () => {
    const running = { ...task, id: '900', taskId: null, taskName: '部门审批' }
    const ended = {
      ...running,
      id: '901',
      processInstanceId: '901',
      processStatus: 3,
      endTime: '2026-11-29 10:00:00',
    }
    const api = setup(<CrudPage resource={send} />, taskListCalls.sendList.path, [running, ended])
    await userEvent.click(await screen.findByTestId('workflow-withdraw-900'))
    expect(screen.queryByTestId('workflow-withdraw-901')).toBeNull()
    expect(await screen.findAllByText('确定撤回「请假流程」? 审批人处理前可以撤回')).not.toHaveLength(0)
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }))
    await waitFor(() =>
      expect(bodyOf(api, terminateProcessCall.path)).toEqual({
        processInstanceId: '900',
        comment: '发起人撤回',
      }),
    )
  })

  it('请假申请: a user without buttons files a request; the body is the leave form', async () => {
    const api = setup(<CrudPage resource={leave} />, `${workflowLeaveContract.path}/page`, [])
    await userEvent.click(await screen.findByTestId('workflow-leave-add'))
    const form = await screen.findByTestId('crud-form')
    await userEvent.type(within(form).getByTestId('crud-form-leaveType'), '事假')
    await userEvent.type(within(form).getByTestId('crud-form-days'), '2')
    for (const [field, value] of [
      ['startTime', '2026-12-01 09:00:00'],
      ['endTime', '2026-12-02 18:00:00'],
    ]) {
      const input = within(form).getByTestId(`crud-form-${field}`)
      await userEvent.click(input)
      await userEvent.type(input, `${value}{enter}`)
    }
    await userEvent.type(within(form).getByTestId('crud-form-reason'), '家中有事')
    await userEvent.click(screen.getByTestId('workflow-leave-form-submit'))
    const submit = `${workflowLeaveContract.path}/submit`
    await waitFor(() => expect(bodyOf(api, submit)).toBeDefined())
    expect(bodyOf(api, submit)).toMatchObject({
      leaveType: '事假',
      days: 2,
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-02 18:00:00',
      reason: '家中有事',
    })
  })

  it('流程监控: 终止 posts terminateProcess for a running instance only, with the reason', async () => {
    const instance = {
      id: '900',
      processInstanceId: '900',
      processDefinitionId: 'park_leave:1:88',
      processDefinitionKey: 'park_leave',
      processDefinitionName: '请假流程',
      category: 'admin',
      businessKey: '',
      startUser: '8',
      startUserName: '李四',
      currentTasks: '部门审批',
      processStatus: 1,
      startTime: '2026-11-29 09:00:00',
      endTime: null,
      reason: '',
    }
    const ended = {
      ...instance,
      id: '901',
      processInstanceId: '901',
      processStatus: 3,
      endTime: '2026-11-29 10:00:00',
    }
    const api = setup(<CrudPage resource={ops} />, opsListCall.path, [instance, ended], {
      workflow_ops: true,
    })
    await userEvent.click(await screen.findByTestId('workflow-terminate-900'))
    expect(screen.queryByTestId('workflow-terminate-901')).toBeNull()
    await userEvent.type(await screen.findByTestId('workflow-terminate-comment'), '重复申请')
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }))
    await waitFor(() =>
      expect(bodyOf(api, terminateProcessCall.path)).toEqual({
        processInstanceId: '900',
        comment: '重复申请',
      }),
    )
  })
  it('流程监控: 删除 needs a reason, then posts deleteProcess; an ended instance is not suspended', async () => {
    const instance = {
      id: '900',
      processInstanceId: '900',
      processDefinitionId: 'park_leave:1:88',
      processDefinitionKey: 'park_leave',
      processDefinitionName: '请假流程',
      category: 'admin',
      businessKey: '',
      startUser: '8',
      startUserName: '李四',
      currentTasks: '部门审批',
      processStatus: 3,
      startTime: '2026-11-29 09:00:00',
      endTime: '2026-11-29 10:00:00',
      reason: '',
    }
    const api = setup(<CrudPage resource={ops} />, opsListCall.path, [instance], { workflow_ops: true })
    await userEvent.click(await screen.findByTestId('workflow-delete-900'))
    expect(screen.queryByTestId('workflow-status-900')).toBeNull()
    const ok = await screen.findByTestId('workflow-ops-dialog-ok')
    expect((ok as HTMLButtonElement).disabled).toBe(true)
    await userEvent.type(screen.getByTestId('workflow-ops-dialog-text'), '测试数据')
    await waitFor(() => expect((ok as HTMLButtonElement).disabled).toBe(false))
    await userEvent.click(ok)
    await waitFor(() =>
      expect(bodyOf(api, opsDeleteProcessCall.path)).toEqual({
        processInstanceId: '900',
        reason: '测试数据',
      }),
    )
  })
})

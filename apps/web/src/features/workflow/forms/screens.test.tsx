import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { workflowCategoryContract } from '@xpark/contract/modules/workflow-design'
import {
  draftListCall,
  draftRemoveCall,
  draftSaveCall,
  formByProcessDefKeyCall,
  formByProcessIdCall,
  processListCall,
  startProcessCall,
} from '@xpark/contract/modules/workflow-process'
import type { ReactElement } from 'react'
import { useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CrudPage } from '@/components/crud'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import CreateProcess from './CreateProcess'
import drafts from './drafts'
import StartProcess from './StartProcess'

/** 新建流程 (cards, search), 发起流程 (start, draft, a refusal), 草稿箱 (继续, 删除) against stubbed calls. */
const page = <T,>(records: T[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 })

const definition = (id: string, key: string, name: string, category: string) => ({
  id,
  processDefinitionId: `${key}:2:${id}`,
  key,
  name,
  version: 2,
  category,
  status: 1,
  deployTime: '2026-11-01 09:00:00',
})
const LEAVE = definition('88', 'park_leave', '请假审批', '7')
const PROCESSES = [
  LEAVE,
  definition('89', 'repair', '设备报修', '8'),
  definition('90', 'trip', '出差申请', '7'),
]
const LEAVE_FORM = JSON.stringify({
  type: 'default',
  components: [
    { key: 'days', label: '请假天数', type: 'number', validate: { required: true, min: 0.5 } },
    { key: 'reason', label: '请假事由', type: 'textarea', validate: { required: true } },
  ],
})
const DRAFT = {
  id: '501',
  processDefKey: 'park_leave',
  title: '请假审批',
  variables: { days: 3, reason: '家中有事' },
  updateTime: '2026-11-28 10:00:00',
}

/** Where the screen navigated to. */
function Where() {
  const location = useLocation()
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>
}

type Answer = (path: string, body: Record<string, unknown>) => unknown
function setup(ui: ReactElement, path: string, answer: Answer = () => undefined) {
  useSession.setState({
    token: 't',
    permission: { [workflowCategoryContract.permissions.view]: true },
    userInfo: { id: '7' } as never,
  })
  const api = stubFetch((url, init) => {
    const path = url.pathname.replace(/^.*?blade-/, 'blade-')
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {}
    const own = answer(path, body)
    if (own !== undefined) return own
    if (path === processListCall.path) return ok(page(PROCESSES))
    if (path.endsWith('category/tree'))
      return ok([
        { id: '7', title: '行政审批', key: '7', value: '7' },
        { id: '8', title: '设备维护', key: '8', value: '8' },
      ])
    if (path === formByProcessIdCall.path || path === formByProcessDefKeyCall.path)
      return ok({ process: LEAVE, form: LEAVE_FORM })
    // the draft list and save share a path: GET lists, POST saves
    if (path === draftSaveCall.path && init?.method === 'POST') return ok({ id: '502' })
    if (path === draftListCall.path) return ok(page([DRAFT]))
    if (path === startProcessCall.path) return ok({ processInstanceId: '900' })
    return ok(true)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(
    <>
      {ui}
      <Where />
    </>,
    path,
  )
  return api
}

const posted = (api: ReturnType<typeof stubFetch>, path: string) =>
  api.calls
    .filter((c) => c.url.pathname.endsWith(`/${path}`) && c.init?.method === 'POST')
    .map((c) =>
      c.init?.body
        ? (JSON.parse(String(c.init.body)) as Record<string, unknown>)
        : Object.fromEntries(c.url.searchParams),
    )

const where = () => screen.getByTestId('where').textContent ?? ''
const formShown = async () => {
  await screen.findByTestId('form-view', {}, { timeout: 15_000 })
  await waitFor(() => expect(screen.queryByTestId('form-view-loading')).toBeNull(), { timeout: 15_000 })
}

describe('workflow form screens', { timeout: 40_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => vi.unstubAllGlobals())

  it('新建流程: cards by category (named from the tree), a search, a card opens 发起流程', async () => {
    setup(<CreateProcess />, '/workflow/process/create')
    expect(await screen.findByText('行政审批')).toBeTruthy()
    expect(screen.getByText('设备维护')).toBeTruthy()
    expect(screen.getByTestId('process-card-trip')).toBeTruthy()
    await userEvent.type(screen.getByLabelText('搜索流程名称'), '请假')
    expect(screen.queryByTestId('process-card-trip')).toBeNull()
    expect(screen.queryByText('设备维护')).toBeNull()
    // keyboard: the card is a button
    screen.getByTestId('process-card-park_leave').focus()
    await userEvent.keyboard('{Enter}')
    expect(where()).toBe(`/workflow/process/start/park_leave%3A2%3A88?name=${encodeURIComponent('请假审批')}`)
  })

  it('新建流程: nothing to start says so', async () => {
    setup(<CreateProcess />, '/workflow/process/create', (path) =>
      path === processListCall.path ? ok(page([])) : undefined,
    )
    expect(await screen.findByText('没有可发起的流程')).toBeTruthy()
  })

  it('发起流程: 发起 checks the form, then starts the definition with the form as variables → 已发事务', async () => {
    const api = setup(<StartProcess />, '/workflow/process/start/park_leave%3A2%3A88')
    await formShown()
    await userEvent.click(screen.getByTestId('process-start-submit'))
    expect(await screen.findByText('请假天数不能为空')).toBeTruthy()
    expect(posted(api, startProcessCall.path)).toEqual([])
    await userEvent.type(screen.getByLabelText(/请假天数/), '2')
    await userEvent.type(screen.getByLabelText(/请假事由/), '回家')
    await userEvent.click(screen.getByTestId('process-start-submit'))
    await waitFor(() => expect(posted(api, startProcessCall.path)).toHaveLength(1))
    expect(posted(api, startProcessCall.path)[0]).toEqual({
      processDefId: '88',
      variables: { days: 2, reason: '回家' },
    })
    expect(api.calls.some((c) => c.url.searchParams.get('processId') === '88')).toBe(true)
    await waitFor(() => expect(where()).toBe('/workflow/process/send'))
  })

  it('发起流程: 存为草稿 saves the values unchecked, then the same draft again', async () => {
    const api = setup(<StartProcess />, '/workflow/process/start/88')
    await formShown()
    await userEvent.type(screen.getByLabelText(/请假事由/), '先存着')
    await userEvent.click(screen.getByTestId('process-start-draft'))
    await waitFor(() => expect(posted(api, draftSaveCall.path)).toHaveLength(1))
    expect(posted(api, draftSaveCall.path)[0]).toEqual({
      processDefKey: 'park_leave',
      title: '请假审批',
      variables: { days: null, reason: '先存着' },
    })
    expect(await screen.findByText('草稿已保存')).toBeTruthy()
    await userEvent.click(screen.getByTestId('process-start-draft'))
    await waitFor(() => expect(posted(api, draftSaveCall.path)).toHaveLength(2))
    expect(posted(api, draftSaveCall.path)[1]).toMatchObject({ id: '502' })
  })

  it('发起流程: a draft fills the form and goes with the start; a refusal shows, the form kept', async () => {
    let refuse = true
    const api = setup(<StartProcess />, '/workflow/process/start/park_leave%3A2%3A88?draftId=501', (path) => {
      if (path !== startProcessCall.path || !refuse) return undefined
      refuse = false
      return { code: 400, success: false, msg: '请假天数不能小于 0.5', data: null }
    })
    await formShown()
    await waitFor(() =>
      expect((screen.getByLabelText(/请假事由/) as HTMLTextAreaElement).value).toBe('家中有事'),
    )
    await userEvent.click(screen.getByTestId('process-start-submit'))
    expect((await screen.findByTestId('process-start-refused')).textContent).toContain('请假天数不能小于 0.5')
    expect((screen.getByLabelText(/请假事由/) as HTMLTextAreaElement).value).toBe('家中有事')
    expect(where()).toBe('/workflow/process/start/park_leave%3A2%3A88?draftId=501')
    await userEvent.click(screen.getByTestId('process-start-submit'))
    await waitFor(() => expect(posted(api, startProcessCall.path)).toHaveLength(2))
    expect(posted(api, startProcessCall.path)[1]).toEqual({
      processDefId: '88',
      variables: { days: 3, reason: '家中有事' },
      draftId: '501',
    })
  })

  it('发起流程: a process without a form says so and starts with no variables', async () => {
    const api = setup(<StartProcess />, '/workflow/process/start/89', (path) =>
      path === formByProcessIdCall.path ? ok({ process: PROCESSES[1], form: '' }) : undefined,
    )
    expect(await screen.findByText('此流程没有表单, 可以直接发起')).toBeTruthy()
    await userEvent.click(screen.getByTestId('process-start-submit'))
    await waitFor(() =>
      expect(posted(api, startProcessCall.path)).toEqual([{ processDefId: '89', variables: {} }]),
    )
  })

  it('草稿箱: 继续 opens the start page of the draft’s process with it; 删除 removes it after a confirm', async () => {
    const api = setup(<CrudPage resource={drafts} />, '/workflow/process/draft')
    const row = (await screen.findByText('请假审批')).closest('tr') as HTMLElement
    expect(within(row).getByText('park_leave')).toBeTruthy()
    await userEvent.click(within(row).getByTestId('draft-continue-501'))
    await waitFor(() =>
      expect(where()).toBe(
        `/workflow/process/start/park_leave%3A2%3A88?name=${encodeURIComponent('请假审批')}&draftId=501`,
      ),
    )
    await userEvent.click(within(row).getByTestId('crud-row-delete-501'))
    await userEvent.click(await screen.findByTestId('confirm-ok'))
    await waitFor(() => expect(posted(api, draftRemoveCall.path)).toEqual([{ ids: '501' }]))
  })
})

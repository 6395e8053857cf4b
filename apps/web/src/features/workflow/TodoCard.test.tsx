import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ok, renderScreen } from '@/test/render'
import TodoCard from './TodoCard'

/** 待办事务 on the home page: the caller's open tasks, counted, the newest listed; nothing → an empty card. */
describe('to-do card', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  const serve = (records: Record<string, unknown>[], total: number) =>
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost')
      if (url.pathname.endsWith('/blade-workflow/process/todoList')) {
        expect(url.searchParams.get('size')).toBe('5')
        return new Response(JSON.stringify(ok({ records, total, size: 5, current: 1, pages: 1 })), {
          status: 200,
        })
      }
      return new Response(JSON.stringify(ok(null)), { status: 200 })
    })

  it('counts the tasks and lists the newest', async () => {
    serve(
      [
        { id: '1', processDefinitionName: '请假', taskName: '部门审批', createTime: '2026-11-29 09:00:00' },
        { id: '2', processDefinitionName: '设备报修', taskName: '维修', createTime: '2026-11-29 08:00:00' },
      ],
      7,
    )
    renderScreen(<TodoCard />)
    expect(await screen.findByText('请假 · 部门审批')).toBeTruthy()
    expect(screen.getAllByTestId('home-todo-row')).toHaveLength(2)
    expect(screen.getByTestId('home-todo').textContent).toContain('7')
    expect(screen.getByText('查看全部待办').closest('a')?.getAttribute('href')).toBe('/workflow/process/todo')
  })

  it('says so when nothing waits', async () => {
    serve([], 0)
    renderScreen(<TodoCard />)
    expect(await screen.findByText('暂无待办事务')).toBeTruthy()
  })
})

import { useQuery } from '@tanstack/react-query'
import { taskListCalls } from '@xpark/contract/modules/workflow-process'
import { Empty, Spin, Statistic } from 'antd'
import { Link } from 'react-router'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { TASK_CODE } from './tasks/taskList'
import './i18n'

/** How many tasks the card lists; the rest are on 待办事务. */
const SHOWN = 5

/**
 * 待办事务 on the home page: how many tasks wait for the caller and the newest few. Cached under the
 * task lists' code, so handling a task anywhere refreshes it.
 */
export default function TodoCard() {
  const t = useTr()
  const { data, isLoading } = useQuery({
    queryKey: [TASK_CODE, 'home'],
    queryFn: () => callApi(taskListCalls.todoList, { current: 1, size: SHOWN }),
  })
  if (!isLoading && !data?.total)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workflow.noTodo')} />
  return (
    <div data-testid="home-todo">
      <Statistic title={t('workflow.todo')} value={data?.total ?? 0} />
      <Spin spinning={isLoading}>
        <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0' }}>
          {(data?.records ?? []).map((row) => (
            <li
              key={row.id}
              data-testid="home-todo-row"
              style={{ display: 'flex', justifyContent: 'space-between', gap: 8, padding: '4px 0' }}
            >
              <span>
                {row.processDefinitionName} · {row.taskName}
              </span>
              <span style={{ color: '#999' }}>{row.createTime}</span>
            </li>
          ))}
        </ul>
      </Spin>
      <Link to="/workflow/process/todo">{t('workflow.openTodo')}</Link>
    </div>
  )
}

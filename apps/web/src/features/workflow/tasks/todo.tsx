import { HandleButton } from './TaskActions'
import { taskList } from './taskList'

/** 待办事务: the caller's open tasks (and their principals' through a proxy), each with 办理. */
export default taskList('todoList', 'workflow.todo', (row, ctx) => (
  <HandleButton row={row} refresh={ctx.refresh} />
))

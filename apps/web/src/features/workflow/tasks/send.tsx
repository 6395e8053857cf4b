import { WithdrawButton } from './TaskActions'
import { taskList } from './taskList'

/** 已发事务: the processes the caller started; a running one may be withdrawn (撤回) before any approval. */
export default taskList('sendList', 'workflow.send', (row, ctx) => (
  <WithdrawButton row={row} refresh={ctx.refresh} />
))

import { taskList } from './taskList'

/** 办结事务: the caller's processes that ended. */
export default taskList('doneList', 'workflow.done')

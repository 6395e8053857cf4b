import { taskList } from './taskList'

/** 已发事务: the processes the caller started. */
export default taskList('sendList', 'workflow.send')

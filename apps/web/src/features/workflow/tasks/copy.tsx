import { taskList } from './taskList'

/** 抄送事务: the processes copied to the caller. */
export default taskList('copyList', 'workflow.copy')

import { taskList } from './taskList'

/** 我的已办: the tasks the caller completed. */
export default taskList('myDoneList', 'workflow.myDone')

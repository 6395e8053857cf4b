import { ClaimButton } from './TaskActions'
import { taskList } from './taskList'

/** 待签事务: tasks the caller is a candidate of, unclaimed, each with 签收. */
export default taskList('claimList', 'workflow.claim', (row, ctx) => (
  <ClaimButton row={row} refresh={ctx.refresh} />
))

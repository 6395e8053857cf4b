import type { DbOrTx } from '../../db/client.js'

/**
 * APPROVED-LEAVE HOOK (请假). The workflow module (issue "workflow") does not exist yet; when it does,
 * it exports from its index.ts the approved leave of people between two days, and this function
 * reads it (and the workflow's approval touches the person-days it covers: `dayResults.touch`).
 * Until then nobody is on leave, and no result is 请假.
 *
 * Answers `userId|day` for every person-day covered by approved leave.
 */
export async function approvedLeaveDays(
  _db: DbOrTx,
  _tenantId: string,
  _userIds: readonly string[],
  _fromDay: string,
  _toDay: string,
): Promise<ReadonlySet<string>> {
  return new Set()
}

import { COMMUNITY_CATEGORY } from '@xpark/contract/modules/property'
import { asc, eq } from 'drizzle-orm'
import type { AuthContext } from '../../core/auth/tokens.js'
import { badRequest } from '../../core/errors.js'
import { scoped } from '../../core/tenancy.js'
import type { DbOrTx } from '../../db/client.js'
import { dept } from '../org/index.js'

/** A community: a live department of category 社区 of the caller's tenant. */

export const NOT_A_COMMUNITY = '参数校验失败: communityId: 所选社区不存在'

export const isCommunity = eq(dept.deptCategory, COMMUNITY_CATEGORY)

/** The community must be one of the caller's tenant (400 otherwise, nothing written). */
export async function assertCommunity(tx: DbOrTx, auth: Pick<AuthContext, 'tenantId'>, id: unknown) {
  if (id === undefined || id === null || id === '') return
  const [found] = await tx
    .select({ id: dept.id })
    .from(dept)
    .where(scoped(dept, auth, eq(dept.id, String(id)), isCommunity))
  if (!found) throw badRequest(NOT_A_COMMUNITY)
}

/** The tenant's first community (an order from elsewhere that names none lands there). */
export async function firstCommunity(tx: DbOrTx, auth: Pick<AuthContext, 'tenantId'>) {
  const [found] = await tx
    .select({ id: dept.id })
    .from(dept)
    .where(scoped(dept, auth, isCommunity))
    .orderBy(asc(dept.sort), asc(dept.id))
    .limit(1)
  return found?.id
}

import { ORDER_SOURCE } from '@xpark/contract/modules/property'
import type { AuthContext } from '../../core/auth/tokens.js'
import { insertIn } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import type { Tx } from '../../db/client.js'
import { firstCommunity } from './communities.js'
import { repairs } from './resources.js'

/** A repair order another module raises (an inspection event): what it knows of the trouble. */
export interface NewRepairOrder {
  title: string
  place: string
  content?: string
  /** the community (a department of category 社区); none: the tenant's first community */
  communityId?: string
  /** comma-joined picture links (at most 9) */
  photos?: string
  typeKey?: string
  troubleKey?: string
  /** default 3 巡检 */
  source?: number
  /** the row it came from (the inspection event) */
  sourceId?: string
}

/**
 * Raise a repair order inside the caller's transaction, reported by the caller (who rates it), with
 * the resource's rules (number, community, 待受理). Answers its id.
 */
export async function createRepairOrder(tx: Tx, auth: AuthContext, order: NewRepairOrder): Promise<string> {
  const communityId = order.communityId ?? (await firstCommunity(tx, auth))
  if (!communityId) throw badRequest('请先创建社区')
  // the repair resource's references are its own checks (no data-scope lookups to resolve first)
  return insertIn(
    tx,
    repairs,
    auth,
    {
      title: order.title.slice(0, 64),
      place: order.place.slice(0, 128),
      content: (order.content ?? '').slice(0, 2000),
      communityId,
      photos: order.photos ?? '',
      typeKey: order.typeKey ?? '',
      troubleKey: order.troubleKey ?? '',
      source: order.source ?? ORDER_SOURCE.inspection,
      sourceId: order.sourceId ?? null,
    },
    { scope: undefined, references: new Map() },
  )
}

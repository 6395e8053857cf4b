import { cardExistCall } from '@xpark/contract/modules/canteen'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import { publicRateLimit } from '../../../core/http/public-limit.js'
import type { ModuleContext } from '../../../core/module.js'
import { findCardByNo } from '../../finance/index.js'

/** `cardExist`, the one business call without a token (a card reader or kiosk asks it): exists or not, nothing else. */
export function registerCardExistRoute(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  handle(
    api,
    cardExistCall,
    async (input, request) => {
      const header = request.headers['tenant-id']
      const tenantId =
        input.tenantId ?? (typeof header === 'string' && /^\d{6}$/.test(header) ? header : '000000')
      return Boolean(await findCardByNo(db, { tenantId }, input.cardNo))
    },
    { preHandler: [publicRateLimit(ctx.cache, 'card-exist', 30)] },
  )
}

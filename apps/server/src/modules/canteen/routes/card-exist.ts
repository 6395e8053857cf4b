import { CardExistForm } from '@xpark/contract/modules/canteen'
import { ok } from '../../../core/envelope.js'
import type { Api } from '../../../core/http/api.js'
import { publicRateLimit } from '../../../core/http/public-limit.js'
import type { ModuleContext } from '../../../core/module.js'
import { findCardByNo } from '../../finance/index.js'
import { anyParams, params, parse } from './input.js'

/** `cardExist`, the one business call without a token (a card reader or kiosk asks it): exists or not, nothing else. */
export function registerCardExistRoute(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  api.post(
    '/andchu/app/statis/cardExist',
    {
      schema: {
        tags: ['statis'],
        summary:
          'statis (public, rate limited): whether a card number exists (cardNo, tenantId or tenant-id header)',
        ...anyParams,
      },
      config: { public: true },
      preHandler: publicRateLimit(ctx.cache, 'card-exist', 30),
    },
    async (request) => {
      const input = parse(CardExistForm, params(request))
      const header = request.headers['tenant-id']
      const tenantId =
        input.tenantId ?? (typeof header === 'string' && /^\d{6}$/.test(header) ? header : '000000')
      return ok(Boolean(await findCardByNo(db, { tenantId }, input.cardNo)))
    },
  )
}

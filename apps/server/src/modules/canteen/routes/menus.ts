import { AutoPublishForm, publishContract } from '@xpark/contract/modules/canteen'
import { authOf } from '../../../core/auth/plugin.js'
import { ok } from '../../../core/envelope.js'
import type { Api } from '../../../core/http/api.js'
import type { ModuleContext } from '../../../core/module.js'
import { autoPublish } from '../publish.js'

/** Menus published automatically (publish.ts). */
export function registerMenuRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = [api.scopes.api.guard]
  api.post(
    '/andchu/publish/autoPublish',
    {
      schema: {
        tags: ['publish'],
        summary:
          'publish: repeat each meal’s latest menu on the dates of a range without one (days off skipped)',
        body: AutoPublishForm,
      },
      config: { permission: publishContract.permissions.add },
      preHandler: guard,
    },
    async (request) => ok(await autoPublish(db, authOf(request), request.body)),
  )
}

import { autoPublishCall } from '@xpark/contract/modules/canteen'
import { authOf } from '../../../core/auth/plugin.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { autoPublish } from '../publish.js'

/** Menus published automatically (publish.ts). */
export function registerMenuRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  handle(api, autoPublishCall, (form, request) => autoPublish(db, authOf(request), form), {
    preHandler: [api.scopes.api.guard],
  })
}

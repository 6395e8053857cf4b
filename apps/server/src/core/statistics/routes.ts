import { statisticCatalogCall, statisticRunCall } from '@xpark/contract/modules/statistics'
import { z } from 'zod'
import { can } from '../auth/guards.js'
import { authOf } from '../auth/plugin.js'
import { forbidden } from '../errors.js'
import type { Api } from '../http/api.js'
import { handle, parsed } from '../http/calls.js'
import type { ModuleContext } from '../module.js'
import { infoOf } from './index.js'

const paramsJson = z.record(z.string(), z.string())

/** The signed-in readers' calls: which statistics one may read, and one figure under one's data scope. */
export function registerStatisticReaders(api: Api, ctx: ModuleContext): void {
  handle(api, statisticCatalogCall, async (_, request) => {
    const auth = authOf(request)
    const out = []
    for (const s of ctx.statistics.all) if (await can(request.server, auth, s.permission)) out.push(infoOf(s))
    return out
  })

  handle(api, statisticRunCall, async ({ name, params }, request) => {
    const auth = authOf(request)
    const statistic = ctx.statistics.get(name)
    if (!(await can(request.server, auth, statistic.permission)))
      throw forbidden(`缺少权限: ${statistic.permission}`)
    let given: unknown = {}
    try {
      given = params ? JSON.parse(params) : {}
    } catch {
      given = null
    }
    const values = parsed(paramsJson, given)
    return ctx.statistics.run(name, values, {
      db: ctx.database.db,
      tenantId: auth.tenantId,
      auth,
      now: new Date(),
    })
  })
}

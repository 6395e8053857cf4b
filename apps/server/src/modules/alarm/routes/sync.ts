import { syncAlarmRulesCall } from '@xpark/contract/modules/alarm'
import { authOf } from '../../../core/auth/plugin.js'
import { whereOf } from '../../../core/crud/index.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import { machines, parkMachine } from '../../device/index.js'
import type { AlarmEngine } from '../engine.js'
import { watches } from '../rules.js'

/** The retained config section the machines keep their alarm rules in (`config/alarms`). */
export const ALARM_SECTION = 'alarms'

/**
 * `syncAlarmRules`: every machine the caller sees gets the enabled rules watching it as retained
 * config (`xpark/<tenant>/<code>/config/alarms`; an empty list clears what it held), so an edge device
 * may check them itself; answered per machine (`sent` false while the broker is away).
 */
export function registerSyncRoutes(api: Api, engine: AlarmEngine): void {
  const ctx = engine.context
  handle(
    api,
    syncAlarmRulesCall,
    async (_, request) => {
      const auth = authOf(request)
      await engine.changed(auth.tenantId)
      const rules = await engine.rulesOf(auth.tenantId)
      const rows = await ctx.database.db
        .select({
          id: parkMachine.id,
          code: parkMachine.code,
          name: parkMachine.name,
          type: parkMachine.type,
          roomId: parkMachine.roomId,
          warehouseId: parkMachine.warehouseId,
        })
        .from(parkMachine)
        .where(await whereOf(machines, auth))
        .orderBy(parkMachine.code)
      const out = []
      for (const m of rows) {
        const mine = rules.filter((r) => watches(r, m))
        const sent = await ctx.devices
          .configureSection(auth.tenantId, m.code, ALARM_SECTION, {
            rules: mine.map((r) => ({
              id: r.id,
              kind: r.kind,
              metric: r.metric,
              operator: r.operator,
              threshold: r.threshold,
              holdSeconds: r.holdMs / 1000,
              eventType: r.eventType,
              level: r.level,
              weekdays: [...r.weekdays],
              from: r.from,
              to: r.to,
            })),
          })
          .catch(() => false)
        out.push({ machineId: m.id, code: m.code, rules: mine.length, sent })
      }
      return { rules: rules.length, machines: out }
    },
    { preHandler: [api.scopes.api.guard] },
  )
}

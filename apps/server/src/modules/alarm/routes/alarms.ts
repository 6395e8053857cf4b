import {
  ALARM,
  ALARM_SOURCE,
  alarmIntakeCall,
  saveRuleGroupsCall,
  todayAlarmsCall,
} from '@xpark/contract/modules/alarm'
import { and, eq, gte, sql } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { assertReferences, type References, referenceScopes, whereOf } from '../../../core/crud/index.js'
import { notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import { touched } from '../../../core/tenancy.js'
import { machines, parkMachine } from '../../device/index.js'
import type { AlarmEngine } from '../engine.js'
import { raiseAlarm } from '../raise.js'
import { alarmGroups, alarmRules, alarms } from '../resources.js'
import { alarm, alarmRule } from '../schema.js'

/** `saveAlarmRuleGroupRel`, `alarmInforAdd` (other systems' alarms) and the home card's figures. */
export function registerAlarmRoutes(api: Api, engine: AlarmEngine): void {
  const db = engine.context.database.db
  const guard = { preHandler: [api.scopes.api.guard] }

  const groupRefs: References = { groupIds: { to: alarmGroups, many: true, message: '告警组不存在' } }
  handle(
    api,
    saveRuleGroupsCall,
    async ({ ruleId, groupIds }, request) => {
      const auth = authOf(request)
      const where = await whereOf(alarmRules, auth, eq(alarmRule.id, ruleId))
      const scopes = await referenceScopes(groupRefs, auth)
      await db.transaction(async (tx) => {
        const [rule] = await tx.select({ id: alarmRule.id }).from(alarmRule).where(where).for('update')
        if (!rule) throw notFound('告警规则不存在')
        await assertReferences(tx, auth, groupRefs, { groupIds }, scopes)
        const unique = [...new Set(groupIds.split(',').filter(Boolean))].join(',')
        await tx
          .update(alarmRule)
          .set(touched(alarmRule, auth, { groupIds: unique }) as never)
          .where(eq(alarmRule.id, ruleId))
      })
      await engine.changed(auth.tenantId)
      return {}
    },
    guard,
  )

  const intakeRefs: References = {
    ruleId: { to: alarmRules, message: '告警规则不存在' },
    machineId: { to: machines, message: '设备不存在' },
  }
  handle(
    api,
    alarmIntakeCall,
    async (input, request) => {
      const auth = authOf(request)
      const scopes = await referenceScopes(intakeRefs, auth)
      const at = new Date()
      const raised = await db.transaction(async (tx) => {
        await assertReferences(tx, auth, intakeRefs, input, scopes)
        const [rule] = input.ruleId
          ? await tx
              .select({ level: alarmRule.level, name: alarmRule.name })
              .from(alarmRule)
              .where(eq(alarmRule.id, input.ruleId))
          : []
        const [machine] = input.machineId
          ? await tx
              .select({ code: parkMachine.code })
              .from(parkMachine)
              .where(eq(parkMachine.id, input.machineId))
          : []
        return raiseAlarm(tx, {
          tenantId: auth.tenantId,
          ruleId: input.ruleId ?? null,
          machineId: input.machineId ?? null,
          machineCode: machine?.code ?? '',
          source: ALARM_SOURCE.system,
          alarmType: input.alarmType,
          level: input.level ?? rule?.level ?? 1,
          content: input.content || rule?.name || input.alarmType,
          value: input.value ?? null,
          at,
        })
      })
      void engine.fanOut([raised])
      return { id: raised.id, count: raised.count, opened: raised.opened }
    },
    guard,
  )

  handle(
    api,
    todayAlarmsCall,
    async (_, request) => {
      const start = new Date()
      start.setHours(0, 0, 0, 0)
      const rows = await db
        .select({
          level: alarm.level,
          count: sql<number>`count(*)::int`,
          open: sql<number>`count(*) filter (where ${alarm.status} < ${ALARM.closed})::int`,
        })
        .from(alarm)
        .where(await whereOf(alarms, authOf(request), and(gte(alarm.lastTime, start))))
        .groupBy(alarm.level)
        .orderBy(alarm.level)
      return {
        total: rows.reduce((n, r) => n + r.count, 0),
        open: rows.reduce((n, r) => n + r.open, 0),
        byLevel: rows.map((r) => ({ level: r.level, count: r.count })),
      }
    },
    guard,
  )
}

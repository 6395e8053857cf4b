import { deleteReportRelCall, queryReportRelCall, saveReportRelCall } from '@xpark/contract/modules/device'
import { and, eq, inArray } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import { whereOf } from '../../../core/crud/index.js'
import { notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import { idsIn } from '../../../core/ids.js'
import type { ModuleContext } from '../../../core/module.js'
import { touched } from '../../../core/tenancy.js'
import { configureMachines } from '../report-config.js'
import { machines, reportRules } from '../resources.js'
import { parkMachine, reportRule } from '../schema.js'

/** A rule's machines (`…ReportMachineRel`): a machine follows one rule; its config follows the change. */
export function registerReportRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guard = { preHandler: [api.scopes.api.guard] }

  const move = async (
    request: Parameters<typeof authOf>[0],
    ruleId: string,
    machineIds: string,
    join: boolean,
  ) => {
    const auth = authOf(request)
    const ids = idsIn(machineIds)
    await db.transaction(async (tx) => {
      const [rule] = await tx
        .select({ id: reportRule.id })
        .from(reportRule)
        .where(await whereOf(reportRules, auth, eq(reportRule.id, ruleId)))
      if (!rule) throw notFound('上报规则不存在')
      const condition = join
        ? inArray(parkMachine.id, ids)
        : and(inArray(parkMachine.id, ids), eq(parkMachine.reportRuleId, ruleId))
      const moved = await tx
        .update(parkMachine)
        .set(touched(parkMachine, auth, { reportRuleId: join ? ruleId : null }) as never)
        .where(await whereOf(machines, auth, condition))
        .returning({ id: parkMachine.id })
      if (moved.length !== ids.length) throw notFound(join ? '设备不存在' : '设备不在此规则下')
    })
    await configureMachines(ctx, auth.tenantId, ids)
    return {}
  }

  handle(
    api,
    saveReportRelCall,
    ({ ruleId, machineIds }, request) => move(request, ruleId, machineIds, true),
    guard,
  )
  handle(
    api,
    deleteReportRelCall,
    ({ ruleId, machineIds }, request) => move(request, ruleId, machineIds, false),
    guard,
  )
  handle(
    api,
    queryReportRelCall,
    async ({ ruleId }, request) => {
      const rows = await db
        .select({
          id: parkMachine.id,
          machineId: parkMachine.id,
          machineCode: parkMachine.code,
          machineName: parkMachine.name,
          machineType: parkMachine.type,
        })
        .from(parkMachine)
        .where(await whereOf(machines, authOf(request), eq(parkMachine.reportRuleId, ruleId)))
        .orderBy(parkMachine.code)
      return rows.map((r) => ({ ...r, ruleId }))
    },
    guard,
  )
}

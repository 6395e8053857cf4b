import { and, eq, inArray, sql } from 'drizzle-orm'
import { DEFAULT_INTERVAL_SECONDS } from '../../core/devices/presence.js'
import { devicePresence } from '../../core/devices/schema.js'
import type { ModuleContext } from '../../core/module.js'
import { parkMachine, reportRule } from './schema.js'

/**
 * Send machines their report rule as retained config (`xpark/<tenant>/<code>/config`); a machine
 * under no rule reports every 60 s. Silence is measured in the interval sent. Called after the
 * write that changed a rule or its machines has committed; answers how many were configured.
 */
export async function configureMachines(
  ctx: ModuleContext,
  tenantId: string,
  machineIds: readonly string[],
): Promise<number> {
  if (!machineIds.length) return 0
  const rows = await ctx.database.db
    .select({
      code: parkMachine.code,
      ruleId: reportRule.id,
      interval: reportRule.intervalSeconds,
      items: reportRule.items,
    })
    .from(parkMachine)
    .leftJoin(reportRule, and(eq(reportRule.id, parkMachine.reportRuleId), eq(reportRule.isDeleted, 0)))
    .where(
      and(
        eq(parkMachine.tenantId, tenantId),
        inArray(parkMachine.id, [...machineIds]),
        eq(parkMachine.isDeleted, 0),
      ),
    )
  for (const r of rows)
    await ctx.devices.configure(tenantId, r.code, {
      reportIntervalSeconds: r.interval ?? DEFAULT_INTERVAL_SECONDS,
      ruleId: r.ruleId ?? null,
      items: r.items ? r.items.split(',').filter(Boolean) : [],
    })
  return rows.length
}

/** The machines under a rule. */
export async function machinesOfRule(
  ctx: ModuleContext,
  tenantId: string,
  ruleId: string,
): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ id: parkMachine.id })
    .from(parkMachine)
    .where(
      and(
        eq(parkMachine.tenantId, tenantId),
        eq(parkMachine.reportRuleId, ruleId),
        eq(parkMachine.isDeleted, 0),
      ),
    )
  return rows.map((r) => r.id)
}

/**
 * Machines whose broker-side interval differs from their rule's (a rule edited, the broker away when
 * it changed, a new machine): configured again. The `device-config` job runs it every 30 s.
 */
export async function reconcileConfig(ctx: ModuleContext): Promise<number> {
  if (!ctx.devices.connected) return 0
  const stale = await ctx.database.db
    .select({ tenant_id: parkMachine.tenantId, id: parkMachine.id })
    .from(parkMachine)
    .leftJoin(reportRule, and(eq(reportRule.id, parkMachine.reportRuleId), eq(reportRule.isDeleted, 0)))
    .leftJoin(
      devicePresence,
      and(eq(devicePresence.tenantId, parkMachine.tenantId), eq(devicePresence.machine, parkMachine.code)),
    )
    .where(
      and(
        eq(parkMachine.isDeleted, 0),
        sql`(${devicePresence.machine} is null or ${devicePresence.intervalSeconds} <> coalesce(${reportRule.intervalSeconds}, ${DEFAULT_INTERVAL_SECONDS}))`,
      ),
    )
    .limit(500)
  const byTenant = new Map<string, string[]>()
  for (const row of stale) byTenant.set(row.tenant_id, [...(byTenant.get(row.tenant_id) ?? []), row.id])
  let n = 0
  for (const [tenantId, ids] of byTenant) n += await configureMachines(ctx, tenantId, ids)
  return n
}

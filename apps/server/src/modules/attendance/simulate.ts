import { and, desc, eq, inArray, lte } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { dayOf } from '../../core/days.js'
import type { ModuleContext } from '../../core/module.js'
import { parkMachine, simulatorOf } from '../device/index.js'
import { plannedPunches } from './plan.js'
import type { RuleSettings } from './rules.js'
import { attendanceMember, attendanceRule, attendanceRuleVersion } from './schema.js'

/**
 * The simulated attendance machines (XPARK_DEVICE_SIMULATOR=on): each minute, every rule's people
 * punch at its machines (the first one the rule counts) when their planned time of today has come
 * (plan.ts), as `punch` events over MQTT, so they go through the device layer like a real clock's.
 * A punch planned more than ten minutes ago (the server was down) is not sent.
 */
const LATE_LIMIT_MS = 10 * 60_000

export function startSimulatedClocks(ctx: ModuleContext, log: FastifyBaseLogger): () => void {
  const sent = new Set<string>()
  const tick = async () => {
    const simulator = simulatorOf(ctx.devices)
    if (!simulator) return
    const db = ctx.database.db
    const now = new Date()
    const today = dayOf(now)
    const rules = await db
      .select({
        id: attendanceRule.id,
        tenantId: attendanceRule.tenantId,
        machineIds: attendanceRule.machineIds,
      })
      .from(attendanceRule)
      .where(and(eq(attendanceRule.isDeleted, 0), eq(attendanceRule.status, 1)))
    for (const rule of rules) {
      const [version] = await db
        .select({ settings: attendanceRuleVersion.settings, fromDay: attendanceRuleVersion.fromDay })
        .from(attendanceRuleVersion)
        .where(and(eq(attendanceRuleVersion.ruleId, rule.id), lte(attendanceRuleVersion.fromDay, today)))
        .orderBy(desc(attendanceRuleVersion.fromDay))
        .limit(1)
      if (!version) continue
      const machineIds = rule.machineIds.split(',').filter(Boolean)
      const [machine] = await db
        .select({ code: parkMachine.code })
        .from(parkMachine)
        .where(
          and(
            eq(parkMachine.tenantId, rule.tenantId),
            eq(parkMachine.clockCard, 1),
            eq(parkMachine.isDeleted, 0),
            machineIds.length ? inArray(parkMachine.id, machineIds) : undefined,
          ),
        )
        .limit(1)
      if (!machine) continue
      const members = await db
        .select({ userId: attendanceMember.userId })
        .from(attendanceMember)
        .where(eq(attendanceMember.ruleId, rule.id))
      for (const { userId } of members)
        for (const p of plannedPunches(userId, today, version.settings as RuleSettings)) {
          const due = now.getTime() - p.at.getTime()
          if (due < 0 || due > LATE_LIMIT_MS || sent.has(p.id)) continue
          sent.add(p.id)
          await simulator.raise(rule.tenantId, machine.code, { type: 'punch', id: p.id, userId })
        }
    }
    if (sent.size > 100_000) sent.clear()
  }
  const timer = setInterval(
    () => void tick().catch((error) => log.warn({ err: error }, 'attendance simulator: punches not sent')),
    60_000,
  )
  timer.unref()
  return () => clearInterval(timer)
}

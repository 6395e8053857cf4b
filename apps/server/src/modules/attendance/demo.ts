import { PUNCH_SOURCE } from '@xpark/contract/modules/attendance'
import { MACHINE_TYPE } from '@xpark/contract/modules/device'
import { and, eq } from 'drizzle-orm'
import { addDays, dayOf } from '../../core/days.js'
import { nextId } from '../../core/ids.js'
import type { DemoContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import { parkMachine } from '../device/index.js'
import { setMembers } from './people.js'
import { daysBetween, plannedPunches } from './plan.js'
import { settingsOf } from './resources.js'
import { computeDays } from './results.js'
import { attendanceDay, attendancePunch, attendanceRule, attendanceRuleVersion } from './schema.js'

/**
 * The demo park's attendance: one rule (标准工时, 09:00-18:00 on weekdays, the park's holidays) for
 * the demo people at the lobby's attendance machine (CLOCK-A1, the device demo's), and four weeks of
 * their punches from it with the results computed. The simulated machine goes on punching for them
 * (simulate.ts).
 */
export async function seedAttendanceDemo({ tx, tenantId, users }: DemoContext): Promise<void> {
  const [clock] = await tx
    .select({ id: parkMachine.id })
    .from(parkMachine)
    .where(
      and(
        eq(parkMachine.tenantId, tenantId),
        eq(parkMachine.type, MACHINE_TYPE.clock),
        eq(parkMachine.isDeleted, 0),
      ),
    )
    .limit(1)
  const people = [...new Set(users.values())]
  if (!clock || !people.length) return
  const auth = { tenantId, userId: users.get('admin') ?? '0', deptIds: [] as string[] }
  const today = dayOf(new Date())
  const from = addDays(today, -28)
  const rule = stamped(attendanceRule, auth, {
    name: '标准工时',
    userIds: people.join(','),
    workdays: '1,2,3,4,5',
    shiftCount: 1,
    start1: '09:00',
    end1: '18:00',
    lateGraceMinutes: 5,
    earlyGraceMinutes: 0,
    absentMinutes: 240,
    punchBeforeMinutes: 120,
    punchAfterMinutes: 240,
    machineIds: clock.id,
    useHolidays: 1,
    effectiveDay: from,
    status: 1,
    remark: '演示: A 栋考勤机',
  }) as typeof attendanceRule.$inferInsert
  await tx.insert(attendanceRule).values(rule)
  const ruleId = String(rule.id)
  await setMembers(tx, tenantId, ruleId, people)
  const settings = settingsOf(rule as typeof attendanceRule.$inferSelect)
  await tx.insert(attendanceRuleVersion).values({ id: nextId(), tenantId, ruleId, fromDay: from, settings })
  const days = daysBetween(from, addDays(today, -1))
  const punches = people.flatMap((userId) =>
    days.flatMap((day) =>
      plannedPunches(userId, day, settings).map((p) => ({
        id: nextId(),
        tenantId,
        userId,
        punchTime: p.at,
        source: PUNCH_SOURCE.machine,
        machineId: clock.id,
        eventId: p.id,
      })),
    ),
  )
  for (let i = 0; i < punches.length; i += 500)
    await tx.insert(attendancePunch).values(punches.slice(i, i + 500))
  // a new database: nobody else computes these keys, so the rows go in without the recompute's
  // per-key locks (a seed's transaction holds many already)
  const rows = await computeDays(
    people.flatMap((userId) => days.map((day) => ({ tenantId, userId, day }))),
    tx,
  )
  for (let i = 0; i < rows.length; i += 500) await tx.insert(attendanceDay).values(rows.slice(i, i + 500))
}

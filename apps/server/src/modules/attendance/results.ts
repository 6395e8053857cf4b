import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm'
import { addDays, dayOf } from '../../core/days.js'
import { derived } from '../../core/jobs/derived.js'
import type { Db, DbOrTx } from '../../db/client.js'
import { canteenHoliday, holidayChanged } from '../canteen/index.js'
import { approvedLeaveDays, leaveResultDays } from './leave.js'
import {
  at,
  dayOutcome,
  daysHolding,
  type HolidayType,
  isWorkday,
  type RuleSettings,
  windowOf,
} from './rules.js'
import {
  attendanceDay,
  attendanceMember,
  attendancePunch,
  attendanceRule,
  attendanceRuleVersion,
} from './schema.js'

/**
 * The person-day results (docs/modules/attendance.md, "Results" and "Recompute"): kept by the kit's
 * derived job from the punches, the rule's version of the day, the holiday calendar and approved
 * leave. A day gets its result once its punch window has closed; before that it has none.
 */

export type DayKey = { tenantId: string; userId: string; day: string }

/** A rule's versions, oldest first: the one of a day is the last from on or before it. */
type Versions = Map<string, { fromDay: string; settings: RuleSettings }[]>

async function versionsOf(db: DbOrTx, ruleIds: readonly string[]): Promise<Versions> {
  const versions: Versions = new Map()
  if (!ruleIds.length) return versions
  const rows = await db
    .select({
      ruleId: attendanceRuleVersion.ruleId,
      fromDay: attendanceRuleVersion.fromDay,
      settings: attendanceRuleVersion.settings,
    })
    .from(attendanceRuleVersion)
    .where(inArray(attendanceRuleVersion.ruleId, [...ruleIds]))
    .orderBy(asc(attendanceRuleVersion.fromDay))
  for (const r of rows) {
    const list = versions.get(r.ruleId) ?? []
    list.push({ fromDay: r.fromDay, settings: r.settings as RuleSettings })
    versions.set(r.ruleId, list)
  }
  return versions
}

export function settingsOn(versions: Versions, ruleId: string, day: string): RuleSettings | undefined {
  const list = versions.get(ruleId)
  if (!list) return undefined
  let found: RuleSettings | undefined
  for (const v of list) if (v.fromDay <= day) found = v.settings
  return found
}

/** Each person's rule now (a live rule's member). */
async function rulesOf(
  db: DbOrTx,
  tenantId: string,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (!userIds.length) return new Map()
  const rows = await db
    .select({ userId: attendanceMember.userId, ruleId: attendanceMember.ruleId })
    .from(attendanceMember)
    .innerJoin(
      attendanceRule,
      and(eq(attendanceRule.id, attendanceMember.ruleId), eq(attendanceRule.isDeleted, 0)),
    )
    .where(and(eq(attendanceMember.tenantId, tenantId), inArray(attendanceMember.userId, [...userIds])))
  return new Map(rows.map((r) => [r.userId, r.ruleId]))
}

async function holidaysOf(db: DbOrTx, tenantId: string, from: string, to: string) {
  const rows = await db
    .select({ day: canteenHoliday.holidayDate, type: canteenHoliday.dayType })
    .from(canteenHoliday)
    .where(
      and(
        eq(canteenHoliday.tenantId, tenantId),
        eq(canteenHoliday.isDeleted, 0),
        gte(canteenHoliday.holidayDate, from),
        lte(canteenHoliday.holidayDate, to),
      ),
    )
  return new Map(rows.map((r) => [r.day, (r.type === 1 || r.type === 2 ? r.type : undefined) as HolidayType]))
}

const group = <T, K>(items: readonly T[], by: (t: T) => K) => {
  const map = new Map<K, T[]>()
  for (const item of items) map.set(by(item), [...(map.get(by(item)) ?? []), item])
  return map
}

/** The result rows of these person-days (none for a day whose window is still open, or without a rule). */
export async function computeDays(keys: readonly DayKey[], db: DbOrTx, now = new Date()) {
  const rows: (typeof attendanceDay.$inferInsert)[] = []
  for (const [tenantId, tenantKeys] of group(keys, (k) => k.tenantId)) {
    const userIds = [...new Set(tenantKeys.map((k) => k.userId))]
    const days = tenantKeys.map((k) => k.day).sort()
    const first = days[0]!
    const last = days.at(-1)!
    const rules = await rulesOf(db, tenantId, userIds)
    const versions = await versionsOf(db, [...new Set(rules.values())])
    const holidays = await holidaysOf(db, tenantId, first, last)
    const leave = await approvedLeaveDays(db, tenantId, userIds, first, last)
    const punches = group(
      await db
        .select({
          userId: attendancePunch.userId,
          punchTime: attendancePunch.punchTime,
          machineId: attendancePunch.machineId,
        })
        .from(attendancePunch)
        .where(
          and(
            eq(attendancePunch.tenantId, tenantId),
            eq(attendancePunch.isDeleted, 0),
            inArray(attendancePunch.userId, userIds),
            gte(attendancePunch.punchTime, at(addDays(first, -1), '00:00')),
            lte(attendancePunch.punchTime, at(addDays(last, 2), '00:00')),
          ),
        ),
      (p) => p.userId,
    )
    for (const { userId, day } of tenantKeys) {
      const ruleId = rules.get(userId)
      const settings = ruleId ? settingsOn(versions, ruleId, day) : undefined
      if (!ruleId || !settings?.enabled) continue
      if (windowOf(day, settings).to > now) continue
      const machines = new Set(settings.machineIds)
      const counted = (punches.get(userId) ?? [])
        .filter((p) => !p.machineId || !machines.size || machines.has(p.machineId))
        .map((p) => p.punchTime)
      const outcome = dayOutcome({
        day,
        settings,
        workday: isWorkday(day, settings, holidays.get(day)),
        onLeave: leave.has(`${userId}|${day}`),
        punches: counted,
      })
      rows.push({ tenantId, userId, day, ruleId, ...outcome, computedAt: now })
    }
  }
  return rows
}

/**
 * The keys that come due when `day` is over: everyone's `day` whose window closed by midnight, and
 * the day before for rules whose window ran past the midnight that began `day` (they were not done
 * when that day was queued).
 */
async function dueOn(day: string, db: DbOrTx): Promise<DayKey[]> {
  const members = await db
    .select({
      tenantId: attendanceMember.tenantId,
      userId: attendanceMember.userId,
      ruleId: attendanceMember.ruleId,
    })
    .from(attendanceMember)
    .innerJoin(
      attendanceRule,
      and(eq(attendanceRule.id, attendanceMember.ruleId), eq(attendanceRule.isDeleted, 0)),
    )
  const versions = await versionsOf(db, [...new Set(members.map((m) => m.ruleId))])
  const before = addDays(day, -1)
  const keys: DayKey[] = []
  for (const m of members) {
    const today = settingsOn(versions, m.ruleId, day)
    if (today?.enabled && windowOf(day, today).to <= at(addDays(day, 1), '00:00'))
      keys.push({ tenantId: m.tenantId, userId: m.userId, day })
    const yesterday = settingsOn(versions, m.ruleId, before)
    if (yesterday?.enabled && windowOf(before, yesterday).to > at(day, '00:00'))
      keys.push({ tenantId: m.tenantId, userId: m.userId, day: before })
  }
  return keys
}

export const dayResults = derived<DayKey>({
  name: 'attendance-day',
  everySeconds: 60,
  into: attendanceDay,
  key: ['tenantId', 'userId', 'day'],
  compute: (keys, tx) => computeDays(keys, tx),
  dueEachDay: dueOn,
})

/** The person-days whose window holds each punch (none for a person without a rule): two statements. */
export async function daysOfPunches(
  db: DbOrTx,
  tenantId: string,
  punches: readonly { userId: string; at: Date }[],
): Promise<DayKey[]> {
  const rules = await rulesOf(db, tenantId, [...new Set(punches.map((p) => p.userId))])
  const versions = await versionsOf(db, [...new Set(rules.values())])
  return punches.flatMap(({ userId, at: t }) => {
    const ruleId = rules.get(userId)
    if (!ruleId) return []
    const day = dayOf(t)
    const candidates = [addDays(day, -1), day, addDays(day, 1)].flatMap((d) => {
      const settings = settingsOn(versions, ruleId, d)
      return settings ? [{ day: d, settings }] : []
    })
    return daysHolding(t, candidates).map((d) => ({ tenantId, userId, day: d }))
  })
}

/** The person-days whose window holds a punch of this person at `t` (none without a rule). */
export const daysOfPunch = (db: DbOrTx, tenantId: string, userId: string, t: Date): Promise<DayKey[]> =>
  daysOfPunches(db, tenantId, [{ userId, at: t }])

/** Person-days of these people that have a result from `fromDay` on (a rule change recomputes them). */
export async function resultDaysFrom(
  db: DbOrTx,
  tenantId: string,
  userIds: readonly string[],
  fromDay: string,
): Promise<DayKey[]> {
  if (!userIds.length) return []
  return db
    .select({ tenantId: attendanceDay.tenantId, userId: attendanceDay.userId, day: attendanceDay.day })
    .from(attendanceDay)
    .where(
      and(
        eq(attendanceDay.tenantId, tenantId),
        inArray(attendanceDay.userId, [...userIds]),
        gte(attendanceDay.day, fromDay),
      ),
    )
}

// A holiday added, moved or removed (canteen's calendar, which knows nothing of attendance): the
// results already kept for its days are recomputed. Days not yet due have no result: they read the
// calendar when they come due.
holidayChanged.listen(async (tx, changes) => {
  const byTenant = new Map<string, Set<string>>()
  for (const c of changes) byTenant.set(c.tenantId, (byTenant.get(c.tenantId) ?? new Set()).add(c.day))
  for (const [tenantId, days] of byTenant) {
    const keys = await tx
      .select({ tenantId: attendanceDay.tenantId, userId: attendanceDay.userId, day: attendanceDay.day })
      .from(attendanceDay)
      .where(and(eq(attendanceDay.tenantId, tenantId), inArray(attendanceDay.day, [...days])))
    await dayResults.touch(tx, keys)
  }
})

/** Mark the kept results of leave whose process ended lately (the `attendance-leave` job, every minute). */
export async function markLeaveDays(db: Db, now = new Date()): Promise<void> {
  const keys = await leaveResultDays(db, now)
  if (keys.length) await db.transaction((tx) => dayResults.touch(tx, keys))
}

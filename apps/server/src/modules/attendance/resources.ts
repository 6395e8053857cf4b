import {
  ATTENDANCE_TEXTS,
  attendancePunchContract,
  attendanceRuleContract,
  PUNCH_SOURCE,
} from '@xpark/contract/modules/attendance'
import { MACHINE_TYPE } from '@xpark/contract/modules/device'
import { and, eq, getTableName, inArray, ne, or, sql } from 'drizzle-orm'
import { defineResource, lookup, lookupMany } from '../../core/crud/index.js'
import { addDays, dayOf } from '../../core/days.js'
import { AppError, badRequest } from '../../core/errors.js'
import { nextId } from '../../core/ids.js'
import { parseDateTime } from '../../core/query/index.js'
import type { Tx } from '../../db/client.js'
import { machines, parkMachine } from '../device/index.js'
import { user } from '../identity/index.js'
import { dept } from '../org/index.js'
import { membersOf, peopleOf, setMembers } from './people.js'
import { type DayKey, dayResults, daysOfPunch, daysOfPunches, resultDaysFrom } from './results.js'
import { type RuleSettings, shiftsOn, windowMinutes } from './rules.js'
import { attendanceMember, attendancePunch, attendanceRule, attendanceRuleVersion } from './schema.js'

/** Rules (punchClockSeting) and punches (punchClockRecord). See docs/modules/attendance.md. */

const T = ATTENDANCE_TEXTS
/** how far back a rule change may reach (its days are recomputed) */
export const EFFECTIVE_DAYS_BACK = 92

type RuleRow = typeof attendanceRule.$inferSelect

const idsOf = (text: string) => text.split(',').filter(Boolean)

export function settingsOf(rule: RuleRow): RuleSettings {
  return {
    enabled: rule.status === 1,
    workdays: idsOf(rule.workdays).map(Number),
    shifts: [
      { start: rule.start1, end: rule.end1 },
      ...(rule.shiftCount === 2 ? [{ start: rule.start2, end: rule.end2 }] : []),
    ],
    lateGraceMinutes: rule.lateGraceMinutes,
    earlyGraceMinutes: rule.earlyGraceMinutes,
    absentMinutes: rule.absentMinutes,
    punchBeforeMinutes: rule.punchBeforeMinutes,
    punchAfterMinutes: rule.punchAfterMinutes,
    machineIds: idsOf(rule.machineIds),
    useHolidays: rule.useHolidays === 1,
  }
}

/** The shifts, the window and the machines of a rule as it will be written. */
async function checkRule(tx: Tx, tenantId: string, rule: RuleRow): Promise<void> {
  if (!rule.deptIds && !rule.userIds) throw badRequest(T.noPeople)
  if (rule.shiftCount === 2) {
    if (!rule.start2 || !rule.end2) throw badRequest(T.secondShift)
    // the second starts after the first has ended, within a day of the first's start
    const [first, second] = shiftsOn('2024-01-10', settingsOf(rule))
    if (second!.start.getTime() - first!.start.getTime() >= 24 * 3600_000) throw badRequest(T.shiftsOverlap)
  }
  if (windowMinutes(settingsOf(rule)) > 24 * 60) throw badRequest(T.dayTooLong)
  const machineIds = idsOf(rule.machineIds)
  if (machineIds.length) {
    const [other] = await tx
      .select({ id: parkMachine.id })
      .from(parkMachine)
      .where(
        and(
          eq(parkMachine.tenantId, tenantId),
          inArray(parkMachine.id, machineIds),
          or(ne(parkMachine.type, MACHINE_TYPE.clock), ne(parkMachine.clockCard, 1)),
        ),
      )
      .limit(1)
    if (other) throw badRequest(T.notClock)
  }
}

const ruleTable = sql.identifier(getTableName(attendanceRule))
const memberTable = sql.identifier(getTableName(attendanceMember))

export const attendanceRules = defineResource({
  contract: attendanceRuleContract,
  table: attendanceRule,
  references: {
    deptIds: { to: dept, many: true, message: '部门不存在' },
    userIds: { to: user, many: true, message: '人员不存在' },
    machineIds: { to: machines, many: true, message: '设备不存在' },
  },
  expand: {
    deptNames: lookupMany(dept, 'deptName', 'deptIds'),
    userNames: lookupMany(user, 'realName', 'userIds'),
    machineNames: lookupMany(parkMachine, 'name', 'machineIds'),
    memberCount: () =>
      sql`(select count(*)::int from ${memberTable} m where m.rule_id = ${ruleTable}.id and m.tenant_id = ${ruleTable}.tenant_id)`,
  },
  beforeWrite: async ({ tx, auth, values, id }) => {
    const today = dayOf(new Date())
    const effective = values.effectiveDay || today
    if (effective < addDays(today, -EFFECTIVE_DAYS_BACK))
      throw badRequest(`参数校验失败: effectiveDay: 生效日期不能早于 ${addDays(today, -EFFECTIVE_DAYS_BACK)}`)
    values.effectiveDay = effective
    const [stored] = id ? await tx.select().from(attendanceRule).where(eq(attendanceRule.id, id)) : []
    const defaults = {
      shiftCount: 1,
      start2: '',
      end2: '',
      deptIds: '',
      userIds: '',
      machineIds: '',
      status: 1,
    }
    await checkRule(tx, auth.tenantId, { ...defaults, ...stored, ...values } as RuleRow)
  },
  // its people, its version from the effective day, and the days that change with it
  afterWrite: async ({ tx, auth, id }) => {
    const [rule] = await tx.select().from(attendanceRule).where(eq(attendanceRule.id, id))
    if (!rule) return
    const before = await membersOf(tx, auth.tenantId, id)
    const people = await peopleOf(tx, auth.tenantId, rule.deptIds, rule.userIds)
    await setMembers(tx, auth.tenantId, id, people)
    const from = rule.effectiveDay
    // this version from its day on; versions after it are replaced by it
    await tx
      .delete(attendanceRuleVersion)
      .where(and(eq(attendanceRuleVersion.ruleId, id), sql`${attendanceRuleVersion.fromDay} >= ${from}`))
    await tx.insert(attendanceRuleVersion).values({
      id: nextId(),
      tenantId: auth.tenantId,
      ruleId: id,
      fromDay: from,
      settings: settingsOf(rule),
    })
    const joined = people.filter((p) => !before.includes(p))
    const yesterday = addDays(dayOf(new Date()), -1)
    const keys: DayKey[] = await resultDaysFrom(tx, auth.tenantId, [...new Set([...before, ...people])], from)
    for (let day = from; day <= yesterday; day = addDays(day, 1))
      for (const userId of joined) keys.push({ tenantId: auth.tenantId, userId, day })
    await dayResults.touch(tx, keys)
  },
  // its people's days are wanted in seconds (the console shows them), not at the job's next minute
  afterCommit: async () => dayResults.soon(),
  // its people are free for another rule; their results so far stay
  beforeRemove: async ({ tx, auth, ids }) => {
    const people = await tx
      .select({ userId: attendanceMember.userId })
      .from(attendanceMember)
      .where(and(eq(attendanceMember.tenantId, auth.tenantId), inArray(attendanceMember.ruleId, [...ids])))
    await dayResults.touch(
      tx,
      await resultDaysFrom(
        tx,
        auth.tenantId,
        people.map((p) => p.userId),
        dayOf(new Date()),
      ),
    )
    await tx
      .delete(attendanceMember)
      .where(and(eq(attendanceMember.tenantId, auth.tenantId), inArray(attendanceMember.ruleId, [...ids])))
  },
})

// —— punches ——

/** The person-days a hand punch's update left (recomputed with the ones it lands in). */
const leftDays = new WeakMap<object, DayKey[]>()

function refuseFuture(punchTime: unknown): void {
  const at = typeof punchTime === 'string' ? parseDateTime(punchTime) : punchTime
  if (at instanceof Date && at.getTime() > Date.now()) throw badRequest(T.futurePunch)
}

const punchTable = sql.identifier(getTableName(attendancePunch))

export const attendancePunches = defineResource({
  contract: attendancePunchContract,
  table: attendancePunch,
  references: { userId: { to: user, message: '人员不存在' } },
  expand: {
    realName: lookup(user, 'realName', 'userId'),
    deptName: () =>
      sql`(select d.dept_name from blade_user u join blade_dept d on d.id = nullif(split_part(u.dept_id, ',', 1), '')::bigint where u.id = ${punchTable}.user_id)`,
    machineName: lookup(parkMachine, 'name', 'machineId'),
    createUserName: lookup(user, 'realName', 'createUser'),
  },
  beforeWrite: async ({ tx, auth, values, id }) => {
    refuseFuture(values.punchTime)
    if (!id) {
      Object.assign(values, { source: PUNCH_SOURCE.hand })
      return
    }
    const [old] = await tx.select().from(attendancePunch).where(eq(attendancePunch.id, id))
    if (!old) return
    if (old.source === PUNCH_SOURCE.machine) throw new AppError(409, T.machinePunch)
    leftDays.set(values, await daysOfPunch(tx, auth.tenantId, old.userId, old.punchTime))
  },
  // the person sees the day's result at once
  afterWrite: async ({ tx, auth, values, id }) => {
    const [punch] = await tx.select().from(attendancePunch).where(eq(attendancePunch.id, id))
    if (!punch) return
    const keys = [
      ...(leftDays.get(values) ?? []),
      ...(await daysOfPunch(tx, auth.tenantId, punch.userId, punch.punchTime)),
    ]
    await dayResults.recompute(tx, keys)
  },
  // a machine's punch is never removed: one in the batch refuses it all
  beforeRemove: async ({ tx, auth, ids }) => {
    const rows = await tx
      .select()
      .from(attendancePunch)
      .where(and(eq(attendancePunch.tenantId, auth.tenantId), inArray(attendancePunch.id, [...ids])))
    if (rows.some((r) => r.source === PUNCH_SOURCE.machine)) throw new AppError(409, T.machinePunch)
    await dayResults.touch(
      tx,
      await daysOfPunches(
        tx,
        auth.tenantId,
        rows.map((r) => ({ userId: r.userId, at: r.punchTime })),
      ),
    )
  },
})

import { ATTENDANCE_STATUS, type AttendanceStatus } from '@xpark/contract/modules/attendance'
import { addDays, isoWeekday } from '../../core/days.js'

/**
 * A person-day's result from a rule's settings and the punches (pure: no database). Times are in the
 * server's time zone, as days are (core/days.ts). See docs/modules/attendance.md, "Results".
 */

/** A rule as it counts from a day on (a version's `settings`). */
export interface RuleSettings {
  enabled: boolean
  /** ISO weekdays worked */
  workdays: number[]
  /** `HH:mm` starts and ends; an end at or before its start is on the next day */
  shifts: { start: string; end: string }[]
  lateGraceMinutes: number
  earlyGraceMinutes: number
  absentMinutes: number
  punchBeforeMinutes: number
  punchAfterMinutes: number
  /** machines whose punches count; empty: every attendance machine */
  machineIds: string[]
  useHolidays: boolean
}

/** The park's holiday calendar's word on a day: 1 休息日, 2 工作日 (a make-up day), none: the weekday decides. */
export type HolidayType = 1 | 2 | undefined

const MINUTE = 60_000

/** `HH:mm` on a day, local time. */
export const at = (day: string, hhmm: string): Date => new Date(`${day}T${hhmm}:00`)

export interface Shift {
  start: Date
  end: Date
}

/** The day's shifts as instants: each after the one before (past midnight when its clock says earlier). */
export function shiftsOn(day: string, settings: RuleSettings): Shift[] {
  const shifts: Shift[] = []
  let floor: Date | undefined
  for (const s of settings.shifts) {
    let start = at(day, s.start)
    if (floor && start < floor) start = at(addDays(day, 1), s.start)
    let end = at(dayText(start), s.end)
    if (end <= start) end = at(addDays(dayText(start), 1), s.end)
    shifts.push({ start, end })
    floor = end
  }
  return shifts
}

/** The `yyyy-MM-dd` of a local instant. */
function dayText(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`
}

/** The instants between which a day's punches count. */
export function windowOf(day: string, settings: RuleSettings): { from: Date; to: Date } {
  const shifts = shiftsOn(day, settings)
  return {
    from: new Date(shifts[0]!.start.getTime() - settings.punchBeforeMinutes * MINUTE),
    to: new Date(shifts.at(-1)!.end.getTime() + settings.punchAfterMinutes * MINUTE),
  }
}

/** Minutes a window spans (a rule's whole day must fit in 24 hours, else two days' windows meet). */
export function windowMinutes(settings: RuleSettings): number {
  const w = windowOf('2024-01-10', settings)
  return (w.to.getTime() - w.from.getTime()) / MINUTE
}

/** Whether a day is to be worked under the rule. */
export function isWorkday(day: string, settings: RuleSettings, holiday: HolidayType): boolean {
  if (settings.useHolidays && holiday === 1) return false
  if (settings.useHolidays && holiday === 2) return true
  return settings.workdays.includes(isoWeekday(at(day, '12:00')))
}

/** The days (of `candidates`) whose window holds a punch at `t`. */
export function daysHolding(
  t: Date,
  candidates: readonly { day: string; settings: RuleSettings }[],
): string[] {
  return candidates
    .filter(({ day, settings }) => {
      const w = windowOf(day, settings)
      return t >= w.from && t <= w.to
    })
    .map((c) => c.day)
}

export interface DayOutcome {
  status: AttendanceStatus
  shifts: string
  in1: Date | null
  out1: Date | null
  in2: Date | null
  out2: Date | null
  lateMinutes: number
  earlyMinutes: number
  missingCount: number
  absentHalfDays: number
  workMinutes: number
  punchCount: number
  line: { shifts: { start: string; end: string }[]; punches: string[] }
}

/**
 * The result of one person-day: the first punch of a shift's first half is its in, the last of its
 * second half its out (two shifts split the gap between them at its middle). Late: in after start +
 * grace; early: out before end − grace; a missing in or out: 缺卡; no punch at all on a workday, or
 * late or early by more than the threshold: 旷工 (a whole day, or half a day per shift so missed).
 * 请假 and 休息 come first; the punches are kept for the clock line either way.
 */
export function dayOutcome(input: {
  day: string
  settings: RuleSettings
  workday: boolean
  onLeave: boolean
  /** the person's punches that count, any order */
  punches: readonly Date[]
}): DayOutcome {
  const { day, settings } = input
  const shifts = shiftsOn(day, settings)
  const window = windowOf(day, settings)
  const punches = input.punches
    .filter((p) => p >= window.from && p <= window.to)
    .sort((a, b) => a.getTime() - b.getTime())
  const bounds: Date[] = [window.from]
  for (let i = 1; i < shifts.length; i++) bounds.push(middle(shifts[i - 1]!.end, shifts[i]!.start))
  bounds.push(new Date(window.to.getTime() + 1))
  const ins: (Date | null)[] = []
  const outs: (Date | null)[] = []
  let late = 0
  let early = 0
  let missing = 0
  let halfDays = 0
  let work = 0
  shifts.forEach((shift, i) => {
    const lo = bounds[i]!
    const hi = bounds[i + 1]!
    const mid = middle(shift.start, shift.end)
    const first = punches.find((p) => p >= lo && p < mid) ?? null
    const last = punches.filter((p) => p >= mid && p < hi).at(-1) ?? null
    ins.push(first)
    outs.push(last)
    const lateBy = first ? minutesBetween(shift.start, first) : 0
    const earlyBy = last ? minutesBetween(last, shift.end) : 0
    if (first && first.getTime() > shift.start.getTime() + settings.lateGraceMinutes * MINUTE) late += lateBy
    if (last && last.getTime() < shift.end.getTime() - settings.earlyGraceMinutes * MINUTE) early += earlyBy
    missing += (first ? 0 : 1) + (last ? 0 : 1)
    if (!first && !last && shifts.length > 1) halfDays++
    else if (lateBy > settings.absentMinutes || earlyBy > settings.absentMinutes) halfDays++
    if (first && last) {
      const from = Math.max(first.getTime(), shift.start.getTime())
      const to = Math.min(last.getTime(), shift.end.getTime())
      work += Math.max(0, Math.floor((to - from) / MINUTE))
    }
  })
  const S = ATTENDANCE_STATUS
  let status: AttendanceStatus
  if (!input.workday) status = S.rest
  else if (input.onLeave) status = S.leave
  else if (!punches.length) status = S.absent
  else if (halfDays) status = S.absent
  else if (missing) status = S.missing
  else if (late) status = S.late
  else if (early) status = S.early
  else status = S.normal
  const counted = input.workday && !input.onLeave
  return {
    status,
    shifts: settings.shifts.map((s) => `${s.start}-${s.end}`).join(','),
    in1: ins[0] ?? null,
    out1: outs[0] ?? null,
    in2: ins[1] ?? null,
    out2: outs[1] ?? null,
    lateMinutes: counted ? late : 0,
    earlyMinutes: counted ? early : 0,
    missingCount: counted && punches.length ? missing : 0,
    absentHalfDays: !counted ? 0 : punches.length ? Math.min(2, halfDays) : 2,
    workMinutes: work,
    punchCount: punches.length,
    line: {
      shifts: shifts.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() })),
      punches: punches.map((p) => p.toISOString()),
    },
  }
}

const middle = (a: Date, b: Date) => new Date(a.getTime() + Math.floor((b.getTime() - a.getTime()) / 2))
/** whole minutes from a to b, rounded up (a minute and a second late is two minutes late) */
const minutesBetween = (a: Date, b: Date) => Math.max(0, Math.ceil((b.getTime() - a.getTime()) / MINUTE))

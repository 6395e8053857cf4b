import { addDays } from '../../core/days.js'
import { at, isWorkday, type RuleSettings, shiftsOn } from './rules.js'

/**
 * When a demo person punches on a day (the demo's history and the simulated machines): a few minutes
 * before each start and after each end, now and then late or early, a day off now and then; the same
 * for a person and a day every time (a hash), so a restarted simulator sends the same event ids.
 */

function hash(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

export interface PlannedPunch {
  /** the event id the machine sends (`sim-<user>-<day>-<n>`) */
  id: string
  at: Date
}

export function plannedPunches(userId: string, day: string, settings: RuleSettings): PlannedPunch[] {
  if (!isWorkday(day, settings, undefined)) return []
  const h = hash(`${userId}/${day}`)
  if (h % 23 === 0) return [] // a day away
  const minute = 60_000
  const punches: PlannedPunch[] = []
  shiftsOn(day, settings).forEach((shift, i) => {
    const late = h % 9 === i ? ((h >>> 4) % 25) + 1 : -((h >>> 8) % 15) - 1
    const early = h % 13 === i ? ((h >>> 12) % 20) + 1 : -((h >>> 16) % 40) - 1
    punches.push({ id: `sim-${userId}-${day}-${2 * i}`, at: new Date(shift.start.getTime() + late * minute) })
    if (h % 31 !== i + 1)
      punches.push({
        id: `sim-${userId}-${day}-${2 * i + 1}`,
        at: new Date(shift.end.getTime() - early * minute),
      })
  })
  return punches
}

/** The days from `from` up to and including `to`. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = []
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d)
  return days
}

export { at }

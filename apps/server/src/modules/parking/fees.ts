/**
 * What a stay costs (docs/modules/parking.md "Fees"): free when it is no longer than the car park's
 * free minutes; otherwise every started hour from the entry costs `feePerHour`, each 24 hours at most
 * `dayCap` (0: no cap). All in cents.
 */
export interface FeeRule {
  freeMinutes: number
  feePerHour: number
  dayCap: number
}

const DAY = 1440

/** Whole minutes of a stay, a started minute counting (never negative). */
export function minutesBetween(entry: Date, exit: Date): number {
  return Math.max(0, Math.ceil((exit.getTime() - entry.getTime()) / 60_000))
}

export function feeOf(minutes: number, rule: FeeRule): number {
  if (minutes <= rule.freeMinutes) return 0
  const ofPart = (m: number) => {
    const fee = Math.ceil(m / 60) * rule.feePerHour
    return rule.dayCap > 0 ? Math.min(fee, rule.dayCap) : fee
  }
  const days = Math.floor(minutes / DAY)
  return days * ofPart(DAY) + ofPart(minutes - days * DAY)
}

import { and, eq, inArray } from 'drizzle-orm'
import { writeHook } from '../../core/write-hook.js'
import type { Tx } from '../../db/client.js'
import { canteenHoliday } from './schema.js'

/**
 * The calendar days whose holiday entry was added, changed (its old and new day) or removed, told in
 * the write's transaction to whoever reads the calendar without this module knowing them: attendance
 * recomputes the results it already has for those days.
 */
export interface HolidayChanged {
  tenantId: string
  day: string
}

export const holidayChanged = writeHook<HolidayChanged>()

/** The days of these holiday rows (read before an update or a remove, and after a write). */
export async function holidayDays(
  tx: Tx,
  tenantId: string,
  ids: readonly string[],
): Promise<HolidayChanged[]> {
  if (!ids.length) return []
  const rows = await tx
    .select({ day: canteenHoliday.holidayDate })
    .from(canteenHoliday)
    .where(and(eq(canteenHoliday.tenantId, tenantId), inArray(canteenHoliday.id, [...ids])))
  return rows.map((r) => ({ tenantId, day: String(r.day) }))
}

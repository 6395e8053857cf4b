import { nextId } from '../../core/ids.js'
import type { DemoContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import { dutyPerson } from './schema.js'

/** yyyy-MM-dd of the day `offset` days from today (UTC: the demo needs no time zone). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

/**
 * The demo park's duty roster: the two weeks around today, the park admin on day shifts and the
 * staff member on night shifts, swapped on weekends-like every third day, so the list, the filters,
 * a shift change and the export all have something to show.
 */
export async function seedDutyDemo({ tx, tenantId, users, depts }: DemoContext): Promise<void> {
  const admin = users.get('admin')
  const staff = users.get('staff')
  if (!admin || !staff) return
  const auth = { tenantId, userId: admin, deptIds: depts.slice(0, 1) }
  const rows = []
  for (let offset = -7; offset <= 7; offset++) {
    const swapped = (offset + 21) % 3 === 0
    rows.push(
      stamped(dutyPerson, auth, {
        id: nextId(),
        dutyDate: day(offset),
        shift: 1,
        userId: swapped ? staff : admin,
        remark: offset === 0 ? '今日值班' : '',
      }),
      stamped(dutyPerson, auth, {
        id: nextId(),
        dutyDate: day(offset),
        shift: 2,
        userId: swapped ? admin : staff,
        remark: '',
      }),
    )
  }
  await tx.insert(dutyPerson).values(rows as never)
}

import { ACCESS_KIND, VISIT } from '@xpark/contract/modules/visitor'
import { and, eq, inArray } from 'drizzle-orm'
import { addDays, dayOf } from '../../core/days.js'
import type { DemoContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import { grantForPeriod, parkMachine } from '../device/index.js'
import { visitDays } from './aggregates.js'
import { recordAccess } from './records.js'
import { visit } from './schema.js'

/**
 * The demo park's visitors: visits in every state around today (an approved one granted on the A 栋
 * door and face terminal), and two weeks of face and door records of the demo staff and visitors, so
 * the records, the track and the analysis show something at once.
 */

const at = (day: string, hh: number, mm = 0) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(y, m - 1, d, hh, mm)
}

export async function seedVisitorDemo({ tx, tenantId, users }: DemoContext): Promise<void> {
  const admin = users.get('admin') ?? '0'
  const staff = users.get('staff') ?? admin
  const auth = { tenantId, userId: admin, deptIds: [] as string[] }
  const doors = await tx
    .select({ id: parkMachine.id, code: parkMachine.code })
    .from(parkMachine)
    .where(and(eq(parkMachine.tenantId, tenantId), inArray(parkMachine.code, ['DOOR-A1', 'FACE-A1'])))
  const today = dayOf(new Date())
  const plan: [string, string, string, number, number, number][] = [
    // name, phone, company, day offset, status, host
    ['张伟', '13800001111', '华为技术', -6, VISIT.left, 0],
    ['李娜', '13800002222', '腾讯科技', -3, VISIT.expired, 0],
    ['王强', '13800003333', '顺丰速运', -1, VISIT.refused, 1],
    ['赵敏', '13800004444', '阿里巴巴', 0, VISIT.approved, 0],
    ['陈静', '13800005555', '京东物流', 1, VISIT.pending, 0],
    ['刘洋', '13800006666', '美团', 2, VISIT.pending, 1],
  ]
  const ids: Record<string, string> = {}
  for (const [name, phone, company, offset, status, host] of plan) {
    const day = addDays(today, offset)
    const decided = status !== VISIT.pending
    const row = stamped(visit, auth, {
      visitorName: name,
      visitorPhone: phone,
      company,
      hostId: host ? staff : admin,
      visitStart: at(day, 9),
      visitEnd: at(day, 18),
      visitDay: day,
      reason: '商务洽谈',
      status,
      machineIds: decided && status !== VISIT.refused ? doors.map((d) => d.id).join(',') : '',
      area: decided && status !== VISIT.refused ? 'A 栋一层' : '',
      approverId: decided ? admin : null,
      approveTime: decided ? at(addDays(day, -1), 16) : null,
      refuseReason: status === VISIT.refused ? '被访人当天出差' : '',
      arriveTime: status === VISIT.left ? at(day, 9, 20) : null,
      leaveTime: status === VISIT.left ? at(day, 11, 40) : null,
    })
    await tx.insert(visit).values(row as never)
    ids[name] = String(row.id)
    if (status === VISIT.approved && doors.length)
      await grantForPeriod(tx, auth, {
        machineIds: doors.map((d) => d.id),
        subjectId: String(row.id),
        name,
        faceUrl: '',
        validFrom: at(day, 9),
        validUntil: at(day, 18),
      })
    await visitDays.touch(tx, [{ tenantId, day }])
  }
  // two weeks of the staff coming in (face terminal) and through the door, a stranger now and then
  const people = [admin, staff]
  let n = 0
  for (let offset = -13; offset <= -1; offset++) {
    const day = addDays(today, offset)
    for (const [i, person] of people.entries())
      for (const [code, kind, hh] of [
        ['FACE-A1', ACCESS_KIND.face, 8],
        ['DOOR-A1', ACCESS_KIND.door, 8],
        ['DOOR-A1', ACCESS_KIND.door, 18],
      ] as const)
        await recordAccess(tx, {
          tenantId,
          machine: code,
          kind,
          eventId: `demo-${++n}`,
          userId: person,
          method: kind === ACCESS_KIND.face ? 'face' : 'card',
          passed: true,
          similarity: kind === ACCESS_KIND.face ? 92 + i : undefined,
          out: hh === 18,
          at: at(day, hh, 10 * i + (offset & 7)),
        })
    if (offset % 3 === 0)
      await recordAccess(tx, {
        tenantId,
        machine: 'FACE-A1',
        kind: ACCESS_KIND.face,
        eventId: `demo-${++n}`,
        method: 'face',
        passed: false,
        similarity: 41,
        out: false,
        at: at(day, 12, 5),
      })
  }
  const left = ids.张伟
  if (left)
    await recordAccess(tx, {
      tenantId,
      machine: 'DOOR-A1',
      kind: ACCESS_KIND.door,
      eventId: `demo-${++n}`,
      userId: left,
      method: 'qrcode',
      passed: true,
      out: false,
      at: at(addDays(today, -6), 9, 20),
    })
}

import { MEETING, SIGN_METHOD, SIGN_RESULT } from '@xpark/contract/modules/meeting'
import { nextId } from '../../core/ids.js'
import type { DemoContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import { seedSceneDemo } from './demo-scenes.js'
import { meeting, meetingPerson, meetingRoom, meetingSign, meetingTemplate, sceneLog } from './schema.js'

const MINUTE = 60_000

/**
 * The demo park's meetings: three rooms, a template, a meeting that is over (both people signed in,
 * one late), one running now, two booked for later, and a few scene runs for the scene log.
 */
export async function seedMeetingDemo({ tx, tenantId, users, depts }: DemoContext): Promise<void> {
  const admin = users.get('admin')
  if (!admin) return
  const staff = users.get('staff')
  const auth = { tenantId, userId: admin, deptIds: depts.slice(0, 1) }
  const rooms = [
    ['一号会议室', 'A座3楼301', 20, '投影、视频会议终端'],
    ['二号会议室', 'A座5楼502', 12, '白板、电视'],
    ['报告厅', 'B座1楼', 200, '舞台、音响'],
  ].map(([name, place, capacity, remark]) =>
    stamped(meetingRoom, auth, { id: nextId(), name, place, capacity, remark }),
  )
  await tx.insert(meetingRoom).values(rooms as never)
  const templateId = nextId()
  await tx.insert(meetingTemplate).values(
    stamped(meetingTemplate, auth, {
      id: templateId,
      name: '周例会',
      graceMinutes: 5,
      signAdvanceMinutes: 30,
      durationMinutes: 60,
      content: '上周工作回顾, 本周计划, 需协调事项',
    }) as never,
  )
  const now = Date.now()
  const at = (minutes: number) => new Date(now + minutes * MINUTE)
  const plan: [string, number, number, number, number][] = [
    // name, room, start (minutes from now), length, status
    ['上周例会', 0, -24 * 60, 60, MEETING.ended],
    ['项目评审会', 0, -30, 90, MEETING.running],
    ['周例会', 1, 24 * 60, 60, MEETING.pending],
    ['园区安全培训', 2, 3 * 60, 120, MEETING.pending],
  ]
  const people = [admin, ...(staff ? [staff] : [])]
  for (const [i, [name, room, start, length, status]] of plan.entries()) {
    const id = nextId()
    await tx.insert(meeting).values(
      stamped(meeting, auth, {
        id,
        name,
        roomId: rooms[room]!.id,
        templateId: i === 2 ? templateId : null,
        organiserId: admin,
        startTime: at(start),
        endTime: at(start + length),
        status,
        content: i === 2 ? '上周工作回顾, 本周计划' : '',
        actualStart: status === MEETING.pending ? null : at(start),
        actualEnd: status === MEETING.ended ? at(start + length) : null,
      }) as never,
    )
    await tx.insert(meetingPerson).values(
      people.map((userId, n) =>
        stamped(meetingPerson, auth, {
          meetingId: id,
          userId,
          groupName: n === 0 ? '主持' : '参会',
          seat: `${n + 1}号座`,
        }),
      ) as never,
    )
    if (status === MEETING.pending) continue
    const signs = status === MEETING.ended ? people : [admin]
    await tx.insert(meetingSign).values(
      signs.map((userId, n) =>
        stamped(meetingSign, auth, {
          meetingId: id,
          userId,
          signTime: at(start - 5 + n * 15),
          signMethod: n === 0 ? SIGN_METHOD.face : SIGN_METHOD.card,
          result: n === 0 ? SIGN_RESULT.onTime : SIGN_RESULT.late,
        }),
      ) as never,
    )
  }
  const runs: [string, number, string][] = [
    ['会议开始', 1, '灯光开启, 投影开启, 空调 26℃'],
    ['会议结束', 1, '灯光关闭, 投影关闭'],
    ['会议开始', 0, '投影未响应'],
  ]
  await tx
    .insert(sceneLog)
    .values(
      runs.map(([sceneName, result, content]) =>
        stamped(sceneLog, auth, { sceneName, result, content }),
      ) as never,
    )
  await seedSceneDemo(tx, auth, rooms[0]!.id)
}

import { MEETING, MEETING_TEXTS, SIGN_RESULT } from '@xpark/contract/modules/meeting'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatDateTime } from '../../core/envelope.js'
import { nextId } from '../../core/ids.js'
import { apiClient } from '../../test/client.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { role } from '../authority/index.js'
import { user } from '../identity/index.js'
import { menu, roleMenu } from '../menu/index.js'
import { advanceMeetings } from './index.js'
import { meeting, meetingPerson, meetingSign } from './schema.js'

const PARK = '100001'
const MINUTE = 60_000
const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * MINUTE))

describe('meetings (park-meeting/meeting and meeting-new)', () => {
  let t: TestContext
  let admin: Headers
  let staff: Headers
  let other: Headers
  let adminId: string
  let staffId: string
  let seq = 0
  const api = apiClient(
    () => t,
    () => admin,
  )
  const ok = <T>(r: { status: number; body: { msg: string; data: T } }) => {
    expect(r.status, r.body.msg).toBe(200)
    return r.body.data
  }
  const room = async () =>
    ok(
      await api.post<{ id: string }>('park-meeting/room/submit', {
        name: `测试会议室 ${++seq}`,
        capacity: 10,
      }),
    ).id
  const book = (body: Record<string, unknown>, headers = admin) =>
    api.post<{ id: string }>(
      'park-meeting/meeting/saveMeeting',
      { name: `会议 ${++seq}`, people: [], ...body },
      undefined,
      headers,
    )
  const detail = async (id: string) =>
    ok(await api.get<Record<string, unknown>>('park-meeting/meeting/queryMeetingDetails', { id }))
  const rowsOf = (roomId: string) =>
    t.database.db
      .select()
      .from(meeting)
      .where(and(eq(meeting.roomId, roomId), eq(meeting.isDeleted, 0)))

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: PARK }))
    staff = bearer(await signIn(t.app, { tenantId: PARK, account: 'staff' }))
    other = bearer(await signIn(t.app))
    const people = await t.database.db
      .select({ id: user.id, account: user.account })
      .from(user)
      .where(and(eq(user.tenantId, PARK), inArray(user.account, ['admin', 'staff'])))
    adminId = people.find((p) => p.account === 'admin')!.id
    staffId = people.find((p) => p.account === 'staff')!.id
  })
  afterAll(() => t.close())

  it('books a meeting with its people on both paths; meeting and meeting-new answer the same rows', async () => {
    const roomId = await room()
    const id = ok(
      await book({
        roomId,
        startTime: at(60),
        endTime: at(120),
        people: [
          { userId: adminId, groupName: '主持', seat: 'A1' },
          { userId: staffId, groupName: '参会' },
        ],
      }),
    ).id
    const row = await detail(id)
    expect(row).toMatchObject({
      status: MEETING.pending,
      organiserId: adminId,
      peopleCount: 2,
      graceMinutes: 5,
    })
    expect((row.people as { userId: string }[]).map((p) => p.userId)).toEqual([adminId, staffId])
    const page = (path: string) =>
      api.get<{ records: { id: string }[] }>(`park-meeting/${path}/queryMeeting`, { roomId })
    expect(ok(await page('meeting-new')).records).toEqual(ok(await page('meeting')).records)
    const fromNew = ok(await api.get<{ id: string }>('park-meeting/meeting-new/queryMeetingDetails', { id }))
    expect(fromNew.id).toBe(id)
    ok(await api.post('park-meeting/meeting-new/updateMeeting', { id, content: '议程' }))
    expect((await detail(id)).content).toBe('议程')
    // another tenant sees none of it
    expect((await api.get('park-meeting/meeting/queryMeetingDetails', { id }, other)).status).toBe(404)
  })

  it('refuses an overlapping booking of a room (会议室该时段已被占用) and writes nothing; back to back is fine', async () => {
    const roomId = await room()
    ok(await book({ roomId, startTime: at(60), endTime: at(120) }))
    const clash = await book({ roomId, startTime: at(90), endTime: at(150), people: [{ userId: adminId }] })
    expect(clash.status).toBe(409)
    expect(clash.body.msg).toBe(MEETING_TEXTS.roomTaken)
    expect(await rowsOf(roomId)).toHaveLength(1)
    ok(await book({ roomId, startTime: at(120), endTime: at(180) }))
    const bad = await book({ roomId, startTime: at(300), endTime: at(300) })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toBe(MEETING_TEXTS.endBeforeStart)
    // moving a booking onto another one is refused the same way
    const laterAt = at(400)
    const later = ok(await book({ roomId, startTime: laterAt, endTime: at(460) })).id
    const moved = await api.post('park-meeting/meeting/updateMeeting', { id: later, startTime: at(100) })
    expect(moved.status).toBe(409)
    expect(moved.body.msg).toBe(MEETING_TEXTS.roomTaken)
    expect(formatDateTime((await rowsOf(roomId)).find((m) => m.id === later)!.startTime)).toBe(laterAt)
  })

  it('of ten bookings racing for one slot of one room, one wins (the room is locked)', async () => {
    const roomId = await room()
    const results = await Promise.all(
      Array.from({ length: 10 }, () => book({ roomId, startTime: at(60), endTime: at(120) })),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409)
      expect(r.body.msg).toBe(MEETING_TEXTS.roomTaken)
    }
    expect(await rowsOf(roomId)).toHaveLength(1)
  })

  it('moves 未开始 → 进行中 → 已结束 by the clock and by endMeeting; only 未开始 changes or is deleted (409)', async () => {
    const roomId = await room()
    const id = ok(await book({ roomId, startTime: at(-10), endTime: at(30) })).id
    const pending = ok(await book({ roomId, startTime: at(40), endTime: at(50) })).id
    await advanceMeetings(t.database.db)
    expect((await detail(id)).status).toBe(MEETING.running)
    expect((await detail(pending)).status).toBe(MEETING.pending)
    const change = await api.post('park-meeting/meeting/updateMeeting', { id, name: '改名' })
    expect(change.status).toBe(409)
    expect(change.body.msg).toBe(MEETING_TEXTS.onlyPending)
    const remove = await api.get('park-meeting/meeting/deleteMeeting', { ids: id })
    expect(remove.status).toBe(409)
    // endMeeting only from 进行中
    expect((await api.post('park-meeting/meeting/endMeeting', undefined, { id: pending })).status).toBe(409)
    ok(await api.post('park-meeting/meeting/endMeeting', undefined, { id }))
    const ended = await detail(id)
    expect(ended.status).toBe(MEETING.ended)
    expect(ended.actualEnd).toBeTruthy()
    // the clock ends what ran past its end time
    const [past] = await t.database.db
      .update(meeting)
      .set({ endTime: new Date(Date.now() - MINUTE), startTime: new Date(Date.now() - 2 * MINUTE) })
      .where(eq(meeting.id, pending))
      .returning({ id: meeting.id })
    expect(past).toBeTruthy()
    await advanceMeetings(t.database.db)
    expect((await detail(pending)).status).toBe(MEETING.ended)
    // a 未开始 meeting is deleted, its people with it; the slot is free again
    const gone = ok(
      await book({ roomId, startTime: at(200), endTime: at(260), people: [{ userId: adminId }] }),
    ).id
    ok(await api.get('park-meeting/meeting-new/deleteMeeting', { ids: gone }))
    const lines = await t.database.db
      .select()
      .from(meetingPerson)
      .where(and(eq(meetingPerson.meetingId, gone), eq(meetingPerson.isDeleted, 0)))
    expect(lines).toHaveLength(0)
    ok(await book({ roomId, startTime: at(200), endTime: at(260) }))
  })

  describe('the organiser or meeting_edit', () => {
    let grants: string[] = []
    beforeAll(async () => {
      // park staff get the booking and sign-in buttons, not meeting_edit
      const db = t.database.db
      const [staffRole] = await db
        .select()
        .from(role)
        .where(and(eq(role.tenantId, PARK), eq(role.roleAlias, 'staff')))
      const buttons = await db
        .select()
        .from(menu)
        .where(inArray(menu.code, ['meeting_add', 'meeting_sign']))
      grants = buttons.map(() => nextId())
      await db
        .insert(roleMenu)
        .values(buttons.map((b, i) => ({ id: grants[i]!, roleId: staffRole!.id, menuId: b.id })))
      await t.cache.clearPrefix('sys:')
    })
    afterAll(async () => {
      await t.database.db.delete(roleMenu).where(inArray(roleMenu.id, grants))
      await t.cache.clearPrefix('sys:')
    })

    it("lets an organiser change and cancel their own meeting, not another's; meeting_edit changes anyone's", async () => {
      const roomId = await room()
      const own = ok(await book({ roomId, startTime: at(60), endTime: at(90) }, staff)).id
      expect((await detail(own)).organiserId).toBe(staffId)
      const theirs = ok(await book({ roomId, startTime: at(100), endTime: at(130) })).id
      ok(await api.post('park-meeting/meeting/updateMeeting', { id: own, name: '我的会' }, undefined, staff))
      const refused = await api.post(
        'park-meeting/meeting/updateMeeting',
        { id: theirs, name: '改别人的' },
        undefined,
        staff,
      )
      expect(refused.status).toBe(403)
      expect(refused.body.msg).toBe(MEETING_TEXTS.notOrganiser)
      expect((await detail(theirs)).name).not.toBe('改别人的')
      const removal = await api.get('park-meeting/meeting/deleteMeeting', { ids: `${own},${theirs}` }, staff)
      expect(removal.status).toBe(403)
      expect(await rowsOf(roomId)).toHaveLength(2)
      const added = await api.post(
        'park-meeting/meeting/addPeople',
        { meetingId: theirs, userIds: staffId },
        undefined,
        staff,
      )
      expect(added.status).toBe(403)
      // the holder of meeting_edit changes the staff's meeting
      ok(await api.post('park-meeting/meeting/updateMeeting', { id: own, name: '管理员改的' }))
      ok(await api.get('park-meeting/meeting/deleteMeeting', { ids: own }, staff))
      expect(await rowsOf(roomId)).toHaveLength(1)
    })
  })

  it('addPeople invites once; groups and table cards list the people', async () => {
    const roomId = await room()
    const id = ok(
      await book({
        roomId,
        startTime: at(60),
        endTime: at(90),
        people: [{ userId: adminId, groupName: '主持' }],
      }),
    ).id
    const added = ok(
      await api.post<{ added: number }>('park-meeting/meeting/addPeople', {
        meetingId: id,
        userIds: `${adminId},${staffId}`,
        groupName: '参会',
      }),
    )
    expect(added.added).toBe(1)
    const unknown = await api.post('park-meeting/meeting/addPeople', { meetingId: id, userIds: '123456789' })
    expect(unknown.status).toBe(400)
    const groups = ok(
      await api.get<{ groupName: string; people: { userId: string }[] }[]>('park-meeting/meeting/groups', {
        meetingId: id,
      }),
    )
    expect(groups.map((g) => [g.groupName, g.people.map((p) => p.userId)])).toEqual([
      ['主持', [adminId]],
      ['参会', [staffId]],
    ])
    const cards = ok(
      await api.get<{ userId: string; userName: string }[]>('park-meeting/meeting/tableCardInfo', { id }),
    )
    expect(cards).toHaveLength(2)
    expect(cards[0]!.userName).toBeTruthy()
    expect(ok(await api.get<{ name: string }>('park-meeting/meeting/roomName', { roomId })).name).toMatch(
      /^测试会议室/,
    )
  })

  it('sign-in: only the invited (非参会人员), inside the window, the first stands, 准时 or 迟到 by grace minutes', async () => {
    const roomId = await room()
    // started 10 minutes ago with 5 grace minutes: a sign-in now is 迟到
    const late = ok(
      await book({
        roomId,
        startTime: at(-10),
        endTime: at(30),
        graceMinutes: 5,
        people: [{ userId: adminId }],
      }),
    ).id
    const stranger = await api.post('park-meeting/meeting/signMethod', {
      meetingId: late,
      userId: staffId,
      method: 1,
    })
    expect(stranger.status).toBe(400)
    expect(stranger.body.msg).toBe(MEETING_TEXTS.notInvited)
    const first = ok(
      await api.post<{ result: number; signMethod: number; signTime: string }>(
        'park-meeting/meeting/signMethod',
        { meetingId: late, method: 1 },
      ),
    )
    expect(first).toMatchObject({ result: SIGN_RESULT.late, signMethod: 1 })
    const again = await api.post<{ signMethod: number; signTime: string }>(
      'park-meeting/meeting/signMethod',
      { meetingId: late, userId: adminId, method: 2 },
    )
    expect(again.status).toBe(200)
    expect(again.body.msg).toBe(MEETING_TEXTS.alreadySigned)
    expect(again.body.data).toMatchObject({ signMethod: 1, signTime: first.signTime })
    const signs = await t.database.db.select().from(meetingSign).where(eq(meetingSign.meetingId, late))
    expect(signs).toHaveLength(1)
    // a longer grace makes it 准时 once calculated again
    await t.database.db.update(meeting).set({ graceMinutes: 30 }).where(eq(meeting.id, late))
    const summary = ok(await api.post('park-meeting/meeting/calculateMethod', { meetingId: late }))
    expect(summary).toEqual({ invited: 1, signed: 1, onTime: 1, late: 0, absent: 0 })
    // the window: opens signAdvanceMinutes before the start
    const early = ok(
      await book({
        roomId,
        startTime: at(60),
        endTime: at(90),
        signAdvanceMinutes: 30,
        people: [{ userId: adminId }, { userId: staffId }],
      }),
    ).id
    const closed = await api.post('park-meeting/meeting/signMethod', { meetingId: early, method: 4 })
    expect(closed.status).toBe(409)
    expect(closed.body.msg).toBe(MEETING_TEXTS.outsideWindow)
    const soon = ok(
      await book({
        roomId,
        startTime: at(32),
        endTime: at(55),
        signAdvanceMinutes: 40,
        people: [{ userId: adminId }, { userId: staffId }],
      }),
    ).id
    expect(
      ok(
        await api.post<{ result: number }>('park-meeting/meeting/signMethod', {
          meetingId: soon,
          userId: staffId,
          method: 3,
        }),
      ).result,
    ).toBe(SIGN_RESULT.onTime)
    const list = ok(
      await api.post<{ userId: string; result: number | null; signMethod: number | null }[]>(
        'park-meeting/meeting/signList',
        { meetingId: soon },
      ),
    )
    expect(list.map((s) => [s.userId, s.result, s.signMethod])).toEqual([
      [adminId, null, null],
      [staffId, SIGN_RESULT.onTime, 3],
    ])
    // an ended meeting takes no sign-in
    await t.database.db.update(meeting).set({ status: MEETING.ended }).where(eq(meeting.id, soon))
    expect((await api.post('park-meeting/meeting/signMethod', { meetingId: soon, method: 4 })).status).toBe(
      409,
    )
  })

  it("switchMeeting ends the room's running meeting and starts the chosen one; a refusal changes neither", async () => {
    const roomId = await room()
    const running = ok(await book({ roomId, startTime: at(-10), endTime: at(20) })).id
    const next = ok(
      await book({
        roomId,
        startTime: at(30),
        endTime: at(60),
        pictures: '/xparkApi/a.png,https://example.com/b.jpg',
      }),
    ).id
    const done = ok(await book({ roomId, startTime: at(-60), endTime: at(-30) })).id
    await advanceMeetings(t.database.db)
    expect((await detail(done)).status).toBe(MEETING.ended)
    const refused = await api.post('park-meeting/meeting/switchMeeting', { id: done })
    expect(refused.status).toBe(409)
    expect(refused.body.msg).toBe(MEETING_TEXTS.notPendingSwitch)
    expect((await detail(running)).status).toBe(MEETING.running)
    const before = ok(await api.get<{ meetingId: string }>('park-meeting/meeting/slideshow', { roomId }))
    expect(before.meetingId).toBe(running)
    ok(await api.post('park-meeting/meeting/switchMeeting', { id: next }))
    expect((await detail(running)).status).toBe(MEETING.ended)
    expect((await detail(next)).status).toBe(MEETING.running)
    const shown = ok(
      await api.get<{ meetingId: string; pictures: string[] }>('park-meeting/meeting/slideshow', { roomId }),
    )
    expect(shown).toEqual({
      meetingId: next,
      meetingName: expect.any(String),
      pictures: ['/xparkApi/a.png', 'https://example.com/b.jpg'],
    })
    expect(ok(await api.get('park-meeting/meeting/pictures', { id: next }))).toEqual([
      '/xparkApi/a.png',
      'https://example.com/b.jpg',
    ])
    // staff only look
    expect(
      (await api.post('park-meeting/meeting/switchMeeting', { id: next }, undefined, staff)).status,
    ).toBe(403)
  })

  it('a room with a meeting not over is not removed; pictures must be links', async () => {
    const roomId = await room()
    ok(await book({ roomId, startTime: at(60), endTime: at(90) }))
    const removal = await api.post('park-meeting/room/remove', undefined, { ids: roomId })
    expect(removal.status).toBe(409)
    const bad = await book({ roomId, startTime: at(100), endTime: at(110), pictures: 'javascript:alert(1)' })
    expect(bad.status).toBe(400)
  })

  it('the door screen: its token shows the room, regenerated or revoked it stops at once', async () => {
    const roomId = await room()
    const id = ok(
      await book({ roomId, startTime: at(-5), endTime: at(30), people: [{ userId: adminId, seat: 'A1' }] }),
    ).id
    await advanceMeetings(t.database.db)
    expect(
      ok(await api.get<{ token: string | null }>('park-meeting/room/displayToken', { id: roomId })).token,
    ).toBeNull()
    const { token } = ok(
      await api.post<{ token: string }>('park-meeting/room/regenerateDisplayToken', { id: roomId }),
    )
    const board = (tk: string) =>
      api.get<Record<string, unknown>>('park-meeting/display/board', { roomId, token: tk }, {})
    const shown = ok(await board(token))
    expect(shown).toMatchObject({ current: { id, status: MEETING.running }, signCode: `xpark-meeting:${id}` })
    expect((shown.tableCards as { seat: string }[])[0]!.seat).toBe('A1')
    const { token: fresh } = ok(
      await api.post<{ token: string }>('park-meeting/room/regenerateDisplayToken', { id: roomId }),
    )
    expect((await board(token)).status).toBe(403)
    ok(await board(fresh))
    ok(await api.post('park-meeting/room/revokeDisplayToken', { id: roomId }))
    expect((await board(fresh)).status).toBe(403)
    // the row never carries the token; staff cannot read it
    const row = ok(await api.get<Record<string, unknown>>('park-meeting/room/detail', { id: roomId }))
    expect(row).not.toHaveProperty('displayToken')
    expect((await api.get('park-meeting/room/displayToken', { id: roomId }, staff)).status).toBe(403)
  })

  it('templates: list, detail, remove, submit; a meeting from a template takes its sign-in rules', async () => {
    const templateId = ok(
      await api.post<{ id: string }>('park-meeting/template/submit', {
        name: '评审会',
        graceMinutes: 15,
        signAdvanceMinutes: 60,
      }),
    ).id
    const list = ok(
      await api.get<{ records: { id: string }[] }>('park-meeting/template/list', { name: '评审' }),
    )
    expect(list.records.map((r) => r.id)).toContain(templateId)
    expect(
      ok(await api.get<{ graceMinutes: number }>('park-meeting/template/detail', { id: templateId }))
        .graceMinutes,
    ).toBe(15)
    const roomId = await room()
    const id = ok(await book({ roomId, templateId, startTime: at(60), endTime: at(90) })).id
    expect(await detail(id)).toMatchObject({ graceMinutes: 15, signAdvanceMinutes: 60, templateId })
    ok(await api.post('park-meeting/template/remove', undefined, { ids: templateId }))
  })
})

import { MESSAGE_PATHS } from '@xpark/contract/modules/message'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { readEvents } from '../../test/sse.js'
import { user } from '../identity/index.js'
import { NO_RECIPIENTS } from './routes.js'
import { message } from './schema.js'
import { sendMessage } from './send.js'

const PARK = '100001'
const API = '/xparkApi'
type Row = { id: string; title: string; isRead: number; senderName: string; link: string; module: string }

describe('message centre (park-manage/center-web-message)', () => {
  let t: TestContext
  let admin: Record<string, string>
  let staff: Record<string, string>
  let platform: Record<string, string>
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: PARK }))
    staff = bearer(await signIn(t.app, { tenantId: PARK, account: 'staff' }))
    platform = bearer(await signIn(t.app))
    for (const account of ['admin', 'staff']) {
      const [row] = await t.database.db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.tenantId, PARK), eq(user.account, account)))
      ids[account] = row!.id
    }
  })
  afterAll(() => t.close())

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    headers: Record<string, string>,
    query = {},
    body?: object,
  ) => t.app.inject({ method, url: `${API}/${path}`, headers, query, ...(body ? { payload: body } : {}) })
  const push = (headers: Record<string, string>, body: object) =>
    call('POST', MESSAGE_PATHS.autoPush, headers, {}, body)
  const unread = async (headers: Record<string, string>) =>
    (await call('GET', MESSAGE_PATHS.unreadCount, headers)).json().data as number
  const listOf = async (headers: Record<string, string>, query: Record<string, string> = {}) =>
    (await call('GET', MESSAGE_PATHS.list, headers, query)).json().data as { records: Row[]; total: number }

  it('autoPush sends to people of the tenant; each sees it in list, the popover list and the unread count', async () => {
    const before = await unread(staff)
    const res = await push(admin, {
      userIds: [ids.staff, ids.admin],
      title: '设备巡检提醒',
      content: '今天 15:00 巡检一号楼',
      module: 'duty',
      link: '/duty/person',
    })
    expect(res.json()).toMatchObject({ success: true, data: { count: 2 } })
    expect(await unread(staff)).toBe(before + 1)
    const page = await listOf(staff, { current: '1', size: '5' })
    expect(page.records[0]).toMatchObject({
      title: '设备巡检提醒',
      isRead: 0,
      module: 'duty',
      link: '/duty/person',
      senderName: expect.any(String),
    })
    expect(page.records[0]!.senderName.length).toBeGreaterThan(0)
    const latest = (await call('GET', MESSAGE_PATHS.centerList, staff, { size: '3' })).json().data as Row[]
    expect(latest[0]!.title).toBe('设备巡检提醒')
    expect(latest.length).toBeLessThanOrEqual(3)
  })

  it('list pages and filters by title and module; the popover list by read state', async () => {
    for (const title of ['库存预警 A', '库存预警 B', '库存预警 C'])
      await push(admin, { userIds: [ids.staff], title, module: 'storage' })
    const firstPage = await listOf(staff, { title: '库存预警', size: '2', current: '1' })
    expect([firstPage.records.length, firstPage.total]).toEqual([2, 3])
    // newest first
    expect(firstPage.records.map((r) => r.title)).toEqual(['库存预警 C', '库存预警 B'])
    const past = await listOf(staff, { title: '库存预警', size: '2', current: '9' })
    expect([past.records.length, past.total]).toEqual([0, 3])
    expect((await listOf(staff, { module: 'storage' })).total).toBe(3)
    expect((await listOf(staff, { module: 'duty', title: '库存' })).total).toBe(0)
    const read = (await call('GET', MESSAGE_PATHS.centerList, staff, { isRead: '1' })).json().data as Row[]
    expect(read.every((r) => r.isRead === 1)).toBe(true)
    expect((await call('GET', MESSAGE_PATHS.list, staff, { isRead: '2' })).statusCode).toBe(400)
  })

  it('autoPush: staff without the button is refused; bad input is a 400 and writes nothing', async () => {
    const refused = await push(staff, { userIds: [ids.admin], title: 'x' })
    expect(refused.statusCode).toBe(403)
    const before = await t.database.db.$count(message)
    const noTitle = await push(admin, { userIds: [ids.staff] })
    expect(noTitle.statusCode).toBe(400)
    const noPeople = await push(admin, { userIds: [], title: '空' })
    expect(noPeople.statusCode).toBe(400)
    const badLink = await push(admin, { userIds: ids.staff, title: '链接', link: 'javascript:alert(1)' })
    expect(badLink.statusCode).toBe(400)
    expect(await t.database.db.$count(message)).toBe(before)
  })

  it('tenant isolation: another tenant cannot send to a park user, nor see or change the park’s messages', async () => {
    const before = await t.database.db.$count(message)
    const res = await push(platform, { userIds: [ids.staff], title: '越权' })
    expect([res.statusCode, res.json().msg]).toEqual([400, NO_RECIPIENTS])
    // one known and one foreign recipient: nothing is sent to anyone
    const mixed = await push(admin, { userIds: `${ids.staff},1`, title: '部分' })
    expect(mixed.json().msg).toBe(NO_RECIPIENTS)
    expect(await t.database.db.$count(message)).toBe(before)
    const theirs = await listOf(platform)
    expect(theirs.records.some((r) => r.title === '设备巡检提醒')).toBe(false)
    const staffMessage = (await listOf(staff)).records[0]!
    await call('POST', MESSAGE_PATHS.setRead, platform, { id: staffMessage.id })
    await call('DELETE', MESSAGE_PATHS.delete, platform, { ids: staffMessage.id })
    const [row] = await t.database.db.select().from(message).where(eq(message.id, staffMessage.id))
    expect([row!.isRead, row!.isDeleted]).toEqual([0, 0])
  })

  it('setMessagerRead marks only the caller’s own message read; the read-state filter follows', async () => {
    const mine = (await listOf(staff, { isRead: '0', title: '设备巡检提醒' })).records[0]!
    const adminsCopy = (await listOf(admin, { isRead: '0' })).records.find((r) => r.title === mine.title)!
    const before = await unread(staff)
    // the admin tries the staff's message: nothing changes
    await call('POST', MESSAGE_PATHS.setRead, admin, { id: mine.id })
    expect(await unread(staff)).toBe(before)
    const res = await call('POST', MESSAGE_PATHS.setRead, staff, {}, { id: mine.id })
    expect(res.json().success).toBe(true)
    expect(await unread(staff)).toBe(before - 1)
    const read = await listOf(staff, { isRead: '1' })
    expect(read.records.map((r) => r.id)).toContain(mine.id)
    expect((await listOf(staff, { isRead: '0' })).records.map((r) => r.id)).not.toContain(mine.id)
    const [row] = await t.database.db.select().from(message).where(eq(message.id, mine.id))
    expect(row!.readTime).toBeInstanceOf(Date)
    // the admin's own copy of the same message is still unread
    const [copy] = await t.database.db.select().from(message).where(eq(message.id, adminsCopy.id))
    expect(copy!.isRead).toBe(0)
    const bad = await call('POST', MESSAGE_PATHS.setRead, staff, { id: 'abc' })
    expect(bad.statusCode).toBe(400)
  })

  it('DELETE delete removes only the caller’s own messages', async () => {
    const mine = (await listOf(staff)).records[0]!
    const adminOwn = (await listOf(admin)).records[0]!
    const res = await call('DELETE', MESSAGE_PATHS.delete, staff, { ids: `${mine.id},${adminOwn.id}` })
    expect(res.json()).toMatchObject({ success: true, msg: '删除成功' })
    expect((await listOf(staff)).records.map((r) => r.id)).not.toContain(mine.id)
    expect((await listOf(admin)).records.map((r) => r.id)).toContain(adminOwn.id)
  })

  it('sendMessage writes in the caller’s transaction: a rollback sends nothing; a commit delivers live', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const port = (t.app.server.address() as { port: number }).port
    const stream = await readEvents(`http://127.0.0.1:${port}${API}/${MESSAGE_PATHS.stream}`, staff, 1, 8000)
    await new Promise((r) => setTimeout(r, 100))
    const before = await unread(staff)
    await expect(
      t.database.db.transaction(async (tx) => {
        await sendMessage(liveContext(t), tx, { tenantId: PARK, userIds: [ids.staff!], title: '回滚的消息' })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await unread(staff)).toBe(before)
    await t.database.db.transaction(async (tx) => {
      await sendMessage(liveContext(t), tx, {
        tenantId: PARK,
        userIds: [ids.staff!],
        title: '入库单待审核',
        module: 'storage',
        link: '/storage/bill',
      })
    })
    await stream.finished
    expect(stream.events).toHaveLength(1)
    expect(stream.events[0]).toMatchObject({ event: 'message', data: { title: '入库单待审核', isRead: 0 } })
    expect(await unread(staff)).toBe(before + 1)
  })
})

/** The context sendMessage needs, from the running app (its database and its realtime bus). */
function liveContext(t: TestContext) {
  return { database: t.database, realtime: t.app.realtime }
}

import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../../test/client.js'
import { bearer, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { firstSheet, rowValues, workbookOf } from '../../test/workbook.js'
import { user } from '../identity/index.js'
import { DUTY_PERSON_MISSING, DUTY_PERSON_TAKEN, SAME_DUTY } from './index.js'
import { dutyPerson } from './schema.js'

const PARK = '100001'
const BASE = '/xparkApi/blade-dutyPerson/dutyPerson'
type Row = {
  id: string
  dutyDate: string
  shift: number
  userId: string
  userName: string | null
  account: string | null
}

describe('duty management (blade-dutyPerson/dutyPerson, dutyManagement/export)', () => {
  let t: TestContext
  let admin: Record<string, string>
  let staff: Record<string, string>
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: PARK }))
    staff = bearer(await signIn(t.app, { tenantId: PARK, account: 'staff' }))
    for (const account of ['admin', 'staff']) {
      const [row] = await t.database.db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.tenantId, PARK), eq(user.account, account)))
      ids[account] = row!.id
    }
  })
  afterAll(() => t.close())

  const get = (url: string, headers: Record<string, string>, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${BASE}/${url}`, headers, query })
  const post = (
    url: string,
    headers: Record<string, string>,
    body?: object,
    query: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}/${url}`,
      headers,
      query,
      ...(body ? { payload: body } : {}),
    })
  const rowOf = async (id: string) =>
    (await t.database.db.select().from(dutyPerson).where(eq(dutyPerson.id, id)))[0]!

  it('pages the demo roster with the person, account and phone, filtered by day and shift', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const res = await get('page', admin, { dutyDate: today, current: '1', size: '10' })
    expect(res.statusCode).toBe(200)
    const records = res.json().data.records as Row[]
    expect(records.map((r) => r.shift).sort()).toEqual([1, 2])
    expect(records.map((r) => r.account).sort()).toEqual(['admin', 'staff'])
    expect(records.find((r) => r.account === 'staff')!.userName).toBe('园区职员')
    const night = await get('page', admin, { dutyDate: today, shift: '2' })
    expect(night.json().data.records).toHaveLength(1)
  })

  it('adds a duty; the same person twice on a day’s shift, or an unknown person, is refused and writes nothing', async () => {
    const body = { dutyDate: '2030-01-02', shift: 1, userId: ids.admin, remark: '元旦后' }
    const first = await post('submit', admin, body)
    expect(first.json()).toMatchObject({ success: true })
    const twice = await post('submit', admin, body)
    expect([twice.statusCode, twice.json().msg]).toEqual([400, DUTY_PERSON_TAKEN])
    const ghost = await post('submit', admin, { ...body, shift: 2, userId: '123456789' })
    expect(ghost.json().msg).toBe(DUTY_PERSON_MISSING)
    const bad = await post('submit', admin, { ...body, dutyDate: '2030-13-40' })
    expect(bad.statusCode).toBe(400)
    const rows = await t.database.db.select().from(dutyPerson).where(eq(dutyPerson.dutyDate, '2030-01-02'))
    expect(rows).toHaveLength(1)
  })

  describe('changeShifts', () => {
    let day: string
    let night: string
    beforeAll(async () => {
      const add = async (dutyDate: string, shift: number, userId: string) => {
        await post('submit', admin, { dutyDate, shift, userId })
        const [r] = await t.database.db
          .select()
          .from(dutyPerson)
          .where(
            and(
              eq(dutyPerson.dutyDate, dutyDate),
              eq(dutyPerson.shift, shift),
              eq(dutyPerson.userId, userId),
            ),
          )
        return r!.id
      }
      day = await add('2030-02-01', 1, ids.admin!)
      night = await add('2030-02-01', 2, ids.staff!)
    })

    it('swaps the people of two duties', async () => {
      const res = await post('changeShifts', admin, undefined, { id: day, targetId: night })
      expect(res.json()).toMatchObject({ success: true, msg: '换班成功' })
      expect((await rowOf(day)).userId).toBe(ids.staff)
      expect((await rowOf(night)).userId).toBe(ids.admin)
    })

    it('hands a duty to another person (JSON body too), refusing who already holds that shift', async () => {
      const res = await post('changeShifts', admin, { id: day, userId: ids.admin })
      expect(res.json().success).toBe(true)
      expect((await rowOf(day)).userId).toBe(ids.admin)
      // admin is on the day shift now: handing the night (also admin's) to admin is refused
      const again = await post('changeShifts', admin, { id: night, userId: ids.admin })
      expect([again.statusCode, again.json().msg]).toEqual([400, DUTY_PERSON_TAKEN])
    })

    it('refuses a swap that would put one person twice on a shift, and changes nothing', async () => {
      // another night duty of 2030-02-01 for staff; swapping day (admin) with it puts staff on the
      // day shift (free) and admin on the night shift, which admin already holds
      await post('submit', admin, { dutyDate: '2030-02-01', shift: 2, userId: ids.staff })
      const [other] = await t.database.db
        .select()
        .from(dutyPerson)
        .where(
          and(
            eq(dutyPerson.dutyDate, '2030-02-01'),
            eq(dutyPerson.shift, 2),
            eq(dutyPerson.userId, ids.staff!),
          ),
        )
      const res = await post('changeShifts', admin, { id: day, targetId: other!.id })
      expect([res.statusCode, res.json().msg]).toEqual([400, DUTY_PERSON_TAKEN])
      expect((await rowOf(day)).userId).toBe(ids.admin)
      expect((await rowOf(other!.id)).userId).toBe(ids.staff)
    })

    it('checks its input and who may change shifts', async () => {
      expect((await post('changeShifts', admin, { id: day, targetId: day })).json().msg).toBe(SAME_DUTY)
      expect((await post('changeShifts', admin, { id: day })).statusCode).toBe(400)
      expect((await post('changeShifts', admin, { id: '999', targetId: day })).statusCode).toBe(404)
      // park staff look at the roster, they do not change it
      expect((await get('page', staff)).statusCode).toBe(200)
      expect((await post('changeShifts', staff, { id: day, targetId: night })).statusCode).toBe(403)
    })
  })

  describe('the duty sheet (xlsx)', () => {
    const HEADERS = ['值班日期', '班次', '登录账号', '值班人员', '手机号码', '备注']

    it('serves the template with the sheet’s headers', async () => {
      const res = await get('exportTemplate', admin)
      expect(res.statusCode).toBe(200)
      expect(rowValues(await firstSheet(res.rawPayload), 1)).toEqual(HEADERS)
    })

    it('exports the filtered roster (dutyManagement/export), shift by name, person by account', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/xparkApi/dutyManagement/export',
        query: { dutyDate: '2030-01-02' },
        headers: admin,
      })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('spreadsheetml')
      const ws = await firstSheet(res.rawPayload)
      expect(ws.rowCount).toBe(2)
      expect((ws.getRow(2).values as unknown[]).slice(1, 4)).toEqual(['2030-01-02', '白班', 'admin'])
    })

    it('imports a sheet all or nothing, naming the bad rows', async () => {
      const sheet = (rows: string[][]) => workbookOf('值班表', HEADERS, rows)
      const api = apiClient(
        () => t,
        () => admin,
      )
      const upload = async (file: Buffer) =>
        (
          await api.upload<{ imported: number; errors: { row: number; messages: string[] }[] }>(
            'blade-dutyPerson/dutyPerson/importDuty',
            file,
            { isCovered: '0' },
          )
        ).body
      const bad = await upload(
        await sheet([
          ['2030-03-01', '白班', 'admin'],
          ['2030-03-01', '早班', 'staff'],
          ['2030-03-02', '夜班', 'nobody'],
        ]),
      )
      expect(bad.data.imported).toBe(0)
      expect(bad.data.errors).toEqual([
        { row: 3, messages: ['班次: 班次应为 白班 或 夜班'] },
        { row: 4, messages: ['登录账号不存在: nobody'] },
      ])
      const good = await upload(await sheet([['2030-03-01', '白班', 'admin', '', '', '导入']]))
      expect(good.data.imported).toBe(1)
      const rows = await t.database.db.select().from(dutyPerson).where(eq(dutyPerson.dutyDate, '2030-03-01'))
      expect(rows.map((r) => [r.shift, r.userId, r.remark])).toEqual([[1, ids.admin, '导入']])
    })
  })
})

import { ALARM_TOPIC } from '@xpark/contract/modules/alarm'
import { LINK_INVALID, type ScreenLayout, type ScreenView } from '@xpark/contract/modules/screen'
import { Figure } from '@xpark/contract/modules/statistics'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nextId } from '../../core/ids.js'
import { publicLink } from '../../core/links/index.js'
import { tenantChannel } from '../../core/realtime/index.js'
import { stamped } from '../../core/tenancy.js'
import { apiClient } from '../../test/client.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { alarm } from '../alarm/index.js'

const PARK = '100001'

const layout = (over: Partial<ScreenLayout> = {}): ScreenLayout => ({
  background: '#0b1a33',
  widgets: [
    {
      id: 'today',
      kind: 'number',
      title: '今日告警',
      statistic: 'alarm.today',
      params: {},
      refresh: 10,
      x: 0,
      y: 0,
      w: 6,
      h: 4,
    },
    {
      id: 'ticker',
      kind: 'ticker',
      title: '实时告警',
      statistic: 'alarm.recent',
      params: {},
      refresh: 10,
      x: 6,
      y: 0,
      w: 12,
      h: 8,
    },
    {
      id: 'cam',
      kind: 'video',
      title: '大门',
      statistic: '',
      params: {},
      refresh: 30,
      machineId: '1',
      x: 0,
      y: 8,
      w: 6,
      h: 6,
    },
  ],
  ...over,
})

describe('big screens: publishing, links and what a link reads', () => {
  let t: TestContext
  let admin: Headers
  let staff: Headers
  let other: Headers
  const api = apiClient(
    () => t,
    () => admin,
  )
  const ok = <T>(r: { status: number; body: { msg: string; data: T } }) => {
    expect(r.status, r.body.msg).toBe(200)
    return r.body.data
  }
  const create = async (l: ScreenLayout = layout(), headers = admin) =>
    ok(
      await api.post<{ id: string }>(
        'xpark-screen/screen/submit',
        { name: `大屏 ${Math.random()}`, layout: JSON.stringify(l) },
        undefined,
        headers,
      ),
    ).id
  const publish = (id: string, headers = admin) =>
    api.post('xpark-screen/screen/publish', { id }, undefined, headers)
  const issue = (id: string, more: Record<string, unknown> = {}) =>
    api.post<{ id: string; token: string }>('xpark-screen/link/issue', { id, ...more })
  const view = (token: string) => api.get<ScreenView>('xpark-screen/public/view', { token }, {})
  const figure = (token: string, widget: string) =>
    api.get<Figure>('xpark-screen/public/figure', { token, widget }, {})
  const refused = (r: { status: number; body: { msg: string } }) => {
    expect(r.status).toBe(403)
    expect(r.body.msg).toBe(LINK_INVALID)
  }

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: PARK }))
    staff = bearer(await signIn(t.app, { tenantId: PARK, account: 'staff' }))
    other = bearer(await signIn(t.app))
  })
  afterAll(() => t.close())

  it('refuses a bad layout at the edge and a widget naming an unknown statistic at publish, writing nothing', async () => {
    const bad = await api.post('xpark-screen/screen/submit', {
      name: '坏',
      layout: '{"widgets":[{"id":"a"}]}',
    })
    expect(bad.status).toBe(400)
    const outside = layout({
      widgets: [{ ...layout().widgets[0]!, x: 20, w: 6 }],
    })
    expect(
      (await api.post('xpark-screen/screen/submit', { name: '越界', layout: JSON.stringify(outside) }))
        .status,
    ).toBe(400)
    const fast = layout({ widgets: [{ ...layout().widgets[0]!, refresh: 1 }] })
    expect(
      (await api.post('xpark-screen/screen/submit', { name: '太快', layout: JSON.stringify(fast) })).status,
    ).toBe(400)

    const unknown = await create(layout({ widgets: [{ ...layout().widgets[0]!, statistic: 'nope.figure' }] }))
    const r = await publish(unknown)
    expect(r.status).toBe(400)
    expect(r.body.msg).toBe('未知的统计: nope.figure')
    const row = ok(
      await api.get<{ status: number; publishTime: string | null }>('xpark-screen/screen/detail', {
        id: unknown,
      }),
    )
    expect(row).toMatchObject({ status: 1, publishTime: null })
    // no link for a screen never published
    expect((await issue(unknown)).status).toBe(409)
  })

  it('a link reads the published snapshot and its widgets; edits reach it only when republished', async () => {
    const id = await create()
    ok(await publish(id))
    const { token } = ok(await issue(id))
    const shown = ok(await view(token))
    expect(shown.layout.widgets.map((w) => w.id)).toEqual(['today', 'ticker', 'cam'])
    expect(Figure.parse(ok(await figure(token, 'today'))).value).toBeTypeOf('number')
    Figure.parse(ok(await figure(token, 'ticker')))
    // a video tile plays for signed-in viewers only; a widget of no screen of the link reads nothing
    refused(await figure(token, 'cam'))
    refused(await figure(token, 'nothing'))

    const edited = layout({ widgets: [layout().widgets[0]!] })
    ok(await api.post('xpark-screen/screen/submit', { id, name: '改过', layout: JSON.stringify(edited) }))
    expect(ok(await view(token)).layout.widgets).toHaveLength(3)
    ok(await publish(id))
    expect(ok(await view(token)).layout.widgets).toHaveLength(1)
    refused(await figure(token, 'ticker'))
  })

  it('a missing, unknown, revoked, expired or foreign-address link reads nothing', async () => {
    const id = await create()
    ok(await publish(id))
    expect((await api.get('xpark-screen/public/view', {}, {})).status).toBe(400)
    refused(await view('x'.repeat(43)))

    const { id: linkId, token } = ok(await issue(id))
    ok(await view(token))
    // the database keeps only the token's hash
    const [stored] = await t.database.db.select().from(publicLink).where(eq(publicLink.id, linkId))
    expect(stored!.tokenHash).not.toContain(token)
    expect(stored!.hint).toBe(token.slice(-6))
    const listed = ok(await api.get<{ id: string; revoked: boolean }[]>('xpark-screen/link/list', { id }))
    expect(JSON.stringify(listed)).not.toContain(token)

    ok(await api.post('xpark-screen/link/revoke', { linkId }))
    refused(await view(token))
    refused(await figure(token, 'today'))
    expect((await api.post('xpark-screen/link/revoke', { linkId })).status).toBe(404)

    const soon = ok(await issue(id))
    await t.database.db
      .update(publicLink)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(publicLink.id, soon.id))
    refused(await view(soon.token))
    expect((await issue(id, { expiresAt: '2000-01-01 00:00:00' })).status).toBe(400)

    const elsewhere = ok(await issue(id, { allow: '10.0.0.0/8' }))
    refused(await view(elsewhere.token))
    const here = ok(await issue(id, { allow: '10.0.0.0/8,127.0.0.1' }))
    ok(await view(here.token))
  })

  it("a tenant's link never reads another tenant; another tenant cannot see or revoke its links", async () => {
    const id = await create()
    ok(await publish(id))
    const { id: linkId, token } = ok(await issue(id))
    expect((await api.get('xpark-screen/link/list', { id }, other)).status).toBe(404)
    expect((await api.post('xpark-screen/link/revoke', { linkId }, undefined, other)).status).toBe(404)
    expect((await api.get('xpark-screen/screen/view', { id }, other)).status).toBe(404)
    ok(await view(token))
    // the link's figures are its tenant's: an alarm of another tenant today changes nothing
    const today = async () => Figure.parse(ok(await figure(token, 'today'))).value
    const before = await today()
    await t.database.db.insert(alarm).values(
      stamped(
        alarm,
        { tenantId: '000000', userId: '1', deptIds: [] },
        {
          id: nextId(),
          dedupeKey: `other-${Date.now()}`,
          source: 1,
          alarmType: 'forcedOpen',
          level: 4,
          content: 'another tenant',
          count: 1,
          firstTime: new Date(),
          lastTime: new Date(),
          status: 0,
          machineCode: 'X',
        },
      ) as never,
    )
    expect(await today()).toBe(before)
    // staff view, but neither publish nor issue links
    ok(await api.get('xpark-screen/screen/view', { id }, staff))
    expect((await publish(id, staff)).status).toBe(403)
  })

  it('the built-in walls open for signed-in viewers, and the tenant keeps them', async () => {
    const general = ok(await api.get<ScreenView>('xpark-screen/screen/view', { builtin: 'general' }))
    expect(general.name).toBe('综合大屏')
    expect(general.layout.widgets.length).toBeGreaterThan(4)
    const assets = ok(await api.get<ScreenView>('xpark-screen/screen/view', { builtin: 'assets' }))
    expect(assets.name).toBe('资产大屏')
    // the demo's rows are published and not removable
    const r = await api.post('xpark-screen/screen/remove', undefined, { ids: general.id })
    expect(r.status).toBe(409)
    expect(r.body.msg).toBe('内置大屏不能删除: 综合大屏')
    // a tenant with no row of its own still opens the starting layout
    expect(ok(await api.get<ScreenView>('xpark-screen/screen/view', { builtin: 'general' }, other)).id).toBe(
      '0',
    )
    const tiles = ok(await api.get<{ name: string }[]>('xpark-screen/screen/published'))
    expect(tiles.map((s) => s.name)).toEqual(expect.arrayContaining(['综合大屏', '资产大屏']))
  })

  it('every widget of the built-in walls, read through a link, answers a figure with nothing personal', async () => {
    const personal = /name$|phone|mobile|face|photo|idcard|plate|account|email/i
    for (const builtin of ['general', 'assets']) {
      const wall = ok(await api.get<ScreenView>('xpark-screen/screen/view', { builtin }))
      ok(await publish(wall.id))
      const { token } = ok(await issue(wall.id))
      for (const w of wall.layout.widgets) {
        const f = Figure.parse(ok(await figure(token, w.id)))
        const keys = [...f.columns.map((c) => c.key), ...f.rows.flatMap((r) => Object.keys(r))]
        expect(
          keys.filter((k) => personal.test(k)),
          w.statistic,
        ).toEqual([])
        expect(JSON.stringify(f), w.statistic).not.toMatch(/1[3-9]\d{9}/)
      }
    }
  })

  it('a public stream nudges live widgets without the message, and ends when the link is revoked', async () => {
    const id = await create()
    ok(await publish(id))
    const { id: linkId, token } = ok(await issue(id))
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const res = await fetch(`http://127.0.0.1:${port}/xparkApi/xpark-screen/public/live?token=${token}`)
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    let text = ''
    const until = async (seen: (s: string) => boolean) => {
      while (!seen(text)) {
        const { value, done } = await reader.read()
        if (done) return true
        text += new TextDecoder().decode(value)
      }
      return false
    }
    await until((s) => s.includes(': open'))
    await t.app.realtime.publish(tenantChannel(PARK, ALARM_TOPIC), {
      event: 'alarm',
      data: { secret: '张三 13800000000' },
    })
    await until((s) => s.includes('event: figure'))
    expect(text).toContain(`"topic":"${ALARM_TOPIC}"`)
    expect(text).not.toContain('13800000000')
    ok(await api.post('xpark-screen/link/revoke', { linkId }))
    expect(await until(() => false)).toBe(true)
    expect(text).toContain('event: revoked')
    // a new stream on the revoked link is refused
    expect(
      (await fetch(`http://127.0.0.1:${port}/xparkApi/xpark-screen/public/live?token=${token}`)).status,
    ).toBe(403)
  })
})

import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  type Headers,
  resourceCalls,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { sanitizeRichText } from './sanitize.js'
import { notice } from './schema.js'

const BASE = '/xparkApi/blade-desk/notice'

describe('rich text sanitising (notice content)', () => {
  it('removes script tags with their content, event handlers and javascript: links', () => {
    const out = sanitizeRichText(
      '<p onclick="x()">hi<script>alert(1)</script></p>' +
        '<img src="x" onerror="alert(2)"><img src="javascript:alert(3)">' +
        '<a href="javascript:alert(4)">a</a><a href="JaVaScRiPt&#58;alert(5)">b</a>' +
        '<iframe src="https://evil"></iframe><style>p{}</style><svg onload="alert(6)"></svg>',
    )
    expect(out).not.toMatch(/script|alert|onerror|onclick|onload|iframe|style|svg/i)
    expect(out).toContain('<p>hi</p>')
    expect(out).toContain('<a>a</a>')
  })

  it('keeps the allowed markup, safe links, images and the limited styles', () => {
    const html =
      '<h2>Title</h2><p style="text-align:center">x <strong>b</strong> <em>i</em> <u>u</u> <s>s</s><br /></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote>' +
      '<a href="https://park.example/a" target="_blank">link</a><a href="mailto:ops@park.example">mail</a>' +
      '<img src="https://cdn.example/a.png" alt="a" /><img src="/xparkApi/blade-resource/oss/a.png" />' +
      '<span style="color:#ff0000;background-color:rgb(1, 2, 3);position:fixed">red</span>'
    const out = sanitizeRichText(html)
    for (const kept of [
      '<h2>Title</h2>',
      '<p style="text-align:center">',
      '<strong>b</strong>',
      '<em>i</em>',
      '<u>u</u>',
      '<s>s</s>',
      '<br />',
      '<ul><li>one</li></ul>',
      '<ol><li>two</li></ol>',
      '<blockquote>q</blockquote>',
      '<a href="https://park.example/a" target="_blank" rel="noopener noreferrer">link</a>',
      '<a href="mailto:ops@park.example">mail</a>',
      '<img src="https://cdn.example/a.png" alt="a" />',
      '<img src="/xparkApi/blade-resource/oss/a.png" />',
      'color:#ff0000',
      'background-color:rgb(1, 2, 3)',
    ])
      expect(out).toContain(kept)
    expect(out).not.toContain('position')
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">')).toBe('<img />')
  })
})

describe('notices (blade-desk/notice)', () => {
  let t: TestContext
  let admin: Headers
  let parkAdmin: Headers
  let staff: Headers

  const { get, post } = resourceCalls(() => t, BASE)
  const rowCount = async () =>
    (await t.database.db.select({ n: count() }).from(notice).where(eq(notice.isDeleted, 0)))[0]!.n
  const byTitle = async (headers: Headers, title: string) =>
    (await get('list', headers, { title_equal: title })).json().data.records as Record<string, unknown>[]

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app))
    parkAdmin = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
  })
  afterAll(() => t.close())

  it('submit stores the notice with its content sanitised; update changes it; detail reads it', async () => {
    const res = await post('submit', parkAdmin, {
      title: 'Water outage',
      category: 1000,
      releaseTime: '2024-05-01 08:00:00',
      content:
        '<p>Tomorrow<script>steal()</script></p><img src=x onerror="alert(1)"><a href="javascript:x()">x</a>',
    })
    expect(res.statusCode).toBe(200)
    const [row] = await byTitle(parkAdmin, 'Water outage')
    expect(row).toMatchObject({
      title: 'Water outage',
      category: 1000,
      releaseTime: '2024-05-01 08:00:00',
      content: '<p>Tomorrow</p><img src="x" /><a>x</a>',
      tenantId: '100001',
    })
    // the console sends categories as dict keys (strings)
    const update = await post('submit', parkAdmin, {
      id: row!.id,
      title: 'Water outage',
      category: '1002',
      releaseTime: '',
      content: '<p>Done</p>',
    })
    expect(update.statusCode).toBe(200)
    const detail = (await get('detail', parkAdmin, { id: String(row!.id) })).json().data
    expect(detail).toMatchObject({ category: 1002, content: '<p>Done</p>' })
    expect(detail.releaseTime === null || detail.releaseTime === '').toBe(true)
    // `update` (fields sent only) sanitises too
    expect(
      (await post('update', parkAdmin, { id: row!.id, content: '<b onmouseover="x()">B</b>' })).statusCode,
    ).toBe(200)
    expect((await get('detail', parkAdmin, { id: String(row!.id) })).json().data.content).toBe('<b>B</b>')
  })

  it('pages and filters by title and category', async () => {
    for (const [title, category] of [
      ['Staff meeting', 1001],
      ['Community fair', 1002],
    ] as const)
      expect((await post('submit', parkAdmin, { title, category, content: '' })).statusCode).toBe(200)
    const page = (await get('page', parkAdmin, { category: '1001' })).json().data
    expect(page.records.map((r: { title: string }) => r.title)).toEqual(['Staff meeting'])
    expect((await get('list', parkAdmin, { title: 'fair' })).json().data.total).toBe(1)
    expect((await get('list', parkAdmin, { content_like: 'x' })).statusCode).toBe(400)
  })

  it('a bad notice is 400 naming the field, and nothing is written', async () => {
    const before = await rowCount()
    for (const body of [
      { category: 1000 },
      { title: '  ', category: 1000 },
      { title: 'x', category: 7 },
      { title: 'x' },
      { title: 'x', category: 1000, releaseTime: 'tomorrow' },
      { title: 'x', category: 1000, releaseTime: '2024-02-31 10:00:00' },
      { title: 'x'.repeat(256), category: 1000 },
    ]) {
      const res = await post('submit', parkAdmin, body)
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400)
    }
    expect((await post('submit', parkAdmin, { category: 1000 })).json().msg).toContain(
      'please enter notice title',
    )
    expect(await rowCount()).toBe(before)
  })

  it('staff without notice codes are refused (403); without a token 401', async () => {
    expect((await get('page', staff)).statusCode).toBe(403)
    expect((await post('submit', staff, { title: 'x', category: 1000 })).statusCode).toBe(403)
    expect((await get('page', {})).statusCode).toBe(401)
  })

  it('tenants see only their own notices', async () => {
    expect((await post('submit', admin, { title: 'Platform only', category: 1 })).statusCode).toBe(200)
    const [platform] = await byTitle(admin, 'Platform only')
    expect(platform).toMatchObject({ tenantId: '000000' })
    expect(await byTitle(parkAdmin, 'Platform only')).toEqual([])
    expect((await get('detail', parkAdmin, { id: String(platform!.id) })).statusCode).toBe(404)
    expect((await post('remove', parkAdmin, undefined, { ids: String(platform!.id) })).statusCode).toBe(404)
    expect(
      (await post('submit', parkAdmin, { id: platform!.id, title: 'taken', category: 1 })).statusCode,
    ).toBe(404)
    expect((await byTitle(admin, 'Platform only'))[0]).toMatchObject({ title: 'Platform only' })
    const parkTitles = (await get('list', admin, { size: '100' }))
      .json()
      .data.records.map((r: { title: string }) => r.title)
    expect(parkTitles).not.toContain('Staff meeting')
  })

  it('remove soft-deletes', async () => {
    const [row] = await byTitle(parkAdmin, 'Community fair')
    expect((await post('remove', parkAdmin, undefined, { ids: String(row!.id) })).statusCode).toBe(200)
    expect(await byTitle(parkAdmin, 'Community fair')).toEqual([])
  })
})

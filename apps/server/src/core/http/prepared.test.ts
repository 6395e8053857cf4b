import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'

/** Cached answers (menu/routes, buttons, dictionaries) sent from their prepared text (prepared.ts). */
describe('prepared answers', () => {
  let t: TestContext
  let admin: Headers
  const get = (url: string, headers: Headers) =>
    t.app.inject({ method: 'GET', url: `/xparkApi${url}`, headers })

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app))
  })
  afterAll(() => t.close())

  it('the same envelope as text, gzip or brotli, with an ETag; the ETag again answers 304', async () => {
    for (const url of [
      '/blade-system/menu/routes',
      '/blade-system/menu/buttons',
      '/blade-system/dict/dictionary?code=sex',
    ]) {
      const plain = await get(url, admin)
      expect(plain.statusCode).toBe(200)
      expect(plain.headers['content-type']).toMatch(/^application\/json/)
      const envelope = plain.json()
      expect(envelope).toMatchObject({ code: 200, success: true, msg: '操作成功' })
      expect(Object.keys(envelope)).toEqual(['code', 'success', 'data', 'msg'])
      // a cache hit answers the same bytes as the miss that filled it
      expect((await get(url, admin)).body).toBe(plain.body)

      const br = await get(url, { ...admin, 'accept-encoding': 'gzip, br' })
      const gzip = await get(url, { ...admin, 'accept-encoding': 'gzip' })
      if (plain.rawPayload.length >= 1024) {
        expect(br.headers['content-encoding']).toBe('br')
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
        expect(gzip.headers['content-encoding']).toBe('gzip')
        expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
      }
      const etag = String(plain.headers.etag)
      expect(etag).toMatch(/^".+"$/)
      const again = await get(url, { ...admin, 'if-none-match': etag })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
    }
  })

  it('a write that changes the answer changes its ETag (every node: the cached text is the truth)', async () => {
    const before = await get('/blade-system/dict/dictionary?code=sex', admin)
    const rows = before.json().data as {
      id: string
      dictValue: string
      parentId: string
      code: string
      dictKey: string
      sort: number
    }[]
    const first = rows[0]!
    const edit = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-system/dict/submit',
      headers: admin,
      payload: { ...first, dictValue: `${first.dictValue}改` },
    })
    expect(edit.statusCode).toBe(200)
    const after = await get('/blade-system/dict/dictionary?code=sex', admin)
    expect(after.headers.etag).not.toBe(before.headers.etag)
    expect(after.json().data[0].dictValue).toBe(`${first.dictValue}改`)
    expect(
      (
        await get('/blade-system/dict/dictionary?code=sex', {
          ...admin,
          'if-none-match': String(before.headers.etag),
        })
      ).statusCode,
    ).toBe(200)
  })

  it('a signed-out token is refused though its signature was checked before', async () => {
    const session = await signIn(t.app, { tenantId: '100001', account: 'staff' })
    const headers = bearer(session)
    expect((await get('/blade-system/menu/routes', headers)).statusCode).toBe(200)
    const out = await t.app.inject({ method: 'GET', url: '/xparkApi/blade-auth/oauth/logout', headers })
    expect(out.statusCode).toBe(200)
    expect((await get('/blade-system/menu/routes', headers)).statusCode).toBe(401)
  })
})

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { multipartBody } from '../../test/multipart.js'

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])

describe('own avatar (blade-user/avatar) and profile (update-info)', () => {
  let t: TestContext
  let dataDir: string
  let staff: Headers

  const upload = (name: string, content: Buffer) => {
    const body = multipartBody([{ name, content }])
    return t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/avatar',
      headers: { ...staff, ...body.headers },
      payload: body.payload,
    })
  }
  const info = async () =>
    (await t.app.inject({ url: '/xparkApi/blade-user/info', headers: staff })).json().data

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'xpark-avatar-'))
    t = await startTestApp({ XPARK_DATA: dataDir })
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
  })
  afterAll(async () => {
    await t.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('stores a png, returns a link that serves it, and update-info saves the link', async () => {
    const res = await upload('me.png', PNG)
    expect(res.statusCode).toBe(200)
    const { link } = res.json().data as { link: string }
    expect(link).toMatch(/^\/xparkApi\/blade-resource\/file\/.+\?sign=/)
    const served = await t.app.inject({ url: link })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(PNG)).toBe(true)

    const saved = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/update-info',
      headers: staff,
      payload: { avatar: link, realName: '园区职员', phone: '13800000002' },
    })
    expect(saved.statusCode).toBe(200)
    expect((await info()).avatar).toBe(link)
  })

  it('refuses a non-image (by its bytes, whatever the name) and an image over 500 KB', async () => {
    const before = (await info()).avatar
    const fake = await upload('fake.png', Buffer.from('GIF89a not a png'))
    expect(fake.statusCode).toBe(400)
    expect(fake.json().msg).toBe('头像只能是 JPG/PNG 格式')
    const huge = await upload('big.png', Buffer.concat([PNG, Buffer.alloc(500 * 1024)]))
    expect(huge.statusCode).toBe(400)
    expect(huge.json().msg).toBe('头像大小不能超过 500KB')
    const none = await t.app.inject({ method: 'POST', url: '/xparkApi/blade-user/avatar', headers: staff })
    expect(none.statusCode).toBe(400)
    expect((await info()).avatar).toBe(before)
  })

  it('update-info refuses a bad phone with the spec text and writes nothing', async () => {
    const before = await info()
    const res = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/update-info',
      headers: staff,
      payload: { realName: 'x', phone: '1380000' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().msg).toContain('phone number length is not 11')
    expect((await info()).realName).toBe(before.realName)
  })
})

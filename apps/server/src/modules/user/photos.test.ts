import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attach, user } from '../../compose/schema.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { multipartBody } from '../../test/multipart.js'
import { MAX_ZIP_INFLATED, unzipPhotos } from './photos.js'

const png = (tag: string) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(tag)])
const jpeg = (tag: string) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(tag)])

describe('user photos (blade-user/import-user-photo, uploadPhotos)', () => {
  let t: TestContext
  let dataDir: string
  let park: Headers
  let staff: Headers
  let platform: Headers

  const send = (path: string, headers: Headers, files: { name: string; content: Buffer | string }[]) => {
    const body = multipartBody(files)
    return t.app.inject({
      method: 'POST',
      url: `/xparkApi/blade-user/${path}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    })
  }
  const avatarOf = async (account: string, tenantId = '100001') =>
    (
      await t.database.db
        .select({ avatar: user.avatar })
        .from(user)
        .where(and(eq(user.tenantId, tenantId), eq(user.account, account), eq(user.isDeleted, 0)))
    )[0]!.avatar

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'xpark-photos-'))
    t = await startTestApp({ XPARK_DATA: dataDir })
    park = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
    platform = bearer(await signIn(t.app))
  })
  afterAll(async () => {
    await t.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('imports a zip of <account>.jpg|png, sets each avatar, and reports every bad file', async () => {
    const zip = zipSync({
      'photos/admin.png': png('admin'),
      'photos/staff.JPG': jpeg('staff'),
      'photos/nobody.png': png('nobody'),
      'photos/fake.png': Buffer.from('not an image'),
      'photos/huge.jpg': Buffer.concat([jpeg(''), Buffer.alloc(500 * 1024)]),
      'photos/readme.txt': Buffer.from('hello'),
      '__MACOSX/photos/._admin.png': Buffer.from('resource fork'),
    })
    const res = await send('import-user-photo', park, [{ name: 'photos.zip', content: Buffer.from(zip) }])
    expect(res.statusCode).toBe(200)
    const report = res.json().data
    expect(report.imported).toBe(2)
    expect(report.errors).toEqual(
      expect.arrayContaining([
        { file: 'nobody.png', message: '账号不存在: nobody' },
        { file: 'fake.png', message: '不是 JPG 或 PNG 图片' },
        { file: 'huge.jpg', message: '图片不能超过 500 KB' },
        { file: 'readme.txt', message: '文件名应为 <账号>.jpg 或 <账号>.png' },
      ]),
    )
    expect(report.errors).toHaveLength(4)
    expect(res.json().msg).toBe('导入完成: 2 张成功, 4 个有误')

    const avatar = await avatarOf('admin')
    expect(avatar).toMatch(
      /^\/xparkApi\/blade-resource\/file\/100001\/upload\/\d{8}\/[0-9a-f]{32}\.png\?sign=/,
    )
    const read = await t.app.inject({ method: 'GET', url: avatar })
    expect(read.statusCode).toBe(200)
    expect(read.headers['content-type']).toBe('image/png')
    expect(read.rawPayload.equals(png('admin'))).toBe(true)
    expect(await avatarOf('staff')).toMatch(/\.jpg\?sign=/)
    const stored = await t.database.db.select().from(attach).where(eq(attach.tenantId, '100001'))
    expect(stored.map((a) => a.originalName).sort()).toEqual(['admin.png', 'staff.JPG'])
  })

  it('uploadPhotos takes several image files; the same account twice is reported', async () => {
    const before = await avatarOf('admin')
    const res = await send('uploadPhotos', park, [
      { name: 'admin.jpg', content: jpeg('again') },
      { name: 'admin.png', content: png('twice') },
    ])
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({
      imported: 1,
      errors: [{ file: 'admin.png', message: '账号重复: admin' }],
    })
    const after = await avatarOf('admin')
    expect(after).not.toBe(before)
    expect((await t.app.inject({ method: 'GET', url: after })).rawPayload.equals(jpeg('again'))).toBe(true)
  })

  it('an unreadable zip and an empty request are refused', async () => {
    const broken = await send('import-user-photo', park, [
      {
        name: 'bad.zip',
        content: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('junk')]),
      },
    ])
    expect(broken.json().data).toEqual({
      imported: 0,
      errors: [{ file: 'bad.zip', message: '压缩包无法读取' }],
    })
    const none = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/import-user-photo',
      headers: park,
      payload: {},
    })
    expect(none.statusCode).toBe(400)
  })

  it('holds the whole request to the upload limit (413) and a zip to 50 MB once inflated', async () => {
    const six = Buffer.alloc(6 * 1024 * 1024)
    const res = await send('uploadPhotos', park, [
      { name: 'a.png', content: six },
      { name: 'b.png', content: six },
    ])
    expect(res.statusCode).toBe(413)
    expect(res.json().msg).toBe('文件过大, 不能超过 10 MB')

    const entries = Object.fromEntries(
      Array.from({ length: 120 }, (_, i) => [
        `u${i}.png`,
        Buffer.concat([png(''), Buffer.alloc(450 * 1024)]),
      ]),
    )
    const { photos, errors } = await unzipPhotos(zipSync(entries), 'many.zip')
    expect(photos.length).toBe(Math.floor(MAX_ZIP_INFLATED / (450 * 1024 + 8)))
    expect(errors.length).toBe(120 - photos.length)
    expect(errors[0]!.message).toBe('压缩包内图片合计不能超过 50 MB')
  })

  it('403 without user_import; nothing changes', async () => {
    const before = await avatarOf('staff')
    const res = await send('import-user-photo', staff, [{ name: 'staff.png', content: png('mine') }])
    expect(res.statusCode).toBe(403)
    expect(await avatarOf('staff')).toBe(before)
  })

  it('touches only accounts of the caller tenant', async () => {
    const parkAdmin = await avatarOf('admin')
    const res = await send('import-user-photo', platform, [
      { name: 'admin.png', content: png('platform') },
      { name: 'staff.png', content: png('x') },
    ])
    expect(res.json().data).toEqual({
      imported: 1,
      errors: [{ file: 'staff.png', message: '账号不存在: staff' }],
    })
    expect(await avatarOf('admin')).toBe(parkAdmin)
    expect(await avatarOf('admin', '000000')).toMatch(/\/file\/000000\//)
  })
})

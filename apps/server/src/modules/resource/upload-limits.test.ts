import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { multipartBody } from '../../test/multipart.js'
import { attach } from './schema.js'

/**
 * Issue 7, finding 6: storing a file needs a permission (`attach_upload`, the attachment screen's
 * 上传 button; the park admin holds it, the view-only staff does not), and a tenant's stored files
 * are held to a quota (`XPARK_TENANT_STORAGE_MB`), exactly, even under concurrent uploads.
 */

const KB = 1024
const PUT = '/xparkApi/blade-resource/oss/endpoint/put-file'

describe('uploads: a permission and a per-tenant quota', () => {
  let t: TestContext
  let park: Headers
  let staff: Headers
  const put = (headers: Headers, bytes: number, name = 'a.bin') => {
    const body = multipartBody([{ name, content: Buffer.alloc(bytes, 7) }])
    return t.app.inject({
      method: 'POST',
      url: PUT,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    })
  }
  const used = async () =>
    Number(
      (
        await t.database.db
          .select({ n: sql<string>`coalesce(sum(${attach.attachSize}), 0)` })
          .from(attach)
          .where(and(eq(attach.tenantId, '100001'), eq(attach.isDeleted, 0)))
      )[0]!.n,
    )

  beforeAll(async () => {
    t = await startTestApp({ XPARK_TENANT_STORAGE_MB: '1' })
    park = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
  })
  afterAll(() => t.close())

  it('put-file needs attach_upload: the view-only staff is refused, nothing stored', async () => {
    for (const path of [PUT, `${PUT}-attach`]) {
      const body = multipartBody([{ name: 'x.txt', content: 'hello' }])
      const res = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { ...staff, ...body.headers },
        payload: body.payload,
      })
      expect(res.statusCode).toBe(403)
      expect(res.json().msg).toBe('缺少权限: attach_upload')
    }
    expect(await used()).toBe(0)
    expect((await put(park, 10)).statusCode).toBe(200)
  })

  it('a tenant’s files stop at its quota (413), exactly, even when uploads race; a removal frees room', async () => {
    const first = await put(park, 600 * KB)
    expect(first.statusCode).toBe(200)
    const over = await put(park, 600 * KB)
    expect(over.statusCode).toBe(413)
    expect(over.json().msg).toBe('存储空间不足: 租户附件合计不能超过 1 MB, 请删除不用的附件后再上传')
    // three at once, each would fit alone: the total still holds
    const raced = await Promise.all([put(park, 150 * KB), put(park, 150 * KB), put(park, 150 * KB)])
    expect(raced.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(2)
    expect(await used()).toBeLessThanOrEqual(1024 * KB)
    // the avatar is a stored file too
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(400 * KB),
    ])
    const avatar = multipartBody([{ name: 'me.png', content: png, type: 'image/png' }])
    const refused = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-user/avatar',
      headers: { ...park, ...avatar.headers },
      payload: avatar.payload,
    })
    expect(refused.statusCode).toBe(413)
    const id = first.json().data.attachId as string
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/xparkApi/blade-resource/attach/remove',
          query: { ids: id },
          headers: park,
        })
      ).statusCode,
    ).toBe(200)
    expect((await put(park, 500 * KB)).statusCode).toBe(200)
  })
})

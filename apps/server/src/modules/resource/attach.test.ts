import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attach } from '../../compose/schema.js'
import {
  bearer,
  type Headers,
  resourceCalls,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { multipartBody } from '../../test/multipart.js'

describe('attachments (blade-resource/attach)', () => {
  let t: TestContext
  let dataDir: string
  let park: Headers
  let staff: Headers
  let platform: Headers
  const { get, post } = resourceCalls(() => t, '/xparkApi/blade-resource/attach')
  const upload = async (headers: Headers, name: string, content: string) => {
    const body = multipartBody([{ name, content }])
    const res = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-resource/oss/endpoint/put-file-attach',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    })
    expect(res.statusCode).toBe(200)
    return res.json().data as { attachId: string; link: string; name: string }
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'xpark-attach-'))
    t = await startTestApp({ XPARK_DATA: dataDir })
    park = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
    platform = bearer(await signIn(t.app))
  })
  afterAll(async () => {
    await t.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('uploads are listed, paged, filtered and shown in detail', async () => {
    const a = await upload(park, '合同.pdf', 'pdf-bytes')
    await upload(park, 'photo.JPG', 'jpg')
    const page = (await get('page', park)).json().data
    expect(page.total).toBe(2)
    const list = (await get('list', park, { originalName: '合同' })).json().data
    expect(list.records).toHaveLength(1)
    expect(list.records[0]).toMatchObject({
      id: a.attachId,
      originalName: '合同.pdf',
      extension: 'pdf',
      attachSize: 9,
    })
    expect((await get('list', park, { extension: 'jpg' })).json().data.records[0].originalName).toBe(
      'photo.JPG',
    )
    const detail = (await get('detail', park, { id: a.attachId })).json().data
    expect(detail).toMatchObject({ link: a.link, name: a.name })
    expect(existsSync(join(dataDir, 'files', a.name))).toBe(true)
  })

  it('a download link sends the file as an attachment under its original name', async () => {
    const a = (await get('list', park, { originalName: '合同' })).json().data.records[0]
    const res = await t.app.inject({ method: 'GET', url: `${a.link}&download=1` })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('pdf-bytes')
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="__.pdf"; filename*=UTF-8''${encodeURIComponent('合同.pdf')}`,
    )
    expect(res.headers['content-security-policy']).toContain('sandbox')
    const html = await upload(park, 'page.html', '<script>alert(1)</script>')
    const served = await t.app.inject({ method: 'GET', url: html.link })
    expect(served.headers['content-type']).toBe('application/octet-stream')
    expect(served.headers['content-disposition']).toMatch(/^attachment/)
  })

  it('no upload, submit or remove for staff, nor reading without attach_view', async () => {
    expect((await get('page', staff)).statusCode).toBe(403)
    const first = (await get('page', park)).json().data.records[0]
    expect((await post('remove', staff, undefined, { ids: first.id })).statusCode).toBe(403)
    // rows are made by uploads: submit renames one, and only with the edit permission
    const noId = await post('submit', park, { originalName: 'x' })
    expect(noId.statusCode).toBe(400)
    expect(noId.json().msg).toBe('附件只能通过上传新增')
    expect((await post('submit', staff, { id: first.id, originalName: 'x' })).statusCode).toBe(403)
  })

  it('submit with an id renames an attachment; minio/upload stores and minio/getObjectUrl links it', async () => {
    const stored = await upload(park, 'old-name.txt', 'hello')
    const [row] = await t.database.db.select().from(attach).where(eq(attach.name, stored.name))
    expect((await post('submit', park, { id: row!.id, originalName: '新名称.txt' })).statusCode).toBe(200)
    expect((await get('detail', park, { id: row!.id })).json().data.originalName).toBe('新名称.txt')
    expect((await post('submit', park, { id: row!.id, originalName: '' })).statusCode).toBe(400)

    const body = multipartBody([{ name: 'minio.txt', content: 'via minio' }])
    const viaMinio = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/minio/upload',
      headers: { ...park, ...body.headers },
      payload: body.payload,
    })
    expect(viaMinio.statusCode).toBe(200)
    const objectName = viaMinio.json().data.name as string
    const minio = resourceCalls(() => t, '/xparkApi/minio')
    const link = await minio.get('getObjectUrl', park, { objectName })
    expect(link.statusCode).toBe(200)
    const url = link.json().data as string
    const file = await t.app.inject({ method: 'GET', url })
    expect(file.statusCode).toBe(200)
    expect(file.body).toBe('via minio')
    // another tenant's caller gets no link to it; an unknown name is 404
    expect((await minio.get('getObjectUrl', platform, { objectName })).statusCode).toBe(404)
    expect((await minio.get('getObjectUrl', park, { objectName: 'nothing/here.txt' })).statusCode).toBe(404)
  })

  it('another tenant sees nothing and cannot remove', async () => {
    const first = (await get('page', park)).json().data.records[0]
    expect((await get('detail', platform, { id: first.id })).statusCode).toBe(404)
    expect((await get('page', platform)).json().data.total).toBe(0)
    expect((await post('remove', platform, undefined, { ids: first.id })).statusCode).toBe(404)
    const [row] = await t.database.db.select().from(attach).where(eq(attach.id, first.id))
    expect(row!.isDeleted).toBe(0)
  })

  it('remove deletes the row and its stored object; its link then answers 404', async () => {
    const a = await upload(park, 'gone.txt', 'bye')
    expect((await t.app.inject({ method: 'GET', url: a.link })).statusCode).toBe(200)
    expect((await post('remove', park, undefined, { ids: a.attachId })).statusCode).toBe(200)
    expect(existsSync(join(dataDir, 'files', a.name))).toBe(false)
    expect((await t.app.inject({ method: 'GET', url: a.link })).statusCode).toBe(404)
    expect((await get('detail', park, { id: a.attachId })).statusCode).toBe(404)
    expect((await post('remove', park, undefined, { ids: 'abc' })).statusCode).toBe(400)
  })
})

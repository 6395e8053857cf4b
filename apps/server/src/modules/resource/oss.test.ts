import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type S3Simulator, startS3Simulator } from '../../adapters/s3/simulator.js'
import { attach, oss } from '../../compose/schema.js'
import {
  bearer,
  type Headers,
  resourceCalls,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { multipartBody } from '../../test/multipart.js'

const S3_ACCESS = 'park-minio'
const S3_SECRET = 'park-minio-secret-0123'

describe('object storage (blade-resource/oss) and put-file', () => {
  let t: TestContext
  let sim: S3Simulator
  let dataDir: string
  let park: Headers
  let staff: Headers
  let platform: Headers
  const { get, post } = resourceCalls(() => t, '/xparkApi/blade-resource/oss')

  const rows = async (tenantId = '100001') =>
    t.database.db
      .select()
      .from(oss)
      .where(and(eq(oss.tenantId, tenantId), eq(oss.isDeleted, 0)))
  const enabledCount = async (tenantId = '100001') =>
    (
      await t.database.db
        .select({ n: count() })
        .from(oss)
        .where(and(eq(oss.tenantId, tenantId), eq(oss.status, 2), eq(oss.isDeleted, 0)))
    )[0]!.n
  const idOf = async (ossCode: string, tenantId = '100001') =>
    (await rows(tenantId)).find((r) => r.ossCode === ossCode)!.id
  const putFile = (
    headers: Headers,
    name: string,
    content: Buffer | string,
    query: Record<string, string> = {},
  ) => {
    const body = multipartBody([{ name, content }])
    return t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-resource/oss/endpoint/put-file',
      query,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    })
  }
  const minio = () => ({
    category: 1,
    ossCode: 'minio',
    endpoint: sim.endpoint,
    accessKey: S3_ACCESS,
    secretKey: S3_SECRET,
    bucketName: 'park-100001',
    remark: '园区 MinIO',
  })

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'xpark-oss-'))
    sim = await startS3Simulator({ accessKey: S3_ACCESS, secretKey: S3_SECRET })
    // the simulator listens on loopback: the operator's allow list lets the storage reach it
    t = await startTestApp({ XPARK_DATA: dataDir, XPARK_OSS_ALLOW_PRIVATE: '127.0.0.1' })
    park = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: '100001', account: 'staff' }))
    platform = bearer(await signIn(t.app))
  })
  afterAll(async () => {
    await t.close()
    await sim.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('put-file with no configuration stores on the local disk and answers a BladeFile that reads back', async () => {
    const res = await putFile(park, '园区平面图.png', 'local-bytes')
    expect(res.statusCode).toBe(200)
    const file = res.json().data
    expect(file).toMatchObject({ originalName: '园区平面图.png', domain: '/xparkApi/blade-resource/file' })
    expect(file.name).toMatch(/^100001\/upload\/\d{8}\/[0-9a-f]{32}\.png$/)
    expect(file.link).toMatch(
      new RegExp(`^/xparkApi/blade-resource/file/${file.name}\\?sign=[A-Za-z0-9_-]{32}$`),
    )
    const [row] = await t.database.db.select().from(attach).where(eq(attach.id, file.attachId))
    expect(row).toMatchObject({
      tenantId: '100001',
      name: file.name,
      extension: 'png',
      attachSize: 11,
      ossId: null,
    })

    const read = await t.app.inject({ method: 'GET', url: file.link })
    expect(read.statusCode).toBe(200)
    expect(read.headers['content-type']).toBe('image/png')
    expect(read.body).toBe('local-bytes')
    // no token needed (an <img src>), but the signature is
    const unsigned = await t.app.inject({ method: 'GET', url: file.link.replace(/sign=.*/, 'sign=forged') })
    expect(unsigned.statusCode).toBe(404)
    const traversal = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-resource/file/../../jwt-secret?sign=x',
    })
    expect(traversal.statusCode).toBe(404)
  })

  it('refuses put-file without a file, and without a token', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/xparkApi/blade-resource/oss/endpoint/put-file',
      headers: park,
      payload: {},
    })
    expect(none.statusCode).toBe(400)
    expect((await putFile({}, 'a.txt', 'x')).statusCode).toBe(401)
  })

  it('submit adds a disabled configuration; page, list and detail never send the secret', async () => {
    expect((await post('submit', park, minio())).json()).toMatchObject({ code: 200, success: true })
    const local = { category: 5, ossCode: 'disk', remark: '本地磁盘' }
    expect((await post('submit', park, local)).statusCode).toBe(200)
    const stored = (await rows()).find((r) => r.ossCode === 'minio')!
    expect(stored).toMatchObject({ status: 1, secretKey: S3_SECRET, endpoint: sim.endpoint })

    const page = (await get('page', park)).json().data
    expect(page.total).toBe(2)
    for (const r of page.records) expect(r).not.toHaveProperty('secretKey')
    const list = (await get('list', park, { ossCode: 'min' })).json().data
    expect(list.records.map((r: { ossCode: string }) => r.ossCode)).toEqual(['minio'])
    const detail = (await get('detail', park, { id: stored.id })).json().data
    expect(detail).toMatchObject({
      ossCode: 'minio',
      accessKey: S3_ACCESS,
      bucketName: 'park-100001',
      status: 1,
    })
    expect(detail).not.toHaveProperty('secretKey')
    expect(JSON.stringify(page) + JSON.stringify(detail)).not.toContain(S3_SECRET)
  })

  it('an update with a blank secret keeps the stored one', async () => {
    const id = await idOf('minio')
    const { secretKey: _s, ...rest } = minio()
    expect((await post('submit', park, { ...rest, id, remark: '改' })).statusCode).toBe(200)
    expect((await post('submit', park, { ...rest, id, secretKey: '' })).statusCode).toBe(200)
    expect((await rows()).find((r) => r.ossCode === 'minio')).toMatchObject({
      secretKey: S3_SECRET,
      remark: '园区 MinIO',
    })
  })

  it('refuses a bad form with 400 and writes nothing', async () => {
    const before = (await rows()).length
    const cases: [object, string][] = [
      [{ ...minio(), ossCode: 'other', category: undefined }, 'please select oss category'],
      [{ ...minio(), ossCode: '' }, 'please enter oss code'],
      [{ ...minio(), ossCode: 'minio' }, 'OSS编号已存在: minio'],
      [{ ...minio(), ossCode: 'x2', endpoint: 'ftp://host' }, 'endpoint: http(s)://host[:port]'],
      [{ ...minio(), ossCode: 'x3', bucketName: 'Bad_Bucket' }, 'bucketName'],
      [{ ...minio(), ossCode: 'x4', secretKey: '' }, 'secretKey: required for this category'],
      [{ category: 1, ossCode: 'x5' }, 'endpoint: required for this category'],
      [{ ...minio(), ossCode: 'x6', category: 9 }, 'please select oss category'],
    ]
    for (const [body, message] of cases) {
      const res = await post('submit', park, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().msg).toContain(message)
    }
    expect((await rows()).length).toBe(before)
  })

  it('an endpoint at an internal address the operator has not allowed is refused (SSRF)', async () => {
    for (const endpoint of ['http://169.254.169.254', 'http://10.0.0.9:9000', 'http://[::1]:9000']) {
      const res = await post('submit', park, { ...minio(), ossCode: 'inward', endpoint })
      expect(res.statusCode, endpoint).toBe(400)
      expect(res.json().msg).toBe(`对象存储地址不允许访问内网地址: ${new URL(endpoint).hostname}`)
    }
    expect((await rows()).some((r) => r.ossCode === 'inward')).toBe(false)
  })

  it('403 without the buttons: staff can neither read, add, enable nor remove', async () => {
    const id = await idOf('minio')
    expect((await get('page', staff)).statusCode).toBe(403)
    expect((await get('detail', staff, { id })).statusCode).toBe(403)
    expect((await post('submit', staff, { ...minio(), ossCode: 'staff' })).statusCode).toBe(403)
    expect((await post('enable', staff, undefined, { id })).statusCode).toBe(403)
    expect((await post('remove', staff, undefined, { ids: id })).statusCode).toBe(403)
    expect(await enabledCount()).toBe(0)
    expect((await rows()).some((r) => r.ossCode === 'staff')).toBe(false)
  })

  it('enable keeps exactly one enabled configuration per tenant', async () => {
    const minioId = await idOf('minio')
    const diskId = await idOf('disk')
    expect((await post('enable', park, undefined, { id: minioId })).statusCode).toBe(200)
    expect(await enabledCount()).toBe(1)
    expect((await post('enable', park, undefined, { id: diskId })).statusCode).toBe(200)
    expect(await enabledCount()).toBe(1)
    expect((await rows()).find((r) => r.status === 2)!.id).toBe(diskId)
    expect((await post('enable', park, undefined, { id: minioId })).statusCode).toBe(200)
    expect((await rows()).filter((r) => r.status === 2).map((r) => r.id)).toEqual([minioId])
    expect((await post('enable', park, undefined, { id: 'x' })).statusCode).toBe(400)
  })

  it('put-file goes to the enabled S3 configuration (the simulator) and reads back through the link', async () => {
    const res = await putFile(park, 'gate.jpg', Buffer.from('jpeg-bytes'))
    expect(res.statusCode).toBe(200)
    const file = res.json().data
    expect(file.domain).toBe(`${sim.endpoint}/park-100001`)
    expect(sim.buckets.get('park-100001')?.get(file.name)?.body.toString()).toBe('jpeg-bytes')
    const [row] = await t.database.db.select().from(attach).where(eq(attach.id, file.attachId))
    expect(row!.ossId).toBe(await idOf('minio'))
    const read = await t.app.inject({ method: 'GET', url: file.link })
    expect(read.statusCode).toBe(200)
    expect(read.body).toBe('jpeg-bytes')
    expect(read.headers['content-type']).toBe('image/jpeg')

    // `code` never selects another configuration (an uploader must not reach a disabled one)
    const named = (await putFile(park, 'note.txt', 'still s3', { code: 'disk' })).json().data
    expect(named.domain).toBe(`${sim.endpoint}/park-100001`)
    expect(sim.buckets.get('park-100001')?.get(named.name)?.body.toString()).toBe('still s3')
  })

  it('an unreachable or refusing S3 store answers 502 with the reason, and records nothing', async () => {
    const attachRows = async () => (await t.database.db.select().from(attach)).length
    const before = await attachRows()
    const badKey = { ...minio(), ossCode: 'badkey', accessKey: 'someone-else' }
    expect((await post('submit', park, badKey)).statusCode).toBe(200)
    expect((await post('enable', park, undefined, { id: await idOf('badkey') })).statusCode).toBe(200)
    const refused = await putFile(park, 'x.txt', 'x')
    expect(refused.statusCode).toBe(502)
    expect(refused.json().msg).toBe('对象存储写入失败 (badkey): AccessDenied')
    const closed = { ...minio(), ossCode: 'closed', endpoint: 'http://127.0.0.1:1' }
    expect((await post('submit', park, closed)).statusCode).toBe(200)
    expect((await post('enable', park, undefined, { id: await idOf('closed') })).statusCode).toBe(200)
    const down = await putFile(park, 'x.txt', 'x')
    expect(down.statusCode).toBe(502)
    // socket-level details (ECONNREFUSED…) would map the network for the uploader: not shown
    expect(down.json().msg).toBe('对象存储写入失败 (closed): 无法连接存储服务')
    expect(await attachRows()).toBe(before)
    expect((await post('enable', park, undefined, { id: await idOf('minio') })).statusCode).toBe(200)
    for (const code of ['badkey', 'closed'])
      expect((await post('remove', park, undefined, { ids: await idOf(code) })).statusCode).toBe(200)
  })

  it('another tenant neither sees nor enables nor removes the configuration, and uploads to its own store', async () => {
    const id = await idOf('minio')
    expect((await get('detail', platform, { id })).statusCode).toBe(404)
    expect((await get('page', platform)).json().data.total).toBe(0)
    expect((await post('enable', platform, undefined, { id })).statusCode).toBe(404)
    expect((await post('remove', platform, undefined, { ids: id })).statusCode).toBe(404)
    expect((await post('submit', platform, { ...minio(), id, remark: 'hijack' })).statusCode).toBe(404)
    expect((await rows()).find((r) => r.id === id)).toMatchObject({ status: 2, remark: '园区 MinIO' })
    const file = (await putFile(platform, 'p.txt', 'platform', { code: 'minio' })).json().data
    expect(file.name).toMatch(/^000000\//)
    expect(file.domain).toBe('/xparkApi/blade-resource/file')
  })

  it('remove soft-deletes; the next upload falls back to the local disk; stored files still read', async () => {
    const id = await idOf('minio')
    const before = (await putFile(park, 'kept.txt', 'kept in s3')).json().data
    expect((await post('remove', park, undefined, { ids: id })).statusCode).toBe(200)
    expect((await rows()).some((r) => r.id === id)).toBe(false)
    expect(await enabledCount()).toBe(0)
    const file = (await putFile(park, 'after.txt', 'x')).json().data
    expect(file.domain).toBe('/xparkApi/blade-resource/file')
    expect((await t.app.inject({ method: 'GET', url: before.link })).body).toBe('kept in s3')
  })
})

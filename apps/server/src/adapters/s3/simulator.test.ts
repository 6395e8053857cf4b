import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { Client } from 'minio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FileLinks, newObjectKey, S3ObjectStore } from '../../core/storage/index.js'
import { type S3Simulator, startS3Simulator } from './simulator.js'

const ACCESS = 'sim-access'
const SECRET = 'sim-secret-key-0123456789'

describe('S3 simulator: the real minio client works against it', () => {
  let sim: S3Simulator
  const clientWith = (accessKey = ACCESS, secretKey = SECRET) =>
    new Client({
      endPoint: '127.0.0.1',
      port: sim.port,
      useSSL: false,
      accessKey,
      secretKey,
      region: 'us-east-1',
      pathStyle: true,
    })

  beforeAll(async () => {
    sim = await startS3Simulator({ accessKey: ACCESS, secretKey: SECRET, maxObjectBytes: 1024 * 1024 })
  })
  afterAll(() => sim.close())

  it('makes a bucket, puts, stats, gets and removes an object', async () => {
    const client = clientWith()
    expect(await client.bucketExists('park-files')).toBe(false)
    await client.makeBucket('park-files', 'us-east-1')
    expect(await client.bucketExists('park-files')).toBe(true)

    const body = Buffer.from('门禁照片 bytes')
    await client.putObject('park-files', '100001/upload/20260101/a b.txt', body, body.length, {
      'Content-Type': 'text/plain',
    })
    const stat = await client.statObject('park-files', '100001/upload/20260101/a b.txt')
    expect(stat.size).toBe(body.length)
    const read = await buffer(await client.getObject('park-files', '100001/upload/20260101/a b.txt'))
    expect(read.equals(body)).toBe(true)
    expect(sim.buckets.get('park-files')?.get('100001/upload/20260101/a b.txt')?.contentType).toBe(
      'text/plain',
    )

    await client.removeObject('park-files', '100001/upload/20260101/a b.txt')
    await expect(client.statObject('park-files', '100001/upload/20260101/a b.txt')).rejects.toMatchObject({
      code: 'NotFound',
    })
    await expect(client.getObject('park-files', 'missing.txt')).rejects.toMatchObject({ code: 'NoSuchKey' })
  })

  it('refuses a wrong access key, a wrong secret and unsigned requests', async () => {
    await expect(clientWith('other-key').bucketExists('park-files')).rejects.toMatchObject({
      code: 'AccessDenied',
    })
    await expect(
      clientWith(ACCESS, 'wrong-secret').putObject('park-files', 'x.txt', Buffer.from('x')),
    ).rejects.toMatchObject({
      code: 'AccessDenied',
    })
    expect(sim.buckets.get('park-files')?.has('x.txt')).toBe(false)
    const anonymous = await fetch(`${sim.endpoint}/park-files/x.txt`)
    expect(anonymous.status).toBe(403)
    const basic = await fetch(`${sim.endpoint}/park-files`, {
      method: 'HEAD',
      headers: { authorization: 'Basic eDp5' },
    })
    expect(basic.status).toBe(403)
  })

  it('serves a presigned GET URL, and only with its signature intact', async () => {
    const client = clientWith()
    await client.putObject('park-files', 'signed.txt', Buffer.from('presigned'))
    const url = await client.presignedGetObject('park-files', 'signed.txt', 60)
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('presigned')
    expect((await fetch(url.replace(/X-Amz-Signature=[0-9a-f]/, 'X-Amz-Signature=z'))).status).toBe(403)
  })

  it('has no multipart upload: a client must send one PUT; bodies over the cap are refused', async () => {
    const client = clientWith()
    await expect(
      client.putObject('park-files', 'big.bin', Buffer.alloc(1024 * 1024 + 1)),
    ).rejects.toMatchObject({
      code: 'EntityTooLarge',
    })
    expect(sim.buckets.get('park-files')?.has('big.bin')).toBe(false)
  })

  it('backs core/storage S3ObjectStore: makes its bucket on first put, reads back, removes', async () => {
    const links = new FileLinks('x'.repeat(40))
    const store = new S3ObjectStore(
      { endpoint: sim.endpoint, accessKey: ACCESS, secretKey: SECRET, bucket: 'tenant-100001' },
      links,
    )
    const key = newObjectKey('100001', 'photo.PNG')
    const stored = await store.put(Readable.from([Buffer.from('png-bytes')]), key, 'image/png')
    expect(stored).toEqual({ name: key, size: 9, link: links.link(key) })
    expect(store.domain).toBe(`${sim.endpoint}/tenant-100001`)
    const got = await store.get(key)
    expect(got?.size).toBe(9)
    expect((await buffer(got!.stream)).toString()).toBe('png-bytes')
    const direct = await fetch(await store.url(key, 60))
    expect(await direct.text()).toBe('png-bytes')
    await store.remove(key)
    expect(await store.get(key)).toBeNull()
    await store.remove(key)
  })
})

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootOf, startTestApp, type TestContext } from '../../test/harness.js'
import { accepts, BOOT_ELEMENT_ID, jsonForScript, registerConsole } from './console.js'

/** A console build as Vite writes it: hashed assets with .gz/.br beside the big ones, a manifest. */
function fakeBuild(): { root: string; js: Buffer; css: Buffer } {
  const root = mkdtempSync(join(tmpdir(), 'xpark-console-'))
  mkdirSync(join(root, 'assets'))
  mkdirSync(join(root, '.vite'))
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><head><title>t</title><script type="module" src="./assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>',
  )
  const js = Buffer.from(`export const x = ${JSON.stringify('console '.repeat(800))}\n`)
  writeFileSync(join(root, 'assets/app-1a2b.js'), js)
  writeFileSync(join(root, 'assets/app-1a2b.js.gz'), gzipSync(js))
  writeFileSync(join(root, 'assets/app-1a2b.js.br'), brotliCompressSync(js))
  // big enough for @fastify/compress, but the build wrote no copies: it must go out as it is
  const css = Buffer.from(`.a{color:red}\n`.repeat(300))
  writeFileSync(join(root, 'assets/plain-3c4d.css'), css)
  writeFileSync(join(root, '.vite/manifest.json'), '{}')
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *\n')
  writeFileSync(join(root, 'odd:name*.txt'), 'not a route pattern')
  return { root, js, css }
}

describe('console files served by the API process', () => {
  let t: TestContext
  let build: ReturnType<typeof fakeBuild>
  const asset = (path: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: path,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    })

  beforeAll(async () => {
    build = fakeBuild()
    t = await startTestApp({ XPARK_WEB_DIST: build.root })
  })
  afterAll(async () => {
    await t.close()
    rmSync(build.root, { recursive: true, force: true })
  })

  it('sends the brotli copy the build wrote when the browser takes it, cached for good, without helmet', async () => {
    const reply = await asset('/assets/app-1a2b.js', 'gzip, deflate, br, zstd')
    expect(reply.statusCode).toBe(200)
    expect(reply.headers['content-encoding']).toBe('br')
    expect(reply.headers.vary).toBe('Accept-Encoding')
    expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(reply.headers['x-content-type-options']).toBe('nosniff')
    expect(reply.headers['x-frame-options']).toBeUndefined()
    expect(reply.rawPayload.equals(brotliCompressSync(build.js))).toBe(true)
    expect(Number(reply.headers['content-length'])).toBe(reply.rawPayload.length)
  })

  it('sends the gzip copy to a gzip-only client and the file itself to one that takes neither', async () => {
    const gz = await asset('/assets/app-1a2b.js', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.rawPayload.equals(gzipSync(build.js))).toBe(true)
    for (const refusing of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await asset('/assets/app-1a2b.js', refusing)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.headers.vary).toBe('Accept-Encoding')
      expect(plain.rawPayload.equals(build.js)).toBe(true)
    }
  })

  it('never compresses a file per request: one without copies goes out as it is', async () => {
    const reply = await asset('/assets/plain-3c4d.css', 'gzip, br')
    expect(reply.statusCode).toBe(200)
    expect(reply.headers['content-encoding']).toBeUndefined()
    expect(reply.headers.vary).toBeUndefined()
    expect(reply.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(reply.rawPayload.equals(build.css)).toBe(true)
    // API answers are still compressed
    const api = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(api.headers['content-encoding']).toBe('gzip')
  })

  it('serves other top-level files unhashed (always revalidated), and nothing else', async () => {
    const robots = await asset('/robots.txt')
    expect(robots.statusCode).toBe(200)
    expect(robots.headers['cache-control']).toBe('no-cache')
    for (const hidden of [
      '/.vite/manifest.json',
      '/assets/app-1a2b.js.gz',
      '/assets/none.js',
      '/nope.js',
      '/odd:name*.txt',
      '/oddXnameY.txt',
    ]) {
      const reply = await asset(hidden)
      expect(reply.statusCode, hidden).toBe(404)
      expect(reply.json().msg).toBe(`没找到请求: GET ${hidden}`)
    }
  })

  it('renders index.html with the boot data, never cached, with helmet, at / and /index.html', async () => {
    for (const url of ['/', '/index.html']) {
      const reply = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } })
      expect(reply.statusCode).toBe(200)
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(reply.headers['cache-control']).toBe('no-cache')
      expect(reply.headers['content-encoding']).toBeUndefined()
      expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN')
      // the element sits in the head, before the page's own scripts run
      expect(reply.body).toMatch(/<script type="application\/json" id="xpark-boot">[^<]*<\/script><\/head>/)
      expect(bootOf(reply.body)).toMatchObject({ settings: { tenantMode: true, captchaMode: false } })
    }
  })

  it('HEAD answers the headers without a body', async () => {
    const reply = await t.app.inject({
      method: 'HEAD',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'br' },
    })
    expect(reply.statusCode).toBe(200)
    expect(reply.headers['content-encoding']).toBe('br')
    expect(reply.body).toBe('')
  })
})

describe('index.html boot data (core/http/console.ts alone)', () => {
  let root: string
  beforeAll(() => {
    root = fakeBuild().root
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  async function serve(boot: (hostname: string) => Promise<unknown>, bootTtlMs?: number) {
    const app = Fastify({ logger: false })
    expect(registerConsole(app, { root, boot, bootTtlMs })).toBe(true)
    await app.ready()
    return app
  }

  it('asks once per host within the time it is kept, apart for each host', async () => {
    const asked: string[] = []
    const app = await serve(async (host) => {
      asked.push(host)
      return { host, n: asked.length }
    }, 60_000)
    const get = (host: string) => app.inject({ method: 'GET', url: '/', headers: { host } })
    expect(bootOf((await get('a.example')).body)).toEqual({ host: 'a.example', n: 1 })
    expect(bootOf((await get('a.example:8080')).body)).toEqual({ host: 'a.example', n: 1 })
    expect(bootOf((await get('b.example')).body)).toEqual({ host: 'b.example', n: 2 })
    expect(asked).toEqual(['a.example', 'b.example'])
    await app.close()
  })

  it('a failing lookup sends the page without boot data and is asked again next time', async () => {
    let fail = true
    const app = await serve(async () => {
      if (fail) throw new Error('database down')
      return { ok: true }
    })
    const first = await app.inject({ method: 'GET', url: '/' })
    expect(first.statusCode).toBe(200)
    expect(first.body).not.toContain(BOOT_ELEMENT_ID)
    expect(first.body).toContain('<script type="module" src="./assets/app-1a2b.js">')
    fail = false
    expect(bootOf((await app.inject({ method: 'GET', url: '/' })).body)).toEqual({ ok: true })
    await app.close()
  })

  it('a value cannot leave the data element, and reads back as it was', async () => {
    const nasty = '</script><script>alert(1)</script><!-- & \u2028 >'
    const app = await serve(async () => ({ name: nasty }))
    const html = (await app.inject({ method: 'GET', url: '/' })).body
    expect(html.match(/<\/script>/g)).toHaveLength(2) // the boot element's and the entry's
    expect(html).not.toContain('<!--')
    expect(bootOf(html)).toEqual({ name: nasty })
    expect(jsonForScript({ a: '<' })).toBe('{"a":"\\u003c"}')
    await app.close()
  })

  it('registers nothing when the folder holds no build', () => {
    expect(registerConsole(Fastify(), { root: join(root, 'missing'), boot: async () => ({}) })).toBe(false)
  })
})

describe('Accept-Encoding', () => {
  it('reads tokens and their q values', () => {
    expect(accepts('gzip, deflate, br, zstd', 'br')).toBe(true)
    expect(accepts('gzip;q=1.0, br;q=0', 'br')).toBe(false)
    expect(accepts('GZIP', 'gzip')).toBe(true)
    expect(accepts('x-gzip, brotli', 'gzip')).toBe(false)
    expect(accepts('br;q=0.5', 'br')).toBe(true)
    expect(accepts(undefined, 'gzip')).toBe(false)
  })
})

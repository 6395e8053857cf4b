import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootOf, startTestApp, type TestContext } from '../../test/harness.js'

/** the smallest console build: index.html is all these tests read */
function fakeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'xpark-boot-'))
  mkdirSync(join(root, 'assets'))
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
  return root
}

describe('console settings inside index.html (the sign-in page needs no request)', () => {
  let t: TestContext
  let root: string
  const page = (host: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'GET', url: '/', headers: { host }, remoteAddress })

  beforeAll(async () => {
    root = fakeBuild()
    t = await startTestApp({ XPARK_WEB_DIST: root, XPARK_CAPTCHA: 'on' })
    // park 100001 answers on its own domain; its name tries to end the data element early
    await t.database.db.execute(
      sql`update blade_tenant set domain = 'park.example.com', tenant_name = '示范园区</script><script>alert(1)</script>', logo = '/logo.png', background_url = '/bg.jpg' where tenant_id = '100001'`,
    )
  })
  afterAll(async () => {
    await t.close()
    rmSync(root, { recursive: true, force: true })
  })

  it('carries what console/settings answers, and no park on the platform host', async () => {
    const settings = (await t.app.inject({ method: 'GET', url: '/xparkApi/console/settings' })).json().data
    expect(settings).toEqual({
      tenantMode: true,
      captchaMode: true,
      tokenTime: expect.any(Number),
      tenantId: '',
      clientId: 'xpark',
    })
    // and the third-party sign-in buttons (none configured here: modules/social), and the English names
    // of the screens the modules declare with their contracts
    expect(bootOf((await page('localhost')).body)).toEqual({
      settings,
      tenant: null,
      providers: [],
      menuNames: expect.objectContaining({ commodity_brand: 'Brands' }),
    })
  })

  it("carries the park of the request's domain, as tenant/info answers it, escaped", async () => {
    const reply = await page('park.example.com')
    const info = (
      await t.app.inject({ method: 'GET', url: '/xparkApi/blade-system/tenant/info?domain=park.example.com' })
    ).json().data
    expect(info).toEqual({
      tenantId: '100001',
      tenantName: '示范园区</script><script>alert(1)</script>',
      logo: '/logo.png',
      backgroundUrl: '/bg.jpg',
    })
    expect(bootOf(reply.body)).toMatchObject({ tenant: info })
    expect(reply.body).not.toContain('<script>alert(1)')
  })

  it('a caller walking hosts uses its tenant/info budget; over it the page goes out without boot data', async () => {
    const walker = '203.0.113.9'
    for (let i = 0; i < 120; i++) {
      const reply = await page(`guess${i}.example`, walker)
      expect(bootOf(reply.body)).toMatchObject({ tenant: null })
    }
    const over = await page('guess-more.example', walker)
    expect(over.statusCode).toBe(200)
    expect(bootOf(over.body)).toBeNull()
    const info = await t.app.inject({
      method: 'GET',
      url: '/xparkApi/blade-system/tenant/info?domain=park.example.com',
      remoteAddress: walker,
    })
    expect(info.statusCode).toBe(429)
    // a host already asked within the last seconds costs nothing
    expect(bootOf((await page('park.example.com', walker)).body)).toMatchObject({
      tenant: { tenantId: '100001' },
    })
  })
})

describe('a console pinned to one tenant', () => {
  let t: TestContext
  let root: string
  beforeAll(async () => {
    root = fakeBuild()
    t = await startTestApp({ XPARK_WEB_DIST: root, XPARK_TENANT_ID: '100001', XPARK_TENANT_MODE: 'off' })
  })
  afterAll(async () => {
    await t.close()
    rmSync(root, { recursive: true, force: true })
  })

  it('looks up no domain', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'park.example.com' } })
    expect(bootOf(reply.body)).toEqual({
      settings: expect.objectContaining({ tenantMode: false, tenantId: '100001' }),
      tenant: null,
      providers: [],
      menuNames: expect.objectContaining({ commodity_brand: 'Brands' }),
    })
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestContext } from '../../test/harness.js'
import { API_SECURITY_HEADERS, SECURITY_HEADERS } from './security-headers.js'

describe('security headers', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('an API answer carries the API set only: nosniff, HSTS, same-origin resources', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/xparkApi/health' })
    expect(res.statusCode).toBe(200)
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect(res.headers[name]).toBe(value)
    // the document headers stay off a JSON answer
    expect(res.headers['x-frame-options']).toBeUndefined()
    expect(res.headers['x-xss-protection']).toBeUndefined()
    // an error answer of the API too
    const refused = await t.app.inject({ method: 'GET', url: '/xparkApi/blade-system/menu/buttons' })
    expect(refused.statusCode).toBe(401)
    expect(refused.headers['x-content-type-options']).toBe('nosniff')
    expect(refused.headers['referrer-policy']).toBeUndefined()
  })

  it('a document (the API docs page) carries every header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/xparkApi/docs' })
    expect([200, 302]).toContain(res.statusCode)
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers[name]).toBe(value)
  })
})

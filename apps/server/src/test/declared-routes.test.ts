import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestContext } from './harness.js'

/**
 * Every API route is declared (issue 27): a kit resource's route (config `resource`) or a declared call
 * (`defineCall` + `handle()`, config `call`), so its path, parameters, reply schema and permission live
 * in `@xpark/contract` where the console's typed client reads them.
 */

describe('declared routes', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('every route is a resource route or a declared call', () => {
    const undeclared = t.app.routeTable
      .filter((r) => !r.resource && !r.call)
      .map((r) => `${r.method} ${r.url.replace(/^\/xparkApi\//, '')}`)
    expect(undeclared, 'routes registered by hand').toEqual([])
  })
})

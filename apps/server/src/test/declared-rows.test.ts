import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signIn, startTestApp, type TestContext } from './harness.js'

/**
 * The system area's list resources declare their rows in packages/contract (schemas/rows.ts): the
 * reads carry them as response schemas (the OpenAPI document shows the fields), and every reply of the
 * test suite is checked against them (a row that drifts from its contract fails).
 */
const DECLARED: Record<string, string[]> = {
  'blade-system/param': ['paramName', 'paramKey', 'paramValue'],
  'blade-system/client': ['clientId', 'authorizedGrantTypes', 'accessTokenValidity'],
  'blade-system/staff/type': ['name', 'code', 'sort'],
  'blade-system/post': ['postCode', 'postName', 'category'],
  'blade-system/topmenu': ['code', 'name', 'sort'],
  'blade-system/datasource': ['name', 'url', 'username'],
  'blade-system/proxyTenant': ['name', 'linkman', 'contactNumber'],
  'blade-system/production': ['name', 'sort', 'remark'],
}

interface Schema {
  properties?: Record<string, Schema>
  items?: Schema
}

describe('declared rows of the system list resources', () => {
  let t: TestContext
  let admin: Record<string, string>
  let doc: {
    paths: Record<
      string,
      Record<string, { responses?: Record<string, { content?: Record<string, { schema: Schema }> }> }>
    >
  }
  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app))
    doc = (await t.app.inject({ method: 'GET', url: '/xparkApi/docs/json' })).json()
  })
  afterAll(() => t.close())

  it('the page and detail routes document the row of the contract', () => {
    for (const [path, fields] of Object.entries(DECLARED)) {
      const page = doc.paths[`/xparkApi/${path}/page`]?.get?.responses?.['200']?.content?.['application/json']
      const records = page?.schema.properties?.data?.properties?.records?.items?.properties ?? {}
      expect(Object.keys(records), `${path}/page`).toEqual(expect.arrayContaining(['id', ...fields]))
      const detail =
        doc.paths[`/xparkApi/${path}/detail`]?.get?.responses?.['200']?.content?.['application/json']
      expect(Object.keys(detail?.schema.properties?.data?.properties ?? {}), `${path}/detail`).toEqual(
        expect.arrayContaining(['id', ...fields]),
      )
      // write-only fields are not part of a row
      expect(Object.keys(records)).not.toContain('clientSecret')
      expect(Object.keys(records)).not.toContain('password')
    }
  })

  it('the replies match their rows (the test suite checks every reply with a schema)', async () => {
    for (const path of Object.keys(DECLARED)) {
      const res = await t.app.inject({ method: 'GET', url: `/xparkApi/${path}/page`, headers: admin })
      expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBe(200)
      const records = res.json().data.records as Record<string, unknown>[]
      if (records[0]) {
        const one = await t.app.inject({
          method: 'GET',
          url: `/xparkApi/${path}/detail`,
          query: { id: String(records[0].id) },
          headers: admin,
        })
        expect(one.statusCode, `${path}/detail: ${one.body.slice(0, 200)}`).toBe(200)
      }
    }
  })
})

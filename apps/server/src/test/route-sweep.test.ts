import { eq, getTableColumns } from 'drizzle-orm'
import { type PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nextId } from '../core/ids.js'
import * as schema from '../db/schema.js'
import { bearer, signIn, startTestApp, type TestContext } from './harness.js'

/**
 * Every GET route of the app, called with a token of tenant 100001 and every id-like parameter set
 * to ids of tenant 000000's rows: no answer may carry an id of a row that belongs to 000000 only.
 * The routes come from the OpenAPI document, which lists every route not hidden from it.
 */

interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[]
}

describe('route sweep: tenant 100001 finds nothing of tenant 000000', () => {
  let t: TestContext
  let park: Record<string, string>
  /** every row id of a tenant table that belongs to the platform tenant */
  const foreign = new Set<string>()
  /** a few per table, to put into parameters */
  const probes: string[] = []

  beforeAll(async () => {
    t = await startTestApp()
    park = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    // platform rows of tables the seed leaves empty (resource settings), so their routes are probed too
    const platform = bearer(await signIn(t.app))
    for (const [url, payload] of [
      ['/xparkApi/blade-resource/oss/submit', { category: 5, ossCode: 'sweep-disk' }],
      ['/xparkApi/blade-resource/sms/submit', { category: 5, smsCode: 'sweep-log' }],
    ] as const)
      expect((await t.app.inject({ method: 'POST', url, headers: platform, payload })).statusCode).toBe(200)
    await t.database.db.insert(schema.attach).values({
      id: nextId(),
      tenantId: '000000',
      link: '/xparkApi/blade-resource/file/000000/upload/20260101/00000000000000000000000000000000.txt',
      name: '000000/upload/20260101/00000000000000000000000000000000.txt',
      originalName: 'sweep.txt',
    })
    for (const table of Object.values(schema)) {
      if (!(table instanceof PgTable)) continue
      const columns = getTableColumns(table) as Record<string, PgColumn>
      if (!columns.tenantId || !columns.id) continue
      const rows = (await t.database.db
        .select({ id: columns.id })
        .from(table)
        .where(eq(columns.tenantId, '000000'))) as { id: string }[]
      for (const r of rows) foreign.add(String(r.id))
      probes.push(...rows.slice(0, 3).map((r) => String(r.id)))
    }
  })
  afterAll(() => t.close())

  it('has platform rows to look for', () => {
    expect(foreign.size).toBeGreaterThan(5)
  })

  it('no GET route answers with a platform row id', { timeout: 300_000 }, async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/xparkApi/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>
    }
    const routes = Object.entries(doc.paths)
      // logout would end the sweep's own session
      .filter(([path, ops]) => ops.get && !path.startsWith('/xparkApi/docs') && !path.endsWith('/logout'))
      .map(([path, ops]) => ({ path, params: (ops.get!.parameters ?? []).filter((p) => p.in === 'query') }))
      // the log readers first: downloads (Excel exports) are API-logged, and the sweep's own probe ids
      // in tenant 100001's log are its input echoed back, not a platform row
      .sort((a, b) => Number(!a.path.includes('/blade-log/')) - Number(!b.path.includes('/blade-log/')))
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/xparkApi/blade-user/page',
        '/xparkApi/blade-user/search/user',
        '/xparkApi/blade-system/search/dept',
        '/xparkApi/blade-system/dept/tree',
        '/xparkApi/blade-system/role/tree-by-id',
        '/xparkApi/blade-system/menu/role-tree-keys',
        '/xparkApi/blade-system/menuApp/routes',
        '/xparkApi/blade-system/staff/type/select',
        '/xparkApi/blade-desk/shortcut/select',
        '/xparkApi/blade-app/appInfo/page',
        '/xparkApi/blade-app/detail',
      ]),
    )

    const leaks: string[] = []
    let calls = 0
    for (const route of routes) {
      const single = route.params.filter((p) => p.name === 'id' || /Id$/.test(p.name))
      const variants = single.length ? probes : [undefined]
      for (const probe of variants) {
        const query: Record<string, string> = {}
        for (const p of route.params) {
          if (/tenantId/i.test(p.name)) query[p.name] = '000000'
          else if (/ids$/i.test(p.name)) query[p.name] = probes.slice(0, 50).join(',')
          else if (single.includes(p) && probe) query[p.name] = probe
          else if (p.required) query[p.name] = 'x'
        }
        const res = await t.app.inject({ method: 'GET', url: route.path, query, headers: park })
        calls++
        const what = `${route.path} ${JSON.stringify(query)}: ${res.body.slice(0, 300)}`
        expect(res.statusCode, what).toBeLessThan(500)
        expect(res.statusCode, what).not.toBe(401)
        const found = (res.body.match(/\d{15,19}/g) ?? []).filter((id) => foreign.has(id))
        if (found.length)
          leaks.push(`${route.path}?${new URLSearchParams(query)} → ${found.slice(0, 3).join(',')}`)
      }
    }
    expect(leaks).toEqual([])
    expect(calls).toBeGreaterThan(routes.length)
  })
})

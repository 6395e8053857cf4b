import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  type Headers,
  resourceCalls,
  signIn,
  startTestApp,
  type TestContext,
} from '../../test/harness.js'
import { datasource, tenant } from './schema.js'

const SECRET = 'db-Secret-4711'

describe('datasources (blade-system/datasource) and tenant/datasource', () => {
  let t: TestContext
  let admin: Headers
  let park: Headers
  const api = resourceCalls(() => t, '/xparkApi/blade-system')

  const sourceNamed = async (name: string) =>
    (
      await t.database.db
        .select()
        .from(datasource)
        .where(and(eq(datasource.name, name), eq(datasource.isDeleted, 0)))
    )[0]
  const demoPark = async () =>
    (await t.database.db.select().from(tenant).where(eq(tenant.tenantId, '100001')))[0]!

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app))
    park = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
  })
  afterAll(() => t.close())

  it('adds a PostgreSQL datasource; the password is stored and never read back', async () => {
    const res = await api.post('datasource/submit', admin, {
      name: '园区库',
      url: 'jdbc:postgresql://db.internal:5432/park1',
      username: 'park1',
      password: SECRET,
      remark: '示范',
    })
    expect(res.statusCode, res.body).toBe(200)
    const row = (await sourceNamed('园区库'))!
    expect(row).toMatchObject({ driverClass: 'org.postgresql.Driver', password: SECRET })
    const replies = [
      await api.get('datasource/page', admin),
      await api.get('datasource/list', admin),
      await api.get('datasource/detail', admin, { id: row.id }),
      await api.get('datasource/select', admin),
    ]
    for (const reply of replies) {
      expect(reply.statusCode).toBe(200)
      expect(reply.body).not.toContain(SECRET)
      expect(reply.body).not.toContain('"password"')
    }
    expect(replies[2]!.json().data).toMatchObject({
      name: '园区库',
      url: 'jdbc:postgresql://db.internal:5432/park1',
    })
    expect(replies[3]!.json().data).toEqual([{ id: row.id, name: '园区库' }])
    // an edit without a password keeps the stored one
    expect(
      (
        await api.post('datasource/submit', admin, {
          id: row.id,
          name: '园区库',
          url: row.url,
          username: 'park1b',
        })
      ).statusCode,
    ).toBe(200)
    expect((await sourceNamed('园区库'))!).toMatchObject({ username: 'park1b', password: SECRET })
  })

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = (await t.database.db.select({ n: count() }).from(datasource))[0]!.n
    const good = { name: '坏库', url: 'postgresql://db:5432/x', username: 'u' }
    for (const [body, text] of [
      [{ ...good, url: 'jdbc:mysql://db:3306/x' }, 'url:'],
      [{ ...good, url: 'postgresql://user:pw@db:5432/x' }, 'url:'],
      [{ ...good, url: 'postgresql://db:5432/x?password=pw' }, 'url:'],
      [{ ...good, url: 'file:///etc/passwd' }, 'url:'],
      [{ ...good, url: 'http://169.254.169.254/latest' }, 'url:'],
      [{ ...good, driverClass: 'com.mysql.cj.jdbc.Driver' }, 'driver'],
      [{ ...good, name: '' }, 'please enter datasource name'],
      [{ ...good, username: undefined }, 'please enter datasource username'],
      [{ ...good, name: '园区库' }, '数据源名称已存在'],
    ] as const) {
      const res = await api.post('datasource/submit', admin, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().msg).toContain(text)
    }
    expect((await t.database.db.select({ n: count() }).from(datasource))[0]!.n).toBe(before)
  })

  it('binds a tenant to a datasource (Saber query parameters), shows it, and unbinds', async () => {
    const row = (await sourceNamed('园区库'))!
    const res = await api.post('tenant/datasource', admin, undefined, {
      tenantId: '100001',
      datasourceId: row.id,
    })
    expect(res.statusCode, res.body).toBe(200)
    const park = await demoPark()
    expect(park.datasourceId).toBe(row.id)
    expect((await api.get('tenant/detail', admin, { id: park.id })).json().data.datasourceId).toBe(row.id)
    // a bound datasource cannot be removed
    const remove = await api.post('datasource/remove', admin, undefined, { ids: row.id })
    expect(remove.statusCode).toBe(400)
    expect(remove.json().msg).toBe('数据源仍绑定租户,不能删除: 100001')

    for (const [query, code] of [
      [{ tenantId: '100001', datasourceId: '1234567890123' }, 400],
      [{ tenantId: '999999', datasourceId: row.id }, 404],
      [{ tenantId: '100001' }, 400],
      [{ datasourceId: row.id }, 400],
    ] as const) {
      const bad = await api.post('tenant/datasource', admin, undefined, query)
      expect(bad.statusCode, JSON.stringify(query)).toBe(code)
    }
    expect((await demoPark()).datasourceId).toBe(row.id)

    const unbind = await api.post('tenant/datasource', admin, { tenantId: '100001', datasourceId: '' })
    expect(unbind.statusCode, unbind.body).toBe(200)
    expect((await demoPark()).datasourceId).toBeNull()
    expect((await api.post('datasource/remove', admin, undefined, { ids: row.id })).statusCode).toBe(200)
    expect(await sourceNamed('园区库')).toBeUndefined()
  })

  it('a tenant admin gets 403 on every datasource route and on the binding', async () => {
    await api.post('datasource/submit', admin, {
      name: '平台库',
      url: 'postgres://db/p',
      username: 'p',
      password: SECRET,
    })
    const row = (await sourceNamed('平台库'))!
    const calls = [
      api.get('datasource/page', park),
      api.get('datasource/list', park),
      api.get('datasource/detail', park, { id: row.id }),
      api.get('datasource/select', park),
      api.post('datasource/submit', park, { name: '越权', url: 'postgres://db/p', username: 'p' }),
      api.post('datasource/submit', park, {
        id: row.id,
        name: '越权',
        url: 'postgres://db/p',
        username: 'p',
      }),
      api.post('datasource/remove', park, undefined, { ids: row.id }),
      api.post('tenant/datasource', park, undefined, { tenantId: '100001', datasourceId: row.id }),
    ]
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(403)
      expect(res.body).not.toContain(SECRET)
    }
    expect((await sourceNamed('平台库'))!.name).toBe('平台库')
    expect((await demoPark()).datasourceId).toBeNull()
  })
})

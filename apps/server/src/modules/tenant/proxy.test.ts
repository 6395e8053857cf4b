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
import { production, proxyProduction, proxyTenant, tenant } from './schema.js'

const PASSWORD = 'Park@2026x'

describe('agents (blade-system/proxyTenant)', () => {
  let t: TestContext
  let admin: Headers
  let park: Headers
  const product = new Map<string, string>()
  const api = resourceCalls(() => t, '/xparkApi/blade-system')

  const agentNamed = async (name: string) =>
    (
      await t.database.db
        .select()
        .from(proxyTenant)
        .where(and(eq(proxyTenant.name, name), eq(proxyTenant.isDeleted, 0)))
    )[0]
  const tenantNamed = async (name: string) =>
    (
      await t.database.db
        .select()
        .from(tenant)
        .where(and(eq(tenant.tenantName, name), eq(tenant.isDeleted, 0)))
    )[0]
  const tenantCount = async () => (await t.database.db.select({ n: count() }).from(tenant))[0]!.n

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app))
    park = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    for (const p of await t.database.db.select().from(production)) product.set(p.name, p.id)
  })
  afterAll(() => t.close())

  it('adds, pages, shows, edits and selects agents; refuses a nameless one', async () => {
    const res = await api.post('proxyTenant/submit', admin, {
      name: '华东代理',
      linkman: '李四',
      contactNumber: '13900000000',
      logo: 'https://cdn.example.com/east.png',
      remark: '华东区',
    })
    expect(res.statusCode, res.body).toBe(200)
    const page = (await api.get('proxyTenant/page', admin, { name: '华东' })).json().data
    expect(page.records).toMatchObject([
      { name: '华东代理', linkman: '李四', logo: 'https://cdn.example.com/east.png' },
    ])
    const id = page.records[0].id
    expect(
      (await api.post('proxyTenant/submit', admin, { id, name: '华东代理', remark: '华东区(沪苏浙)' }))
        .statusCode,
    ).toBe(200)
    expect((await api.get('proxyTenant/detail', admin, { id })).json().data.remark).toBe('华东区(沪苏浙)')
    expect((await api.get('proxyTenant/select', admin)).json().data).toEqual([{ id, name: '华东代理' }])
    const bad = await api.post('proxyTenant/submit', admin, { name: '' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().msg).toContain('please enter agent name')
  })

  it('grants an agent the products it may sell', async () => {
    const agent = (await agentNamed('华东代理'))!
    const res = await api.post('proxyTenant/grant', admin, {
      proxyId: agent.id,
      productIds: [product.get('基础版'), product.get('通知公告')],
    })
    expect(res.statusCode, res.body).toBe(200)
    const keys = (await api.get('proxyTenant/product-keys', admin, { proxyId: agent.id })).json().data
    expect([...keys].sort()).toEqual([product.get('基础版'), product.get('通知公告')].sort())
    const unknown = await api.post('proxyTenant/grant', admin, {
      proxyId: agent.id,
      productIds: ['1234567890123'],
    })
    expect(unknown.statusCode).toBe(400)
    expect(
      (await api.get('proxyTenant/product-keys', admin, { proxyId: agent.id })).json().data,
    ).toHaveLength(2)
  })

  it("a tenant of an agent may hold only the agent's products", async () => {
    const agent = (await agentNamed('华东代理'))!
    const before = await tenantCount()
    const refused = await api.post('tenant/submit', admin, {
      tenantName: '代理园区',
      adminPassword: PASSWORD,
      proxyId: agent.id,
      proIds: `${product.get('基础版')},${product.get('行政区划')}`,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().msg).toBe('代理商无权销售产品: 行政区划')
    const noAgent = await api.post('tenant/submit', admin, {
      tenantName: '代理园区',
      adminPassword: PASSWORD,
      proxyId: '1234567890123',
      proIds: product.get('基础版'),
    })
    expect(noAgent.statusCode).toBe(400)
    expect(noAgent.json().msg).toBe('代理商不存在')
    expect(await tenantCount()).toBe(before)

    const res = await api.post('tenant/submit', admin, {
      tenantName: '代理园区',
      adminPassword: PASSWORD,
      proxyId: agent.id,
      proIds: product.get('基础版'),
    })
    expect(res.statusCode, res.body).toBe(200)
    const row = (await tenantNamed('代理园区'))!
    expect(row.proxyId).toBe(agent.id)
    // an update keeps the agent and its limits
    const update = await api.post('tenant/submit', admin, {
      id: row.id,
      tenantName: '代理园区',
      proIds: product.get('行政区划'),
    })
    expect(update.statusCode).toBe(400)
    // without the agent, any product
    const freed = await api.post('tenant/submit', admin, {
      id: row.id,
      tenantName: '代理园区',
      proxyId: '',
      proIds: product.get('行政区划'),
    })
    expect(freed.statusCode, freed.body).toBe(200)
    expect((await tenantNamed('代理园区'))!.proxyId).toBeNull()
    await api.post('tenant/submit', admin, {
      id: row.id,
      tenantName: '代理园区',
      proxyId: agent.id,
      proIds: product.get('基础版'),
    })
  })

  it("keeps a product in the agent's grant while one of its tenants holds it, and an agent with tenants", async () => {
    const agent = (await agentNamed('华东代理'))!
    const res = await api.post('proxyTenant/grant', admin, {
      proxyId: agent.id,
      productIds: [product.get('通知公告')],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().msg).toMatch(/^代理商的租户仍在使用产品: 基础版/)
    const grants = await t.database.db
      .select()
      .from(proxyProduction)
      .where(eq(proxyProduction.proxyId, agent.id))
    expect(grants).toHaveLength(2)
    const remove = await api.post('proxyTenant/remove', admin, undefined, { ids: agent.id })
    expect(remove.statusCode).toBe(400)
    expect(remove.json().msg).toMatch(/^代理商仍有租户,不能删除/)
  })

  it("getTenant answers without a token: the tenant's logo, else its agent's, else empty", async () => {
    const row = (await tenantNamed('代理园区'))!
    const lookup = async (tenantId: string) =>
      (await api.get('proxyTenant/getTenant', {}, { tenantId })).json().data
    expect(await lookup(row.tenantId)).toEqual({
      tenantId: row.tenantId,
      tenantName: '代理园区',
      logo: 'https://cdn.example.com/east.png',
    })
    // the top bar's logo (blade-user/info) follows the same rule
    const parkAdmin = bearer(
      await signIn(t.app, { tenantId: row.tenantId, account: 'admin', password: PASSWORD }),
    )
    const info = (
      await t.app.inject({ method: 'GET', url: '/xparkApi/blade-user/info', headers: parkAdmin })
    ).json()
    expect(info.data).toMatchObject({
      tenantName: '代理园区',
      tenantLogo: 'https://cdn.example.com/east.png',
    })
    await t.database.db.update(tenant).set({ logo: '/own.png' }).where(eq(tenant.id, row.id))
    expect((await lookup(row.tenantId)).logo).toBe('/own.png')
    expect((await lookup('100001')).logo).toBe('')
    expect((await api.get('proxyTenant/getTenant', {}, { tenantId: '999999' })).statusCode).toBe(404)
    expect((await api.get('proxyTenant/getTenant', {}, { tenantId: 'abc' })).statusCode).toBe(400)
  })

  it('a tenant admin gets 403 on every agent route but getTenant', async () => {
    const agent = (await agentNamed('华东代理'))!
    const calls = [
      api.get('proxyTenant/page', park),
      api.get('proxyTenant/list', park),
      api.get('proxyTenant/detail', park, { id: agent.id }),
      api.get('proxyTenant/select', park),
      api.get('proxyTenant/product-keys', park, { proxyId: agent.id }),
      api.post('proxyTenant/submit', park, { name: '越权' }),
      api.post('proxyTenant/submit', park, { id: agent.id, name: '越权' }),
      api.post('proxyTenant/remove', park, undefined, { ids: agent.id }),
      api.post('proxyTenant/grant', park, { proxyId: agent.id, productIds: [] }),
    ]
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(403)
    expect((await agentNamed('华东代理'))?.name).toBe('华东代理')
  })

  it('removes an agent without tenants, and its grant with it', async () => {
    expect((await api.post('proxyTenant/submit', admin, { name: '西部代理' })).statusCode).toBe(200)
    const agent = (await agentNamed('西部代理'))!
    await api.post('proxyTenant/grant', admin, { proxyId: agent.id, productIds: [product.get('基础版')] })
    expect((await api.post('proxyTenant/remove', admin, undefined, { ids: agent.id })).statusCode).toBe(200)
    expect(await agentNamed('西部代理')).toBeUndefined()
    expect(
      await t.database.db.select().from(proxyProduction).where(eq(proxyProduction.proxyId, agent.id)),
    ).toEqual([])
  })
})

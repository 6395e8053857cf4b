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
import { role } from '../authority/index.js'
import { user } from '../identity/index.js'
import { dept } from '../org/index.js'
import { ACCOUNT_QUOTA_MESSAGE } from './quota.js'
import { production, proxyTenant, tenant, tenantProduction } from './schema.js'

describe('account quota and tenant/listInfo', () => {
  let t: TestContext
  let admin: Headers
  let park: Headers
  let newUser: (account: string) => object
  const api = resourceCalls(() => t, '/xparkApi')

  const liveUsers = async () =>
    (
      await t.database.db
        .select({ n: count() })
        .from(user)
        .where(and(eq(user.tenantId, '100001'), eq(user.isDeleted, 0)))
    )[0]!.n
  const setQuota = (accountNumber: number) =>
    t.database.db.update(tenant).set({ accountNumber }).where(eq(tenant.tenantId, '100001'))

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app))
    park = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    const db = t.database.db
    const [root] = await db
      .select()
      .from(dept)
      .where(and(eq(dept.tenantId, '100001'), eq(dept.parentId, '0')))
    const [staff] = await db
      .select()
      .from(role)
      .where(and(eq(role.tenantId, '100001'), eq(role.roleAlias, 'staff')))
    newUser = (account) => ({
      account,
      realName: account,
      roleId: staff!.id,
      deptId: root!.id,
      passwordPlain: 'Strong-Pass1',
    })
  })
  afterAll(() => t.close())

  it('refuses a new account once the live accounts reach the quota (当前租户已到最大账号额度)', async () => {
    const live = await liveUsers()
    await setQuota(live + 1)
    expect((await api.post('blade-user/submit', park, newUser('quota1'))).statusCode).toBe(200)
    const full = await api.post('blade-user/submit', park, newUser('quota2'))
    expect(full.statusCode).toBe(400)
    expect(full.json().msg).toBe(ACCOUNT_QUOTA_MESSAGE)
    expect(ACCOUNT_QUOTA_MESSAGE).toBe('当前租户已到最大账号额度')
    expect(await liveUsers()).toBe(live + 1)
    // editing an existing account is no new account
    const [quota1] = await t.database.db.select().from(user).where(eq(user.account, 'quota1'))
    expect(
      (await api.post('blade-user/submit', park, { ...newUser('quota1'), id: quota1!.id, realName: '改名' }))
        .statusCode,
    ).toBe(200)
    // removed accounts no longer count
    expect((await api.post('blade-user/remove', park, undefined, { ids: quota1!.id })).statusCode).toBe(200)
    expect((await api.post('blade-user/submit', park, newUser('quota2'))).statusCode).toBe(200)
  })

  it('a quota of 0 refuses every new account; -1 is unlimited', async () => {
    await setQuota(0)
    expect((await api.post('blade-user/submit', park, newUser('quota3'))).json().msg).toBe(
      ACCOUNT_QUOTA_MESSAGE,
    )
    await setQuota(-1)
    expect((await api.post('blade-user/submit', park, newUser('quota3'))).statusCode).toBe(200)
  })

  it('concurrent creations cannot slip past the quota together', async () => {
    await setQuota((await liveUsers()) + 1)
    const replies = await Promise.all(
      ['race1', 'race2', 'race3'].map((a) => api.post('blade-user/submit', park, newUser(a))),
    )
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400, 400])
    await setQuota(-1)
  })

  it('listInfo shows product names, agent name and live accounts beside the quota', async () => {
    const db = t.database.db
    await db.insert(proxyTenant).values({ id: '7100000000000000001', name: '示范代理' })
    await db
      .update(tenant)
      .set({ proxyId: '7100000000000000001', accountNumber: 50 })
      .where(eq(tenant.tenantId, '100001'))
    const res = await api.get('blade-system/tenant/listInfo', admin, { tenantId: '100001' })
    expect(res.statusCode).toBe(200)
    const held = await db
      .select({ id: production.id, name: production.name })
      .from(tenantProduction)
      .innerJoin(production, eq(production.id, tenantProduction.productId))
      .where(eq(tenantProduction.tenantId, '100001'))
      .orderBy(production.sort)
    expect(held.map((p) => p.name)).toContain('基础版')
    expect(res.json().data.records).toEqual([
      expect.objectContaining({
        tenantId: '100001',
        proIds: held.map((p) => p.id).join(','),
        productNames: held.map((p) => p.name).join(','),
        proxyName: '示范代理',
        accountNumber: 50,
        userCount: await liveUsers(),
      }),
    ])
    expect(res.json().data.total).toBe(1)
    expect((await api.get('blade-system/tenant/listInfo', park)).statusCode).toBe(403)
  })
})

import { and, count, eq, inArray } from 'drizzle-orm'
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
import { MODULES } from '../index.js'
import { menu, roleMenu } from '../menu/index.js'
import { production, productionMenu, tenant, tenantProduction } from './schema.js'

const PASSWORD = 'Park@2026x'

type MenuNode = { code: string; children?: MenuNode[] }
type TreeNode = { id: string; title: string; children?: TreeNode[] }

describe('park products (blade-system/production)', () => {
  let t: TestContext
  let admin: Headers
  let park: Headers
  let menuIds: Map<string, string>
  let menuCodes: Map<string, string>
  const api = resourceCalls(() => t, '/xparkApi/blade-system')

  const productNamed = async (name: string) =>
    (
      await t.database.db
        .select()
        .from(production)
        .where(and(eq(production.name, name), eq(production.isDeleted, 0)))
    )[0]
  const ids = (...codes: string[]) => codes.map((c) => menuIds.get(c)!)
  const codesOf = (nodes: MenuNode[], out: string[] = []) => {
    for (const n of nodes) {
      out.push(n.code)
      codesOf(n.children ?? [], out)
    }
    return out
  }
  /** the menu codes (routes) and button codes a signed-in user sees */
  const seen = async (headers: Headers) => {
    const routes = codesOf((await api.get('menu/routes', headers)).json().data).sort()
    const buttons = codesOf((await api.get('menu/buttons', headers)).json().data)
      .filter((c) => c.includes('_'))
      .sort()
    return { routes, buttons }
  }
  const newProduct = async (name: string, codes: string[]) => {
    expect((await api.post('production/submit', admin, { name, sort: 9 })).statusCode).toBe(200)
    const id = (await productNamed(name))!.id
    const res = await api.post('production/grant', admin, { productId: id, menuIds: ids(...codes) })
    expect(res.statusCode, res.body).toBe(200)
    return id
  }
  const tenantAdmin = async (tenantName: string) => {
    const [row] = await t.database.db.select().from(tenant).where(eq(tenant.tenantName, tenantName))
    return {
      row: row!,
      headers: bearer(await signIn(t.app, { tenantId: row!.tenantId, account: 'admin', password: PASSWORD })),
    }
  }
  const adminRoleCodes = async (tenantId: string) => {
    const rows = await t.database.db
      .select({ code: menu.code })
      .from(roleMenu)
      .innerJoin(role, eq(role.id, roleMenu.roleId))
      .innerJoin(menu, eq(menu.id, roleMenu.menuId))
      .where(and(eq(role.tenantId, tenantId), eq(role.roleAlias, 'admin')))
    return rows.map((r) => r.code).sort()
  }

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app))
    park = bearer(await signIn(t.app, { tenantId: '100001', account: 'admin' }))
    const menus = await t.database.db.select().from(menu)
    menuIds = new Map(menus.map((m) => [m.code, m.id]))
    menuCodes = new Map(menus.map((m) => [m.id, m.code]))
  })
  afterAll(() => t.close())

  it("seeds the demo products and the modules'; the demo park holds 基础版 and the modules' products", async () => {
    const moduleProducts = MODULES.flatMap((m) => (m.product ? [m.product.name] : []))
    expect(moduleProducts).toContain('商品管理')
    const select = (await api.get('production/select', admin)).json().data as { name: string }[]
    expect(select.map((p) => p.name)).toEqual([
      '基础版',
      '通知公告',
      '日志审计',
      '行政区划',
      ...moduleProducts,
    ])
    const products = await Promise.all(
      ['基础版', ...moduleProducts].map(async (n) => (await productNamed(n))!),
    )
    const held = await t.database.db
      .select()
      .from(tenantProduction)
      .where(eq(tenantProduction.tenantId, '100001'))
    expect(held.map((h) => h.productId).sort()).toEqual(products.map((p) => p.id).sort())
    // the park admin holds exactly the menus its products bundle
    const codes = new Set<string>()
    for (const p of products) {
      const keys = (await api.get('production/product-tree-keys', admin, { productId: p.id })).json().data
        .menu
      for (const id of keys as string[]) codes.add(menuCodes.get(id)!)
    }
    expect([...codes].sort()).toEqual(await adminRoleCodes('100001'))
  })

  it('pages, shows, edits and removes products; refuses bad input with 400', async () => {
    expect(
      (await api.post('production/submit', admin, { name: '演示产品甲', remark: '演示用途' })).statusCode,
    ).toBe(200)
    const page = (await api.get('production/page', admin, { name: '演示产品甲' })).json().data
    expect(page.records).toMatchObject([{ name: '演示产品甲', remark: '演示用途' }])
    const id = page.records[0].id
    expect((await api.get('production/detail', admin, { id })).json().data.name).toBe('演示产品甲')
    expect((await api.post('production/submit', admin, { id, name: '演示产品乙' })).statusCode).toBe(200)
    expect((await productNamed('演示产品乙'))?.id).toBe(id)

    const before = (await t.database.db.select({ n: count() }).from(production))[0]!.n
    const blank = await api.post('production/submit', admin, { name: ' ' })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().msg).toContain('please enter product name')
    const clash = await api.post('production/submit', admin, { name: '基础版' })
    expect(clash.statusCode).toBe(400)
    expect(clash.json().msg).toBe('产品名称已存在: 基础版')
    expect((await t.database.db.select({ n: count() }).from(production))[0]!.n).toBe(before)

    expect((await api.post('production/remove', admin, undefined, { ids: id })).statusCode).toBe(200)
    expect(await productNamed('演示产品乙')).toBeUndefined()
    // a product a tenant holds stays
    const basic = (await productNamed('基础版'))!
    const used = await api.post('production/remove', admin, undefined, { ids: basic.id })
    expect(used.statusCode).toBe(400)
    expect(used.json().msg).toBe('产品仍被租户使用,不能删除: 100001')
  })

  it('offers every menu but the platform screens in the grant tree, and refuses those in a grant', async () => {
    const tree = (await api.get('production/grant-tree', admin)).json().data.menu as TreeNode[]
    const titles: string[] = []
    const walk = (nodes: TreeNode[]) => {
      for (const n of nodes) {
        titles.push(n.id)
        walk(n.children ?? [])
      }
    }
    walk(tree)
    const codes = titles.map((id) => menuCodes.get(id))
    expect(codes).toEqual(expect.arrayContaining(['system', 'user', 'user_add', 'notice', 'region']))
    for (const platform of [
      'tenant',
      'tenant_add',
      'client',
      'menu',
      'dict',
      'production',
      'proxy',
      'datasource',
    ])
      expect(codes).not.toContain(platform)
    const basic = (await productNamed('基础版'))!
    const refused = await api.post('production/grant', admin, { productId: basic.id, menuIds: ids('tenant') })
    expect(refused.statusCode).toBe(400)
    expect(
      (await api.get('production/product-tree-keys', admin, { productId: basic.id })).json().data.menu,
    ).not.toContain(menuIds.get('tenant'))
  })

  it('tenant submit without proIds is refused with 400 naming proIds, and nothing is written', async () => {
    const before = (await t.database.db.select({ n: count() }).from(tenant))[0]!.n
    const res = await api.post('tenant/submit', admin, { tenantName: '无产品园区', adminPassword: PASSWORD })
    expect(res.statusCode).toBe(400)
    expect(res.json().msg).toContain('proIds')
    const unknown = await api.post('tenant/submit', admin, {
      tenantName: '无产品园区',
      adminPassword: PASSWORD,
      proIds: '1234567890123',
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().msg).toBe('产品不存在')
    expect((await t.database.db.select({ n: count() }).from(tenant))[0]!.n).toBe(before)
  })

  it("a provisioned tenant's admin sees exactly the menus of its products", async () => {
    const productId = await newProduct('人事', [
      'system',
      'user',
      'user_add',
      'user_view',
      'dept',
      'dept_view',
    ])
    const res = await api.post('tenant/submit', admin, {
      tenantName: '人事园区',
      adminPassword: PASSWORD,
      proIds: productId,
    })
    expect(res.statusCode, res.body).toBe(200)
    const { row, headers } = await tenantAdmin('人事园区')
    expect(await seen(headers)).toEqual({
      routes: ['dept', 'system', 'user'],
      buttons: ['dept_view', 'user_add', 'user_view'],
    })
    // the app's menus come with the tenant (products bundle console screens only)
    const app = await t.app.inject({ url: '/xparkApi/blade-system/menuApp/routes', headers })
    const appCodes = (nodes: { code: string; children?: unknown[] }[]): string[] =>
      nodes.flatMap((n) => [n.code, ...appCodes((n.children ?? []) as { code: string }[])])
    expect(appCodes(app.json().data)).toContain('app_visitor')
    const detail = (await api.get('tenant/detail', admin, { id: row.id })).json().data
    expect(detail.proIds).toBe(productId)
    const page = (await api.get('tenant/page', admin, { tenantName: '人事园区' })).json().data
    expect(page.records[0].proIds).toBe(productId)
  })

  it("changing a tenant's products updates its admin role (and takes dropped menus from every role)", async () => {
    const { row, headers } = await tenantAdmin('人事园区')
    const hr = (await productNamed('人事'))!.id
    const regions = (await productNamed('行政区划'))!.id
    const notices = (await productNamed('通知公告'))!.id
    // a staff role of the tenant holding a menu of 人事
    const [adminRole] = await t.database.db
      .select()
      .from(role)
      .where(and(eq(role.tenantId, row.tenantId), eq(role.roleAlias, 'admin')))
    const staffRole = '7000000000000000001'
    await t.database.db
      .insert(role)
      .values({ id: staffRole, tenantId: row.tenantId, roleName: '职员', roleAlias: 'staff' })
    await t.database.db
      .insert(roleMenu)
      .values({ id: '7000000000000000002', roleId: staffRole, menuId: menuIds.get('dept')! })
    // and a menu granted by hand, which no product gives: it stays
    await t.database.db
      .insert(roleMenu)
      .values({ id: '7000000000000000003', roleId: adminRole!.id, menuId: menuIds.get('post')! })

    const res = await api.post('tenant/submit', admin, {
      id: row.id,
      tenantName: '人事园区',
      proIds: `${regions},${notices}`,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await adminRoleCodes(row.tenantId)).toEqual(
      [
        'base',
        'region',
        'region_view',
        'notice',
        'notice_add',
        'notice_edit',
        'notice_delete',
        'notice_view',
        'post',
      ].sort(),
    )
    const staffMenus = await t.database.db.select().from(roleMenu).where(eq(roleMenu.roleId, staffRole))
    expect(staffMenus).toEqual([])
    // the cached menu tree follows at once
    expect((await seen(headers)).routes).toEqual(['base', 'notice', 'post', 'region', 'system'])
    expect(
      (await api.get('tenant/detail', admin, { id: row.id })).json().data.proIds.split(',').sort(),
    ).toEqual([notices, regions].sort())

    // back to 人事 plus 通知公告: 人事's menus return, region's go
    await api.post('tenant/submit', admin, { id: row.id, tenantName: '人事园区', proIds: `${hr},${notices}` })
    const codes = await adminRoleCodes(row.tenantId)
    expect(codes).toEqual(expect.arrayContaining(['user', 'user_add', 'dept', 'notice', 'post']))
    expect(codes).not.toContain('region')
  })

  it("a product's new menus reach the tenants holding it", async () => {
    const { row } = await tenantAdmin('人事园区')
    const hr = (await productNamed('人事'))!.id
    const res = await api.post('production/grant', admin, {
      productId: hr,
      menuIds: ids('system', 'user', 'user_add', 'user_view', 'user_edit'),
    })
    expect(res.statusCode).toBe(200)
    const codes = await adminRoleCodes(row.tenantId)
    expect(codes).toEqual(expect.arrayContaining(['user_edit', 'user_add']))
    expect(codes).not.toContain('dept')
    const rows = await t.database.db
      .select({ n: count() })
      .from(productionMenu)
      .where(and(eq(productionMenu.productId, hr), inArray(productionMenu.menuId, ids('dept'))))
    expect(rows[0]!.n).toBe(0)
  })

  it('a tenant admin gets 403 on every product route', async () => {
    const basic = (await productNamed('基础版'))!
    const calls = [
      api.get('production/page', park),
      api.get('production/list', park),
      api.get('production/detail', park, { id: basic.id }),
      api.get('production/select', park),
      api.get('production/grant-tree', park),
      api.get('production/product-tree-keys', park, { productId: basic.id }),
      api.post('production/submit', park, { name: '越权' }),
      api.post('production/submit', park, { id: basic.id, name: '越权' }),
      api.post('production/remove', park, undefined, { ids: basic.id }),
      api.post('production/grant', park, { productId: basic.id, menuIds: ids('user') }),
    ]
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(403)
    expect((await productNamed('基础版'))!.name).toBe('基础版')
  })
})

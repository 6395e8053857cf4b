import { PHOTO_KEEP_DAYS, PHOTO_KEEP_DAYS_PARAM } from '@xpark/contract/modules/visitor'
import { count } from 'drizzle-orm'
import { hashPassword, md5 } from '../../core/auth/passwords.js'
import { nextId } from '../../core/ids.js'
import { menuCodes } from '../../core/module.js'
import type { Db } from '../../db/client.js'
import { client } from '../../modules/auth/schema.js'
import { role } from '../../modules/authority/schema.js'
import { user, userTenant } from '../../modules/identity/schema.js'
import { MODULES } from '../../modules/index.js'
import { menu, roleMenu, topMenu, topMenuSetting } from '../../modules/menu/schema.js'
import { dept, post } from '../../modules/org/schema.js'
import { param } from '../../modules/param/schema.js'
import { PARK_ADMIN_MENU_CODES, seedProducts } from '../../modules/tenant/index.js'
import { tenant, tenantProduction } from '../../modules/tenant/schema.js'
import { seedApp } from './app.js'
import { seedDicts } from './dicts.js'
import { allMenuSeeds, insertMenuTree } from './menus.js'
import { seedRegions } from './regions.js'

export const DEMO_PASSWORD = 'Admin@123456'

/** BladeX's seeded posts (category 1 senior … 4 other). */
const POSTS = [
  { postCode: 'ceo', postName: '首席执行官', category: 1 },
  { postCode: 'coo', postName: '首席运营官', category: 1 },
  { postCode: 'cfo', postName: '首席财务官', category: 1 },
  { postCode: 'cto', postName: '首席技术官', category: 1 },
  { postCode: 'cio', postName: '首席信息官', category: 1 },
  { postCode: 'pm', postName: '技术经理', category: 2 },
  { postCode: 'hrm', postName: '人力经理', category: 2 },
  { postCode: 'staff', postName: '普通员工', category: 3 },
]
export const PLATFORM_TENANT = '000000'
export const DEMO_TENANT = '100001'

/** Demo data for a first start: written once, in one transaction, only into an empty database. */
export async function seedIfEmpty(db: Db, adminPassword: string | undefined): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(tenant)
  if (n > 0) return false
  const plain = adminPassword ?? DEMO_PASSWORD
  const passwordHash = await hashPassword(md5(plain))
  const passwordDefault = plain === DEMO_PASSWORD
  const saberSecret = await hashPassword('saber_secret')

  await db.transaction(async (tx) => {
    await tx.insert(client).values([
      // the console's own public client: no secret, so nothing secret ships in the browser bundle
      {
        id: nextId(),
        clientId: 'xpark',
        clientSecret: '',
        authorizedGrantTypes: 'password,captcha,refresh_token,sms_code,social',
      },
      // BladeX Saber's client, so existing Saber consoles work unchanged
      {
        id: nextId(),
        clientId: 'saber',
        clientSecret: saberSecret,
        authorizedGrantTypes: 'refresh_token,password,authorization_code,captcha,social,sms_code,applet',
      },
    ])
    await tx.insert(tenant).values([
      { id: nextId(), tenantId: PLATFORM_TENANT, tenantName: '管理组', linkman: 'admin' },
      { id: nextId(), tenantId: DEMO_TENANT, tenantName: '示范园区', linkman: 'admin', domain: '' },
    ])

    const menuIds = await insertMenuTree(tx, menu, allMenuSeeds())
    // the screens of the modules that are park products (the system area's are granted by code, below)
    const moduleMenus = MODULES.flatMap((m) => (m.product ? menuCodes(m.menus ?? []) : []))
    const moduleStaff = MODULES.flatMap((m) => m.staff ?? [])
    const demoUsers = new Map<string, string>()
    const demoDepts: string[] = []

    const tenants = [
      {
        tenantId: PLATFORM_TENANT,
        deptName: 'xpark 平台',
        roles: [{ name: '超级管理员', alias: 'administrator' }],
      },
      {
        tenantId: DEMO_TENANT,
        deptName: '示范园区',
        roles: [
          { name: '管理员', alias: 'admin' },
          { name: '园区职员', alias: 'staff' },
        ],
      },
    ]
    const adminIds = new Map<string, string>()
    for (const t of tenants) {
      const deptId = nextId()
      await tx
        .insert(dept)
        .values({ id: deptId, tenantId: t.tenantId, deptName: t.deptName, fullName: t.deptName })
      const postIds = new Map<string, string>()
      await tx.insert(post).values(
        POSTS.map((p, i) => {
          const id = nextId()
          postIds.set(p.postCode, id)
          return { id, tenantId: t.tenantId, ...p, sort: i + 1 }
        }),
      )
      const roleIds = new Map<string, string>()
      for (const [i, r] of t.roles.entries()) {
        const roleId = nextId()
        roleIds.set(r.alias, roleId)
        await tx
          .insert(role)
          .values({ id: roleId, tenantId: t.tenantId, roleName: r.name, roleAlias: r.alias, sort: i + 1 })
      }
      const adminAlias = t.roles[0]!.alias
      const adminId = nextId()
      adminIds.set(t.tenantId, adminId)
      await tx.insert(user).values({
        id: adminId,
        tenantId: t.tenantId,
        account: 'admin',
        password: passwordHash,
        passwordDefault,
        name: '管理员',
        realName: '管理员',
        roleId: roleIds.get(adminAlias)!,
        deptId,
        postId: postIds.get('ceo')!,
      })
      if (t.tenantId === DEMO_TENANT) {
        // the park's admin sees the whole system menu; park staff only view parameters
        // and every module's screens (its product, below); staff the modules' view-only codes
        const adminMenus = [...PARK_ADMIN_MENU_CODES, ...moduleMenus]
        const staffMenus = [
          ...['system', 'param', 'param_view', 'wel_dashboard'],
          // everyone keeps their own desk shortcuts
          ...['shortcut', 'shortcut_add', 'shortcut_edit', 'shortcut_delete', 'shortcut_view'],
          ...moduleStaff,
        ]
        for (const [alias, codes] of [
          ['admin', adminMenus],
          ['staff', staffMenus],
        ] as const) {
          await tx.insert(roleMenu).values(
            codes.map((code) => ({
              id: nextId(),
              roleId: roleIds.get(alias)!,
              menuId: menuIds.get(code)!,
            })),
          )
        }
        const staffId = nextId()
        demoUsers.set('admin', adminId)
        demoUsers.set('staff', staffId)
        await tx.insert(user).values({
          id: staffId,
          tenantId: t.tenantId,
          account: 'staff',
          password: passwordHash,
          passwordDefault,
          name: '职员',
          realName: '园区职员',
          roleId: roleIds.get('staff')!,
          deptId,
          postId: postIds.get('staff')!,
        })
        // a child dept, so the tree and "dept and children" have something to show
        const childDept = nextId()
        demoDepts.push(deptId, childDept)
        await tx.insert(dept).values({
          id: childDept,
          tenantId: t.tenantId,
          parentId: deptId,
          ancestors: `0,${deptId}`,
          deptName: '运营部',
          fullName: '示范园区运营部',
          deptCategory: 2,
          sort: 1,
        })
      }
      const topId = nextId()
      await tx.insert(topMenu).values({
        id: topId,
        tenantId: t.tenantId,
        code: 'system',
        name: '系统',
        source: 'SettingOutlined',
        sort: 1,
      })
      await tx.insert(topMenuSetting).values(
        ['system', 'param', 'api_docs'].map((code) => ({
          id: nextId(),
          topMenuId: topId,
          menuId: menuIds.get(code)!,
        })),
      )
    }
    // the platform administrator may switch into the demo park as its admin
    await tx.insert(userTenant).values({
      id: nextId(),
      userId: adminIds.get(PLATFORM_TENANT)!,
      tenantId: DEMO_TENANT,
      targetUserId: adminIds.get(DEMO_TENANT)!,
    })
    // park products; the demo park holds 基础版 (the very menus its admin was granted above)
    const products = await seedProducts(
      tx,
      MODULES.flatMap((m) => (m.product ? [{ ...m.product, codes: menuCodes(m.menus ?? []) }] : [])),
    )
    // the demo park holds 基础版 and every module's product
    const held = ['基础版', ...MODULES.flatMap((m) => (m.product ? [m.product.name] : []))]
    await tx
      .insert(tenantProduction)
      .values(held.map((name) => ({ id: nextId(), tenantId: DEMO_TENANT, productId: products.get(name)! })))
    await seedApp(tx, DEMO_TENANT)
    await seedDicts(tx, [PLATFORM_TENANT, DEMO_TENANT])
    await seedRegions(tx)
    for (const m of MODULES) await m.demo?.({ tx, tenantId: DEMO_TENANT, users: demoUsers, depts: demoDepts })
    await tx.insert(param).values([
      { id: nextId(), paramName: '是否开启注册功能', paramKey: 'account.registerUser', paramValue: 'true' },
      { id: nextId(), paramName: '账号初始密码', paramKey: 'account.initPassword', paramValue: '123456' },
      { id: nextId(), paramName: '登录失败锁定次数', paramKey: 'account.failCount', paramValue: '5' },
      {
        id: nextId(),
        paramName: '门禁照片保留天数',
        paramKey: PHOTO_KEEP_DAYS_PARAM,
        paramValue: String(PHOTO_KEEP_DAYS),
      },
    ])
  })
  return true
}

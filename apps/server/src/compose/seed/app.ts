import { and, eq } from 'drizzle-orm'
import { nextId } from '../../core/ids.js'
import type { Tx } from '../../db/client.js'
import { appInfo, appStartup } from '../../modules/app/schema.js'
import { role } from '../../modules/authority/schema.js'
import { menuApp, roleMenuApp } from '../../modules/menu/schema.js'
import { insertMenuTree, type MenuSeed } from './menus.js'

/** Demo data of the mobile app: its menu tree, granted to the demo park's roles, releases and a splash page. */

const button = (code: string, name: string): MenuSeed => ({ code, name, category: 2, action: 1 })

/** The app's menus (`blade_menu_app`); paths are the app's page routes. */
export const APP_MENU_SEED: MenuSeed[] = [
  { code: 'app_home', name: '首页', path: '/pages/home/index', source: 'HomeOutlined' },
  {
    code: 'app_visitor',
    name: '访客',
    path: '/pages/visitor/index',
    source: 'UserAddOutlined',
    children: [button('app_visitor_add', '访客登记'), button('app_visitor_view', '查看')],
  },
  {
    code: 'app_meeting',
    name: '会议',
    path: '/pages/meeting/index',
    source: 'CalendarOutlined',
    children: [button('app_meeting_add', '预约会议'), button('app_meeting_view', '查看')],
  },
  {
    code: 'app_repair',
    name: '报修',
    path: '/pages/repair/index',
    source: 'ToolOutlined',
    children: [button('app_repair_add', '我要报修'), button('app_repair_view', '查看')],
  },
  {
    code: 'app_notice',
    name: '通知',
    path: '/pages/notice/index',
    source: 'NotificationOutlined',
    children: [button('app_notice_view', '查看')],
  },
]

/** What the demo park's staff get on the app (the admin gets every app menu). */
const STAFF_APP_CODES = ['app_home', 'app_visitor', 'app_visitor_add', 'app_visitor_view', 'app_notice']

export async function seedApp(tx: Tx, demoTenant: string): Promise<void> {
  const ids = await insertMenuTree(tx, menuApp, APP_MENU_SEED)
  const roleOf = async (alias: string) =>
    (
      await tx
        .select({ id: role.id })
        .from(role)
        .where(and(eq(role.tenantId, demoTenant), eq(role.roleAlias, alias)))
    )[0]?.id
  for (const [alias, codes] of [
    ['admin', [...ids.keys()]],
    ['staff', STAFF_APP_CODES],
  ] as const) {
    const roleId = await roleOf(alias)
    if (!roleId) continue
    await tx
      .insert(roleMenuApp)
      .values(codes.map((code) => ({ id: nextId(), roleId, menuId: ids.get(code)! })))
  }

  const release = (tenantId: string, platform: string, versionName: string, versionCode: number) => ({
    id: nextId(),
    tenantId,
    appName: '智慧园区',
    platform,
    versionName,
    versionCode,
    downloadUrl: `https://download.example.com/xpark/${platform}/${versionName}`,
    releaseNotes: `智慧园区 ${versionName}`,
  })
  await tx.insert(appInfo).values([
    release('000000', 'android', '2.0.0', 200),
    release(demoTenant, 'android', '1.0.0', 100),
    {
      ...release(demoTenant, 'android', '1.1.0', 110),
      releaseNotes: '新增访客登记与报修',
      forceUpdate: true,
    },
    release(demoTenant, 'ios', '1.0.0', 100),
  ])
  await tx.insert(appStartup).values({
    id: nextId(),
    tenantId: demoTenant,
    title: '欢迎使用智慧园区',
    imageUrl: 'https://download.example.com/xpark/startup/welcome.png',
    sort: 1,
  })
}

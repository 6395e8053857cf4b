import { guestContract, oauthProviderContract } from '@xpark/contract/modules/social'
import { nextId } from '../../core/ids.js'
import { button, type MenuSeed, resourceScreen } from '../../core/module.js'
import type { Tx } from '../../db/client.js'
import { MODULES } from '../../modules/index.js'
import type { menu, menuApp } from '../schema.js'

export type { MenuSeed }

/** A screen with the usual `<code>_add/_edit/_delete/_view` buttons (and any extra ones). */
const screen = (
  code: string,
  name: string,
  path: string,
  source: string,
  extra: MenuSeed[] = [],
): MenuSeed => ({
  code,
  name,
  path,
  source,
  children: [
    button(`${code}_add`, '新增', 1),
    button(`${code}_edit`, '修改', 2),
    button(`${code}_delete`, '删除', 3),
    button(`${code}_view`, '查看', 2),
    ...extra,
  ],
})

export const MENU_SEED: MenuSeed[] = [
  {
    code: 'wel_dashboard',
    name: '工作台',
    path: '/wel/dashboard',
    source: 'DashboardOutlined',
    hidden: true,
  },
  {
    code: 'system',
    name: '系统管理',
    path: '/system',
    source: 'SettingOutlined',
    sort: 99,
    children: [
      {
        code: 'param',
        name: '参数管理',
        path: '/system/param',
        source: 'ToolOutlined',
        children: [
          button('param_add', '新增', 1),
          button('param_edit', '修改', 2),
          button('param_delete', '删除', 3),
          button('param_view', '查看', 2),
        ],
      },
      screen('user', '用户管理', '/system/user', 'UserOutlined', [
        button('user_reset', '重置密码', 1),
        button('user_role', '角色配置', 1),
        button('user_export', '导出', 1),
        button('user_import', '导入', 1),
      ]),
      screen('dept', '部门管理', '/system/dept', 'ApartmentOutlined'),
      screen('post', '岗位管理', '/system/post', 'IdcardOutlined'),
      screen('dict', '字典管理', '/system/dict', 'BookOutlined'),
      screen('dictbiz', '业务字典', '/system/dictbiz', 'ReadOutlined'),
      screen('client', '客户端管理', '/system/client', 'ApiOutlined'),
      // OpenID Connect providers (platform-wide: the platform administrator's) and guests' requests
      resourceScreen(oauthProviderContract, '第三方登录', '/system/oauth-provider', 'LoginOutlined'),
      resourceScreen(guestContract, '访客审核', '/social/guest', 'UserAddOutlined'),
      // platform administrator only: granted to no tenant role (the routes check the administrator)
      screen('tenant', '租户管理', '/system/tenant', 'ClusterOutlined'),
      // platform administrator only, like tenant: park products, agents, datasources
      screen('production', '产品管理', '/system/production', 'AppstoreAddOutlined', [
        button('production_grant', '菜单配置', 2),
      ]),
      screen('proxy', '代理商管理', '/system/proxy', 'ShopOutlined', [button('proxy_grant', '产品授权', 2)]),
      screen('datasource', '数据源管理', '/system/datasource', 'DatabaseOutlined'),
      screen('topmenu', '顶部菜单', '/system/topmenu', 'AppstoreOutlined', [
        button('topmenu_setting', '菜单配置', 2),
      ]),
      screen('notice', '通知公告', '/desk/notice', 'NotificationOutlined'),
      screen('shortcut', '快捷方式', '/desk/shortcut', 'ThunderboltOutlined'),
      screen('stafftype', '员工类型', '/system/staffType', 'SolutionOutlined'),
      {
        code: 'api_docs',
        name: '接口文档',
        path: '/xparkApi/docs/static/index.html',
        source: 'FileTextOutlined',
        keepAlive: false,
      },
      // platform data: only the administrator (who has every menu) manages menus
      screen('menu', '菜单管理', '/system/menu', 'MenuOutlined'),
      screen('menuapp', 'APP菜单', '/system/menuApp', 'MobileOutlined'),
    ],
  },
  {
    code: 'monitor',
    name: '系统监控',
    path: '/monitor',
    source: 'MonitorOutlined',
    sort: 96,
    children: [
      {
        code: 'log',
        name: '日志管理',
        path: '/monitor/log',
        source: 'FileSearchOutlined',
        children: [
          // BladeX's paths and per-log view buttons, so a BladeX client's views map onto them
          {
            code: 'log_usual',
            name: '通用日志',
            path: '/monitor/log/usual',
            source: 'FileTextOutlined',
            children: [button('log_usual_view', '查看', 2)],
          },
          {
            code: 'log_api',
            name: '接口日志',
            path: '/monitor/log/api',
            source: 'ApiOutlined',
            children: [button('log_api_view', '查看', 2)],
          },
          {
            code: 'log_error',
            name: '错误日志',
            path: '/monitor/log/error',
            source: 'BugOutlined',
            children: [button('log_error_view', '查看', 2)],
          },
          // reading logs without being a tenant admin (core/audit, modules/log)
          button('log_view', '查看', 2),
        ],
      },
    ],
  },
  {
    code: 'app',
    name: '移动应用',
    path: '/app',
    source: 'MobileOutlined',
    sort: 95,
    children: [
      screen('appinfo', 'APP版本', '/app/info', 'CloudDownloadOutlined'),
      screen('appstartup', '启动页', '/app/startup', 'PictureOutlined'),
    ],
  },
  {
    code: 'base',
    name: '基础配置',
    path: '/base',
    source: 'ClusterOutlined',
    sort: 98,
    children: [screen('region', '行政区划', '/base/region', 'EnvironmentOutlined')],
  },
  {
    code: 'resource',
    name: '资源管理',
    path: '/resource',
    source: 'CloudServerOutlined',
    sort: 94,
    children: [
      screen('oss', '对象存储', '/resource/oss', 'CloudOutlined', [button('oss_enable', '启用', 2)]),
      screen('sms', '短信配置', '/resource/sms', 'MessageOutlined', [
        button('sms_enable', '启用', 2),
        button('sms_send', '发送短信', 2),
      ]),
      {
        code: 'attach',
        name: '附件管理',
        path: '/resource/attach',
        source: 'PaperClipOutlined',
        children: [
          button('attach_upload', '上传', 1),
          button('attach_download', '下载', 2),
          button('attach_delete', '删除', 3),
          button('attach_view', '查看', 2),
        ],
      },
    ],
  },
  {
    code: 'authority',
    name: '权限管理',
    path: '/authority',
    source: 'SafetyOutlined',
    sort: 97,
    // BladeX's 权限管理: roles and the two scope screens under /authority, with BladeX's setting
    // buttons (seeded for BladeX clients; the platform's scope definitions stay its own)
    children: [
      screen('role', '角色管理', '/authority/role', 'TeamOutlined', [button('role_grant', '权限设置', 1)]),
      screen('datascope', '数据权限', '/authority/datascope', 'DatabaseOutlined', [
        button('data_scope_setting', '权限配置', 2),
      ]),
      screen('apiscope', '接口权限', '/authority/apiscope', 'ApiOutlined', [
        button('api_scope_setting', '权限配置', 2),
      ]),
    ],
  },
]

/** The system's menus and every module's, as seeded. */
export function allMenuSeeds(): MenuSeed[] {
  return [...MENU_SEED, ...MODULES.flatMap((m) => m.menus ?? [])]
}

/** Write a seeded menu tree into `blade_menu` or `blade_menu_app`; `ids` collects code → id. */
export async function insertMenuTree(
  tx: Tx,
  table: typeof menu | typeof menuApp,
  nodes: readonly MenuSeed[],
  parentId = '0',
  ids = new Map<string, string>(),
): Promise<Map<string, string>> {
  for (const [i, m] of nodes.entries()) {
    const id = nextId()
    ids.set(m.code, id)
    await tx.insert(table).values({
      id,
      parentId,
      code: m.code,
      name: m.name,
      alias: m.alias ?? (m.category === 2 ? m.code.split('_').pop()! : 'menu'),
      path: m.path ?? '',
      source: m.source ?? '',
      sort: m.sort ?? i + 1,
      category: m.category ?? 1,
      action: m.action ?? 0,
      isOpen: m.isOpen ?? 1,
      hidden: m.hidden ?? false,
      keepAlive: m.keepAlive ?? true,
    })
    if (m.children) await insertMenuTree(tx, table, m.children, id, ids)
  }
  return ids
}

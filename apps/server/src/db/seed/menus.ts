/** Menu entries seeded on first start: only screens that exist (each later issue adds its own). */
export interface MenuSeed {
  code: string
  name: string
  path?: string
  source?: string
  sort?: number
  category?: 1 | 2
  alias?: string
  action?: number
  isOpen?: 1 | 2
  hidden?: boolean
  keepAlive?: boolean
  children?: MenuSeed[]
}

const button = (code: string, name: string, action: number): MenuSeed => ({ code, name, category: 2, action })

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
      {
        code: 'api_docs',
        name: '接口文档',
        path: '/xparkApi/docs/static/index.html',
        source: 'FileTextOutlined',
        keepAlive: false,
      },
    ],
  },
]

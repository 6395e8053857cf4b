import type { MenuNode } from '@xpark/contract'
import { Empty, Menu, type MenuProps } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { menuName } from '../../i18n/menuNames'
import { useSession } from '../../stores/session'
import { menuIcon } from '../icons'
import { ancestorIds, menuTarget, visibleMenu } from '../menu'

type Item = Required<MenuProps>['items'][number]

function toItems(nodes: MenuNode[], language: string): Item[] {
  return nodes.map((n) => {
    const label = (
      <span key={n.id} data-testid={`sidebar-item-${n.path}`} data-path={n.path}>
        {menuName(n, language)}
      </span>
    )
    if (n.children?.length)
      return { key: n.id, icon: menuIcon(n.source), label, children: toItems(n.children, language) }
    return { key: n.id, icon: menuIcon(n.source), label }
  })
}

function byId(nodes: MenuNode[], id: string): MenuNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n
    const hit = n.children ? byId(n.children, id) : undefined
    if (hit) return hit
  }
  return undefined
}

/** The server menu tree, filtered by hidden/roles; an empty tree shows a tip. */
export function Sidebar({
  dark,
  collapsed,
  onChosen,
}: {
  dark: boolean
  collapsed: boolean
  onChosen: () => void
}) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const menu = useSession((s) => s.menu)
  const roles = useSession((s) => s.userInfo?.roleAliases)
  const tree = useMemo(() => visibleMenu(menu, roles ?? []), [menu, roles])
  const items = useMemo(() => toItems(tree, i18n.language), [tree, i18n.language])
  const selected = useMemo(() => {
    const walk = (nodes: MenuNode[]): string[] =>
      nodes.flatMap((n) => (n.path === pathname ? [n.id] : n.children ? walk(n.children) : []))
    return walk(tree)
  }, [tree, pathname])
  const opened = useMemo(() => ancestorIds(tree, pathname), [tree, pathname])

  if (tree.length === 0) {
    return (
      <div data-testid="sidebar-empty" style={{ padding: '24px 8px' }}>
        {!collapsed && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('menu.empty')} />}
      </div>
    )
  }

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const node = byId(tree, key)
    if (!node) return
    const target = menuTarget(node)
    if (target.kind === 'window') window.open(target.url, '_blank', 'noopener')
    else navigate(target.to)
    onChosen()
  }

  return (
    <Menu
      mode="inline"
      theme={dark ? 'dark' : 'light'}
      items={items}
      selectedKeys={selected}
      defaultOpenKeys={collapsed ? [] : opened}
      onClick={onClick}
      data-testid="sidebar"
      style={{ borderInlineEnd: 0 }}
    />
  )
}

import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons'
import { Button, Layout } from 'antd'
import { type ComponentType, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation } from 'react-router'
import { usePageTitle } from '../../components/usePageTitle'
import { useSettings } from '../../stores/settings'
import { isHome } from '../../stores/tabRules'
import { useTabs } from '../../stores/tabs'
import { isSmallScreen } from '../screen'
import { findTheme } from '../themes'
import { KeepAliveContent } from './KeepAlive'
import { Logo } from './Logo'
import { PasswordBanner } from './PasswordBanner'
import { Sidebar } from './Sidebar'
import { TabBar } from './TabBar'
import { TopBar } from './TopBar'
import { TopMenu } from './TopMenu'
import { useScreenLevel } from './useScreenLevel'
import { useShellData } from './useShellData'
import { useTabSync } from './useTabSync'
import { useTokenRefresh } from './useTokenRefresh'

/** Sidebar, header (top menu + top bar), default-password banner, tabs and the keep-alive content. */
export function Frame({ resolve }: { resolve: (path: string) => ComponentType | undefined }) {
  const { t } = useTranslation()
  const location = useLocation()
  const currentKey = `${location.pathname}${location.search}`
  const Screen = resolve(location.pathname)
  const { topMenus, userInfo } = useShellData()
  useTokenRefresh()
  useTabSync(currentKey, Screen !== undefined)

  const level = useScreenLevel()
  const small = isSmallScreen(level)
  const collapsed = useSettings((s) => s.collapsed)
  const setCollapsed = useSettings((s) => s.setCollapsed)
  const theme = findTheme(useSettings((s) => s.themeName))
  const tab = useTabs((s) => s.tabs.find((t) => t.key === currentKey))
  usePageTitle(tab && isHome(tab) ? t('home') : tab?.label)

  // entering a small screen folds the sidebar away
  useEffect(() => {
    if (small) setCollapsed(true)
  }, [small, setCollapsed])

  if (!Screen) return <Navigate to="/404" replace />

  return (
    <Layout className={`shell ${small ? 'shell-small' : ''}`} data-screen-level={level}>
      <Layout.Sider
        className="shell-sider"
        width={220}
        collapsedWidth={small ? 0 : 64}
        collapsed={collapsed}
        trigger={null}
        theme={theme.menu}
        data-testid="sider"
      >
        <Logo collapsed={collapsed} src={userInfo?.tenantLogo || undefined} />
        <Sidebar
          dark={theme.menu === 'dark'}
          collapsed={collapsed}
          onChosen={() => small && setCollapsed(true)}
        />
      </Layout.Sider>
      {small && !collapsed && (
        <div
          className="shell-shade"
          data-testid="sidebar-shade"
          onClick={() => setCollapsed(true)}
          aria-hidden
        />
      )}
      <Layout className="shell-main">
        <Layout.Header className="shell-header">
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed(!collapsed)}
            aria-label="toggle sidebar"
            data-testid="sidebar-toggle"
          />
          {!small && <TopMenu items={topMenus} />}
          <div style={{ flex: small ? 1 : 'none' }} />
          <TopBar small={small} />
        </Layout.Header>
        <PasswordBanner />
        <TabBar activeKey={currentKey} />
        <Layout.Content className="shell-content">
          <KeepAliveContent currentKey={currentKey} resolve={resolve} />
        </Layout.Content>
      </Layout>
    </Layout>
  )
}

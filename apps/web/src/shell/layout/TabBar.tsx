import { useQueryClient } from '@tanstack/react-query'
import { App, Dropdown, Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { clearCache } from '../../api/auth'
import type { MessageKey } from '../../i18n'
import { menuName } from '../../i18n/menuNames'
import { useSession } from '../../stores/session'
import { isClosable, isHome, PAGE_LABEL_KEYS, type Tab } from '../../stores/tabRules'
import { useTabs } from '../../stores/tabs'
import { findByPath } from '../menu'

/** Tab bar: home first and never closable; right-click menu with clear cache, close others, close all. */
export function TabBar({ activeKey }: { activeKey: string }) {
  const { t, i18n } = useTranslation()
  const menuTree = useSession((s) => s.menu)
  const { modal, message } = App.useApp()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const tabs = useTabs((s) => s.tabs)

  const labelOf = (tab: Tab) => {
    if (isHome(tab)) return t('home')
    const key = PAGE_LABEL_KEYS[tab.path]
    if (key) return t(key as MessageKey)
    // a menu's tab follows the language (the label was stored in the language it was opened in)
    const node = i18n.language.startsWith('en') ? findByPath(menuTree, tab.path) : undefined
    return node ? menuName(node, i18n.language) : tab.label
  }

  function confirmClearCache() {
    modal.confirm({
      title: t('common.tip'),
      content: t('tabs.clearCacheConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await clearCache()
        await queryClient.invalidateQueries()
        void message.success(t('tabs.clearCacheDone'))
      },
    })
  }

  function onMenu(key: string) {
    const store = useTabs.getState()
    if (key === 'clearCache') confirmClearCache()
    if (key === 'closeOthers') store.closeOthers()
    if (key === 'closeAll') {
      store.closeAll()
      navigate(useTabs.getState().activeKey)
    }
  }

  const menu = {
    items: [
      { key: 'clearCache', label: <span data-testid="tab-menu-clear-cache">{t('tabs.clearCache')}</span> },
      { key: 'closeOthers', label: <span data-testid="tab-menu-close-others">{t('tabs.closeOthers')}</span> },
      { key: 'closeAll', label: <span data-testid="tab-menu-close-all">{t('tabs.closeAll')}</span> },
    ],
    onClick: ({ key }: { key: string }) => onMenu(key),
  }

  return (
    <Dropdown menu={menu} trigger={['contextMenu']}>
      <div className="shell-tabs" data-testid="tab-bar">
        <Tabs
          type="editable-card"
          hideAdd
          size="small"
          activeKey={activeKey}
          onChange={(key) => navigate(key)}
          onEdit={(key, action) => {
            if (action !== 'remove' || typeof key !== 'string') return
            const next = useTabs.getState().close(key)
            if (key === activeKey) navigate(next)
          }}
          items={tabs.map((tab) => ({
            key: tab.key,
            closable: isClosable(tab, tabs),
            label: (
              <span data-testid={`tab-${tab.key}`} data-tab-label={labelOf(tab)}>
                {labelOf(tab)}
              </span>
            ),
          }))}
        />
      </div>
    </Dropdown>
  )
}

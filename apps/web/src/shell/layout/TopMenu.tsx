import { HomeOutlined } from '@ant-design/icons'
import type { TopMenu as TopMenuItem } from '@xpark/contract'
import { Menu } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { website } from '../../config'
import { menuName } from '../../i18n/menuNames'
import { useSettings } from '../../stores/settings'
import { menuIcon } from '../icons'

const HOME_KEY = 'top-home'

/** A fixed Home item plus the server's top menus; choosing one reloads the sidebar for it. */
export function TopMenu({ items }: { items: TopMenuItem[] }) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const topMenuId = useSettings((s) => s.topMenuId)
  return (
    <Menu
      mode="horizontal"
      selectedKeys={[topMenuId || HOME_KEY]}
      style={{ flex: 1, minWidth: 0, borderBottom: 0, background: 'transparent', lineHeight: '54px' }}
      data-testid="top-menu"
      items={[
        {
          key: HOME_KEY,
          icon: <HomeOutlined />,
          label: <span data-testid="top-menu-home">{t('home')}</span>,
        },
        ...items.map((m) => ({
          key: m.id,
          icon: menuIcon(m.source),
          label: <span data-testid={`top-menu-${m.code}`}>{menuName(m, i18n.language)}</span>,
        })),
      ]}
      onClick={({ key }) => {
        useSettings.getState().setTopMenuId(key === HOME_KEY ? '' : key)
        if (key === HOME_KEY) navigate(website.homePath)
      }}
    />
  )
}

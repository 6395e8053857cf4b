import { BgColorsOutlined, BugOutlined, LockOutlined, SearchOutlined } from '@ant-design/icons'
import { Badge, Button, Space, Tooltip } from 'antd'
import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { topBarItems } from '../../components/kit'
import { LanguageSelect } from '../../components/LanguageSelect'
import { useErrorLog } from '../../stores/errorLog'
import { ErrorLogDialog } from '../dialogs/ErrorLogDialog'
import { MenuSearchBox, MenuSearchDialog } from '../dialogs/MenuSearch'
import { ThemeDialog } from '../dialogs/ThemeDialog'
import { LockDialog } from '../lock/LockDialog'
import { UserMenu } from './UserMenu'

type Dialog = 'search' | 'theme' | 'lock' | 'log' | null

/** Right side of the header: search, language, theme, lock, error log, the features' controls, user. */
export function TopBar({ small }: { small: boolean }) {
  const { t } = useTranslation()
  const [dialog, setDialog] = useState<Dialog>(null)
  const logCount = useErrorLog((s) => s.logs.length)
  const close = () => setDialog(null)
  // what features put into the top bar (the message centre's link and popover)
  const featureItems = topBarItems()

  const iconButton = (key: Exclude<Dialog, null>, label: string, icon: React.ReactNode, testId: string) => (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={icon}
        aria-label={label}
        data-testid={testId}
        onClick={() => setDialog(key)}
      />
    </Tooltip>
  )

  return (
    <Space size={4} className="shell-topbar">
      {!small && <MenuSearchBox />}
      {iconButton('search', t('menu.search'), <SearchOutlined />, 'menu-search-control')}
      <LanguageSelect />
      {iconButton('theme', t('theme.control'), <BgColorsOutlined />, 'theme-control')}
      {iconButton('lock', t('lock.control'), <LockOutlined />, 'lock-control')}
      <Badge count={logCount} size="small" overflowCount={99} offset={[-4, 4]}>
        {iconButton('log', t('log.title'), <BugOutlined />, 'error-log-control')}
      </Badge>
      {featureItems.map((Item, i) => (
        // a fixed list: its index is its identity
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes
        <Suspense key={i} fallback={null}>
          <Item />
        </Suspense>
      ))}
      <UserMenu />
      <MenuSearchDialog open={dialog === 'search'} onClose={close} />
      <ThemeDialog open={dialog === 'theme'} onClose={close} />
      <LockDialog open={dialog === 'lock'} onClose={close} />
      <ErrorLogDialog open={dialog === 'log'} onClose={close} />
    </Space>
  )
}

import { DownOutlined, LogoutOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons'
import { App, Avatar, Dropdown, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { website } from '../../config'
import { useSession } from '../../stores/session'
import { signOut } from '../session'

/** Real name with a dropdown: tenant name and 退出登录. */
export function UserMenu() {
  const { t } = useTranslation()
  const { modal } = App.useApp()
  const navigate = useNavigate()
  const user = useSession((s) => s.userInfo)

  function logout() {
    modal.confirm({
      title: t('common.tip'),
      content: t('user.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'logout-confirm' },
      onOk: async () => {
        await signOut()
        navigate(website.loginPage, { replace: true })
      },
    })
  }

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: 'tenant',
            icon: <TeamOutlined />,
            label: <span data-testid="user-tenant">{user?.tenantName || t('user.tenant')}</span>,
            disabled: true,
          },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: <span data-testid="logout">{t('user.logout')}</span>,
            onClick: logout,
          },
        ],
      }}
    >
      <Space
        style={{ cursor: 'pointer' }}
        data-testid="user-dropdown"
        role="button"
        aria-label={user?.realName}
      >
        <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
        <span>{user?.realName}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Space>
    </Dropdown>
  )
}

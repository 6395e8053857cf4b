import {
  DownOutlined,
  IdcardOutlined,
  LogoutOutlined,
  SwapOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { App, Avatar, Dropdown, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { switchableTenantsQuery } from '../../api/user'
import { website } from '../../config'
import { useSession } from '../../stores/session'
import { PROFILE_PATH } from '../../stores/tabRules'
import { signOut, switchTenant } from '../session'

/** Real name with a dropdown: tenant name, 切换租户 (when granted), 个人信息 and 退出登录. */
export function UserMenu() {
  const { t } = useTranslation()
  const { modal } = App.useApp()
  const navigate = useNavigate()
  const user = useSession((s) => s.userInfo)
  const tenants = useQuery(switchableTenantsQuery()).data ?? []

  function confirmSwitch(tenantId: string, tenantName: string) {
    modal.confirm({
      title: t('common.tip'),
      content: t('user.switchConfirm', { tenant: `${tenantName} (${tenantId})` }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'switch-tenant-confirm' },
      onOk: () => switchTenant(tenantId).catch(() => undefined),
    })
  }

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
          ...(tenants.length
            ? [
                {
                  key: 'switch',
                  icon: <SwapOutlined />,
                  label: <span data-testid="user-switch-tenant">{t('user.switchTenant')}</span>,
                  children: tenants.map((x) => ({
                    key: `switch-${x.tenantId}`,
                    label: (
                      <span data-testid={`switch-tenant-${x.tenantId}`}>
                        {x.tenantName} ({x.tenantId}) · {x.account}
                      </span>
                    ),
                    onClick: () => confirmSwitch(x.tenantId, x.tenantName),
                  })),
                },
              ]
            : []),
          {
            key: 'profile',
            icon: <IdcardOutlined />,
            label: <span data-testid="user-profile">{t('user.profile')}</span>,
            onClick: () => navigate(PROFILE_PATH),
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

import { LockOutlined, LogoutOutlined } from '@ant-design/icons'
import { Button, Input, message, Space } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate } from 'react-router'
import { setNotifier } from '../../api/notify'
import { AntdProvider } from '../../components/AntdProvider'
import { usePageTitle } from '../../components/usePageTitle'
import { website } from '../../config'
import { useLock } from '../../stores/lock'
import { useSession } from '../../stores/session'
import { signOut } from '../session'
import './lock.css'

/** The lock screen: the lock password unlocks; the user may also log out from here. */
export default function LockPage() {
  return (
    <AntdProvider>
      <LockScreen />
    </AntdProvider>
  )
}

function LockScreen() {
  const { t } = useTranslation()
  usePageTitle(t('lock.control'))
  const navigate = useNavigate()
  const isLock = useLock((s) => s.isLock)
  const name = useSession((s) => s.userInfo?.realName ?? '')
  const [password, setPassword] = useState('')
  const [messageApi, holder] = message.useMessage()
  useEffect(() => setNotifier(messageApi), [messageApi])

  if (!isLock) return <Navigate to="/" replace />

  function unlock() {
    if (!password) {
      void messageApi.error(t('lock password cannot be empty'))
      return
    }
    if (!useLock.getState().unlock(password)) {
      void messageApi.error(t('lock.wrong'))
      return
    }
    navigate(website.homePath, { replace: true })
  }

  async function logout() {
    await signOut()
    navigate(website.loginPage, { replace: true })
  }

  return (
    <div className="lock-page" data-testid="lock-page">
      {holder}
      <div className="lock-box">
        <LockOutlined style={{ fontSize: 48 }} />
        <h2>{name || t('lock.locked')}</h2>
        <Space.Compact style={{ width: '100%' }}>
          <Input.Password
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onPressEnter={unlock}
            placeholder={t('lock.placeholder')}
            aria-label={t('lock.password')}
            data-testid="unlock-password"
            autoFocus
          />
          <Button type="primary" onClick={unlock} data-testid="unlock-submit">
            {t('lock.unlock')}
          </Button>
        </Space.Compact>
        <Button type="link" icon={<LogoutOutlined />} onClick={logout} data-testid="lock-logout">
          {t('user.logout')}
        </Button>
      </div>
    </div>
  )
}

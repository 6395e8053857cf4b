import { Alert, Button } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../stores/session'
import { ChangePasswordDialog } from '../dialogs/ChangePasswordDialog'

/**
 * Shown while the account still has its default password (UserInfo.defaultPassword). An initial
 * password someone else set (UserInfo.passwordChangeRequired: the server refuses everything else)
 * holds the change-password dialog open until it is changed.
 */
export function PasswordBanner() {
  const { t } = useTranslation()
  const defaultPassword = useSession((s) => s.userInfo?.defaultPassword === true)
  const required = useSession((s) => s.userInfo?.passwordChangeRequired === true)
  const [open, setOpen] = useState(false)
  if (!defaultPassword && !required) return null
  return (
    <>
      <Alert
        type="warning"
        showIcon
        banner
        title={t('password.defaultWarning')}
        data-testid="default-password-banner"
        action={
          <Button size="small" type="primary" onClick={() => setOpen(true)} data-testid="change-password">
            {t('password.change')}
          </Button>
        }
      />
      <ChangePasswordDialog open={open || required} mandatory={required} onClose={() => setOpen(false)} />
    </>
  )
}

import { Alert, Button } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../stores/session'
import { ChangePasswordDialog } from '../dialogs/ChangePasswordDialog'

/** Shown while the account still has its default password (UserInfo.defaultPassword). */
export function PasswordBanner() {
  const { t } = useTranslation()
  const defaultPassword = useSession((s) => s.userInfo?.defaultPassword === true)
  const [open, setOpen] = useState(false)
  if (!defaultPassword) return null
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
      <ChangePasswordDialog open={open} onClose={() => setOpen(false)} />
    </>
  )
}

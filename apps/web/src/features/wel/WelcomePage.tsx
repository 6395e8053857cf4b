import { Card, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSession } from '@/stores/session'
import { QuickLinks } from './shortcuts'

/** Home tab: a greeting and the user's desk shortcuts, until the dashboard issue lands. */
export default function WelcomePage() {
  const { t } = useTranslation()
  const user = useSession((s) => s.userInfo)
  return (
    <Card data-testid="welcome">
      <Typography.Title level={3}>{t('wel.greeting')}</Typography.Title>
      {user && (
        <Typography.Paragraph>
          {user.realName} · {user.tenantName}
        </Typography.Paragraph>
      )}
      <QuickLinks />
    </Card>
  )
}

import { useQuery } from '@tanstack/react-query'
import { Card, Col, Row, Spin, Typography } from 'antd'
import { Suspense } from 'react'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import { cardsToShow, myCardsQuery } from './homeConfig'
import './i18n'

/**
 * Home tab (`/wel/index`): a greeting and the cards the caller's roles are configured to see
 * (`/home-page-configuration/index`), or the default cards. The cards come from the features' home
 * slot (unread messages, latest notices, shortcuts; later modules add theirs).
 */
export default function WelcomePage() {
  const t = useTr()
  const user = useSession((s) => s.userInfo)
  const mine = useQuery(myCardsQuery())
  // a failed read shows the defaults (the HTTP client has said why)
  const cards = mine.isLoading ? [] : cardsToShow(mine.data)
  return (
    <div data-testid="welcome">
      <Card style={{ marginBottom: 16 }}>
        <Typography.Title level={3}>{t('wel.greeting')}</Typography.Title>
        {user && (
          <Typography.Paragraph>
            {user.realName} · {user.tenantName}
          </Typography.Paragraph>
        )}
      </Card>
      <Row gutter={[16, 16]}>
        {cards.map(([key, card]) => (
          <Col key={key} xs={24} md={12} xl={8}>
            <Card title={t(card.title)} data-testid={`home-card-${key}`} size="small">
              <Suspense fallback={<Spin />}>
                <card.component />
              </Suspense>
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  )
}

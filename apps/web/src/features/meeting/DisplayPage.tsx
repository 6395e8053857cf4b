import { useQuery } from '@tanstack/react-query'
import { type DisplayBoard, displayBoardCall } from '@xpark/contract/modules/meeting'
import { Alert, Card, Carousel, Col, Empty, QRCode, Row, Space, Spin, Typography } from 'antd'
import { useParams, useSearchParams } from 'react-router'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import './i18n'
import { PageProviders } from '@/components/PageProviders'

/** How often the door screen asks again (a switch or a new booking shows within this). */
const REFRESH_MS = 30_000

const time = (at: string) => at.slice(11, 16)

function MeetingCard({ title, meeting }: { title: string; meeting: DisplayBoard['current'] }) {
  const t = useTr()
  return (
    <Card
      title={title}
      data-testid={`meeting-display-${title === t('display.current') ? 'current' : 'next'}`}
    >
      {meeting ? (
        <Space orientation="vertical">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {meeting.name}
          </Typography.Title>
          <Typography.Text>
            {meeting.startTime.slice(0, 10)} {time(meeting.startTime)} - {time(meeting.endTime)}
          </Typography.Text>
          {meeting.organiserName && (
            <Typography.Text type="secondary">
              {t('meeting.organiser')}: {meeting.organiserName}
            </Typography.Text>
          )}
        </Space>
      ) : (
        <Empty description={t('display.none')} />
      )}
    </Card>
  )
}

/**
 * 会议室门牌 (`#/meeting-display/:roomId?key=<display token>`), outside the frame and signed out: the
 * room's current and next meeting, a slideshow of its pictures, the table cards and the sign-in QR
 * code, from the public board call opened with the room's display token (revoked: refused at once).
 * The token rides as `key`: `token` in the address is the console's sign-in token (spec 01 §2).
 */
export default function DisplayPage() {
  // outside the frame: the frame's query cache and antd's App are not there
  return (
    <PageProviders>
      <RoomBoard />
    </PageProviders>
  )
}

function RoomBoard() {
  const t = useTr()
  const { roomId = '' } = useParams()
  const [params] = useSearchParams()
  const key = params.get('key') ?? ''
  const board = useQuery({
    queryKey: ['meeting-display', roomId, key],
    enabled: Boolean(roomId && key),
    refetchInterval: REFRESH_MS,
    queryFn: () => callApi(displayBoardCall, { roomId, token: key }),
  })
  if (!key) return <Alert type="error" showIcon message={t('display.noKey')} style={{ margin: 24 }} />
  if (board.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />
  if (board.error || !board.data)
    return (
      <Alert
        type="error"
        showIcon
        message={board.error?.message ?? t('display.noKey')}
        style={{ margin: 24 }}
        data-testid="meeting-display-error"
      />
    )
  const b = board.data
  return (
    <div
      style={{ padding: 24, minHeight: '100vh', background: '#f0f2f5' }}
      data-testid="meeting-display-page"
    >
      <Typography.Title level={2}>
        {b.room.name}
        {b.room.place && <Typography.Text type="secondary"> · {b.room.place}</Typography.Text>}
      </Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <MeetingCard title={t('display.current')} meeting={b.current} />
            {b.pictures.length > 0 && (
              <Carousel autoplay autoplaySpeed={5000} data-testid="meeting-display-slides">
                {b.pictures.map((src) => (
                  <div key={src}>
                    <img src={src} alt="" style={{ width: '100%', maxHeight: 360, objectFit: 'contain' }} />
                  </div>
                ))}
              </Carousel>
            )}
            <MeetingCard title={t('display.next')} meeting={b.next} />
          </Space>
        </Col>
        <Col xs={24} md={8}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {b.signCode && (
              <Card title={t('display.signIn')}>
                <QRCode value={b.signCode} data-testid="meeting-display-qr" />
              </Card>
            )}
            <Card title={t('display.tableCards')}>
              {b.tableCards.length ? (
                <Row gutter={[8, 8]}>
                  {b.tableCards.map((c) => (
                    <Col span={12} key={c.userId}>
                      <Card size="small">
                        <Typography.Text strong>{c.userName}</Typography.Text>
                        <br />
                        <Typography.Text type="secondary">
                          {[c.deptName, c.groupName, c.seat].filter(Boolean).join(' · ')}
                        </Typography.Text>
                      </Card>
                    </Col>
                  ))}
                </Row>
              ) : (
                <Empty />
              )}
            </Card>
          </Space>
        </Col>
      </Row>
    </div>
  )
}

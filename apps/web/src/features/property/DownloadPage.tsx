import { useQuery } from '@tanstack/react-query'
import { type AppReleaseReply, appReleaseCall } from '@xpark/contract/schemas'
import { Button, Card, Col, Empty, QRCode, Row, Space, Spin, Typography } from 'antd'
import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import './i18n'

const PLATFORMS = ['android', 'ios'] as const

function ReleaseCard({ release }: { release: AppReleaseReply }) {
  const t = useTr()
  return (
    <Card title={`${release.appName} · ${release.platform}`} data-testid={`download-${release.platform}`}>
      <Space orientation="vertical" align="center" style={{ width: '100%' }}>
        <QRCode value={release.downloadUrl} data-testid={`download-qr-${release.platform}`} />
        <Typography.Text type="secondary">{t('property.scanToDownload')}</Typography.Text>
        <Typography.Text>
          {t('property.version')}:{' '}
          <b data-testid={`download-version-${release.platform}`}>{release.versionName}</b>
        </Typography.Text>
        {release.releaseNotes && (
          <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
            {t('property.releaseNotes')}: {release.releaseNotes}
          </Typography.Paragraph>
        )}
        <Button type="primary" href={release.downloadUrl}>
          {t('property.download')}
        </Button>
      </Space>
    </Card>
  )
}

/**
 * The property app's download page (`#/download/ydzy?tenantId=…`, spec 02 §2), outside the frame and
 * signed out, titled with the product's name: each platform's newest enabled release of the app
 * module (its QR code, version and notes), from the public release call.
 */
export default function DownloadPage() {
  const t = useTr()
  const [params] = useSearchParams()
  const tenantId = params.get('tenantId') ?? undefined
  const releases = useQuery({
    queryKey: ['property-download', tenantId],
    queryFn: () =>
      Promise.all(
        PLATFORMS.map((platform) => callApi(appReleaseCall, { platform, ...(tenantId ? { tenantId } : {}) })),
      ),
  })
  const title = t('property.product')
  useEffect(() => {
    document.title = title
  }, [title])
  const found = (releases.data ?? []).filter((r): r is AppReleaseReply => r !== null)
  return (
    <div style={{ padding: 24, minHeight: '100vh', background: '#f0f2f5' }} data-testid="download-page">
      <Typography.Title level={2} style={{ textAlign: 'center' }}>
        {title}
      </Typography.Title>
      {releases.isLoading ? (
        <Spin style={{ display: 'block', margin: 48 }} />
      ) : found.length ? (
        <Row gutter={16} justify="center">
          {found.map((r) => (
            <Col xs={24} sm={12} md={8} key={r.platform}>
              <ReleaseCard release={r} />
            </Col>
          ))}
        </Row>
      ) : (
        <Empty description={t('property.noRelease')} data-testid="download-none" />
      )}
    </div>
  )
}

import { useQuery } from '@tanstack/react-query'
import { publishedScreensCall } from '@xpark/contract/modules/screen'
import { Spin } from 'antd'
import { useEffect } from 'react'
import { callApi } from '@/api/calls'
import { PageProviders } from '@/components/PageProviders'
import { useSession } from '@/stores/session'
import { useScreenT } from './i18n'
import { LinkInvalid } from './Wall'
import './screen.css'

/** 大屏导航 (`/middle`, outside the frame, signed in): the tenant's published screens as tiles. */
function Tiles() {
  const t = useScreenT()
  const screens = useQuery({ queryKey: ['screen-published'], queryFn: () => callApi(publishedScreensCall) })
  useEffect(() => {
    document.title = t('screen.middle')
  }, [t])
  return (
    <div className="screen-tiles" data-testid="screen-middle">
      <h1 style={{ color: '#e6f0ff', marginTop: 0 }}>{t('screen.middle')}</h1>
      {screens.isLoading ? (
        <Spin />
      ) : (screens.data ?? []).length === 0 ? (
        <div className="screen-tile-time">{t('screen.noPublished')}</div>
      ) : (
        <div className="screen-tiles-grid">
          {(screens.data ?? []).map((s) => (
            <a
              key={s.id}
              className="screen-tile"
              href={`#/datavview?id=${encodeURIComponent(s.id)}`}
              data-testid={`screen-tile-${s.id}`}
            >
              <div className="screen-tile-name">{s.name}</div>
              <div className="screen-tile-time">{s.publishTime ?? ''}</div>
            </a>
          ))}
        </div>
      )}
    </div>
  )
}

export default function MiddlePage() {
  const signedIn = useSession((s) => Boolean(s.token))
  // the route table lets no one here signed out (not a public path): this is a second line
  if (!signedIn) return <LinkInvalid />
  return (
    <PageProviders>
      <Tiles />
    </PageProviders>
  )
}

import './i18n'
import { Space, Spin, Tabs } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useTr } from '@/components/crud/i18n'
import { Broadcasts } from './Broadcasts'
import { Monitors } from './Monitors'
import { OrgMembers } from './OrgMembers'
import { SessionBar } from './SessionBar'

// Leaflet and the marker clusters load only when the map tab is opened
const MapPanel = lazy(() => import('./MapPanel'))

/** The wireless intercom dispatch console (spec 01 §2): organisation, map and fences, broadcasts, monitoring. */
export default function IntercomConsole() {
  const tr = useTr()
  const [tab, setTab] = useState('members')
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="intercom-console">
      <SessionBar />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden={false}
        items={[
          { key: 'members', label: tr('intercom.tab.members'), children: <OrgMembers /> },
          {
            key: 'map',
            label: tr('intercom.tab.map'),
            children:
              tab === 'map' ? (
                <Suspense fallback={<Spin />}>
                  <MapPanel />
                </Suspense>
              ) : null,
          },
          { key: 'broadcasts', label: tr('intercom.tab.broadcasts'), children: <Broadcasts /> },
          { key: 'monitors', label: tr('intercom.tab.monitors'), children: <Monitors /> },
        ]}
      />
    </Space>
  )
}

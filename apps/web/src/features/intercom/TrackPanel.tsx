import { useQuery } from '@tanstack/react-query'
import { App, Button, DatePicker, Select, Space } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTr } from '@/components/crud/i18n'
import { intercomApi, membersQuery } from './api'

/** A member's track over a time range, drawn on the map (a silent operation: no failure toast). */
export function TrackPanel({ onTrack }: { onTrack: (points: [number, number, number][]) => void }) {
  const tr = useTr()
  const { message } = App.useApp()
  const { data: members } = useQuery(membersQuery('', ''))
  const [uid, setUid] = useState<string>()
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(1, 'hour'), dayjs()])
  const [busy, setBusy] = useState(false)
  const show = async () => {
    if (!uid) return
    setBusy(true)
    try {
      const points = await intercomApi.track(uid, range[0].valueOf(), range[1].valueOf())
      if (!points.length) void message.info(tr('intercom.map.trackEmpty'))
      onTrack(points)
    } catch {
      onTrack([])
    } finally {
      setBusy(false)
    }
  }
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        showSearch
        optionFilterProp="label"
        style={{ width: '100%' }}
        placeholder={tr('intercom.alarm.member')}
        value={uid}
        onChange={setUid}
        options={(members ?? []).map((m) => ({ value: m.uid, label: `${m.name} (${m.uid})` }))}
      />
      <DatePicker.RangePicker
        showTime
        value={range}
        allowClear={false}
        onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
      />
      <Button type="primary" disabled={!uid} loading={busy} onClick={() => void show()}>
        {tr('intercom.map.showTrack')}
      </Button>
    </Space>
  )
}

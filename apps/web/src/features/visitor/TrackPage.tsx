import { useQuery } from '@tanstack/react-query'
import { type AccessRecordRow, personTrackCall } from '@xpark/contract/modules/visitor'
import { Alert, Card, DatePicker, Space, Table } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useMemo, useState } from 'react'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { Timeline, type TimelineRow } from '@/components/kit'
import { PersonInput } from '@/components/PersonInput'
import './i18n'

/**
 * 人员轨迹: one person's face and door records in time order: a day a row on the kit's Timeline (the
 * hours of the day across, a mark a pass: green let in, red refused), and the records as a table.
 */
export default function TrackPage() {
  const tr = useTr()
  const [personId, setPersonId] = useState('')
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day'), dayjs()])
  const params = { personId, startDay: range[0].format('YYYY-MM-DD'), endDay: range[1].format('YYYY-MM-DD') }
  const track = useQuery({
    queryKey: ['visitor', 'person-track', params],
    queryFn: () => callApi(personTrackCall, params),
    enabled: personId !== '',
  })
  const rows = useMemo(() => dayRows(track.data ?? []), [track.data])
  return (
    <Card
      title={tr('visitor.track')}
      extra={
        <Space>
          <PersonInput
            value={personId}
            onChange={setPersonId}
            placeholder={tr('visitor.pick')}
            pickLabel={tr('visitor.pick')}
            testId="track-person"
          />
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          />
        </Space>
      }
      data-testid="person-track"
    >
      {!personId && <Alert type="info" showIcon title={tr('visitor.trackHint')} />}
      {track.isError && (
        <Alert type="error" showIcon title={track.error instanceof Error ? track.error.message : ''} />
      )}
      {rows.length > 0 && <Timeline rows={rows} from={DAY_START} to={DAY_END} testId="track-timeline" />}
      <Table<AccessRecordRow>
        rowKey="id"
        size="small"
        loading={track.isFetching}
        dataSource={track.data ?? []}
        pagination={false}
        columns={[
          { title: tr('visitor.passTime'), dataIndex: 'passTime' },
          { title: tr('visitor.area'), dataIndex: 'area' },
          { title: tr('visitor.machine'), dataIndex: 'machineName' },
          { title: tr('visitor.method'), dataIndex: 'method' },
          {
            title: tr('visitor.passed'),
            dataIndex: 'passed',
            render: (p: number) => tr(p === 1 ? 'visitor.let' : 'visitor.refused'),
          },
        ]}
      />
    </Card>
  )
}

/** Every day's records are laid on one day's hours, so the rows share the axis. */
const DAY_START = '2000-01-01 00:00:00'
const DAY_END = '2000-01-02 00:00:00'

export function dayRows(records: readonly AccessRecordRow[]): TimelineRow[] {
  const byDay = new Map<string, AccessRecordRow[]>()
  for (const r of records) {
    const day = r.passTime.slice(0, 10)
    byDay.set(day, [...(byDay.get(day) ?? []), r])
  }
  return [...byDay].map(([day, list]) => ({
    key: day,
    label: day,
    marks: list.map((r) => ({
      at: `2000-01-01 ${r.passTime.slice(11, 19)}`,
      label: [r.passTime.slice(11, 16), r.area, r.machineName].filter(Boolean).join(' '),
      tone: r.passed === 1 ? ('success' as const) : ('error' as const),
    })),
  }))
}

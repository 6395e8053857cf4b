import { useQuery } from '@tanstack/react-query'
import type { IntercomAlarm, IntercomFence, IntercomUser } from '@xpark/contract/modules/intercom'
import { DatePicker, Empty, Space, Table, Tag } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect, useState } from 'react'
import { BusyArea } from '@/components/BusyArea'
import { useTr } from '@/components/crud/i18n'
import { alarmsQuery } from './api'
import { useIntercomFeedback } from './feedback'

const FORMAT = 'YYYY-MM-DD HH:mm:ss'

/** Fence alarms (FenceId, Uid, Type, time) for a time range (today by default), refreshed every 5 s. */
export function AlarmList({
  fences,
  names,
}: {
  fences: IntercomFence[]
  names: ReadonlyMap<string, IntercomUser>
}) {
  const tr = useTr()
  const feedback = useIntercomFeedback()
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('day'), dayjs().endOf('day')])
  const { data, isLoading, error } = useQuery(alarmsQuery(range[0].format(FORMAT), range[1].format(FORMAT)))
  useEffect(() => {
    if (error) feedback(error)
  }, [error, feedback])
  const fenceName = new Map(fences.map((f) => [f.fenceId, f.fenceName]))
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <DatePicker.RangePicker
        showTime
        value={range}
        allowClear={false}
        onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
      />
      <BusyArea busy={isLoading}>
        <Table<IntercomAlarm>
          data-testid="intercom-alarms"
          rowKey="alarmId"
          size="small"
          dataSource={data ?? []}
          pagination={{ pageSize: 10, size: 'small' }}
          locale={{ emptyText: <Empty description={tr('intercom.alarm.empty')} /> }}
          columns={[
            {
              title: tr('intercom.alarm.fence'),
              dataIndex: 'fenceId',
              render: (id: string) => fenceName.get(id) ?? id,
            },
            {
              title: tr('intercom.alarm.member'),
              dataIndex: 'uid',
              render: (uid: string) => names.get(uid)?.name ?? uid,
            },
            {
              title: tr('intercom.alarm.type'),
              dataIndex: 'type',
              render: (t: number) => (
                <Tag color={t === 1 ? 'red' : 'green'}>{tr(`intercom.alarm.type.${t}`)}</Tag>
              ),
            },
            { title: tr('intercom.alarm.time'), dataIndex: 'time', width: 150 },
          ]}
        />
      </BusyArea>
    </Space>
  )
}

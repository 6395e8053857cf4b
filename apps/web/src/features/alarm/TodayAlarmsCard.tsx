import { useQuery } from '@tanstack/react-query'
import { liveCallOf } from '@xpark/contract/kit'
import { ALARM_LEVEL_NAMES, alarmContract, todayAlarmsCall } from '@xpark/contract/modules/alarm'
import { Badge, Empty, Space, Statistic, Tag } from 'antd'
import { Link } from 'react-router'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { useLiveList } from '@/components/crud/useLiveList'
import { useSession } from '@/stores/session'
import './i18n'

const live = liveCallOf(alarmContract)
const LEVEL_COLORS: Record<number, string> = { 1: 'default', 2: 'blue', 3: 'orange', 4: 'red' }

/**
 * 今日告警 on the home page: today's alarms, how many are not closed (a badge), by level; live — the
 * tenant's `alarms` topic reloads it (under the records' code, so a close on the records screen does too).
 */
export default function TodayAlarmsCard() {
  const t = useTr()
  const may = useSession((s) => s.permission[alarmContract.permissions.view as string] === true)
  useLiveList(may ? live : undefined, alarmContract.code)
  const { data, isLoading } = useQuery({
    queryKey: [alarmContract.code, 'today'],
    queryFn: () => callApi(todayAlarmsCall),
    enabled: may,
  })
  if (!may || (!isLoading && !data?.total))
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarm.none')} />
  return (
    <div data-testid="home-alarms">
      <Space size="large" align="start">
        <Statistic title={t('alarm.todayTotal')} value={data?.total ?? 0} />
        <Badge count={data?.open ?? 0} showZero offset={[12, 0]} data-testid="home-alarms-open">
          <Statistic title={t('alarm.todayOpen')} value={data?.open ?? 0} />
        </Badge>
      </Space>
      <div style={{ marginTop: 8 }}>
        {(data?.byLevel ?? []).map((l) => (
          <Tag key={l.level} color={LEVEL_COLORS[l.level]}>
            {ALARM_LEVEL_NAMES[l.level] ?? l.level} {l.count}
          </Tag>
        ))}
      </div>
      <Link to="/alarm/record">{t('alarm.record')}</Link>
    </div>
  )
}

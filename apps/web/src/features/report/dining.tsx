import { useQuery } from '@tanstack/react-query'
import { DINING_PARTNERS, type DiningCountRow, diningCountCalls } from '@xpark/contract/modules/report'
import { Card, DatePicker, Space, Table, Tabs } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import { useMemo, useState } from 'react'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { DictTag } from '@/components/dict/DictTag'
import { Chart } from '@/components/kit/Chart'
import { compactNumber } from '@/components/numberFormat'
import './i18n'

type Channel = (typeof DINING_PARTNERS)[number]

/** Meals a day of a channel's rows, summed over canteens and meals (the chart's bars). */
export function mealsByDay(rows: readonly DiningCountRow[]): { days: string[]; meals: number[] } {
  const byDay = new Map<string, number>()
  for (const r of rows) byDay.set(r.day, (byDay.get(r.day) ?? 0) + r.meals)
  const days = [...byDay.keys()].sort()
  return { days, meals: days.map((d) => byDay.get(d)!) }
}

function ChannelCounts({ channel, range }: { channel: Channel; range: [string, string] }) {
  const tr = useTr()
  const call = diningCountCalls[DINING_PARTNERS.indexOf(channel)]!
  const rows = useQuery({
    queryKey: ['report', 'dining', channel, range],
    queryFn: () => callApi(call, { startTime: range[0], endTime: range[1] }),
  })
  const data = rows.data ?? []
  const chart = useMemo(() => {
    const { days, meals } = mealsByDay(data)
    return {
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: days },
      // big numbers with k, M, G … (spec 02 §9)
      yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => compactNumber(v) } },
      series: [{ type: 'bar', name: tr('report.meals'), data: meals }],
    }
  }, [data, tr])
  const columns: ColumnsType<DiningCountRow> = [
    { title: tr('report.day'), dataIndex: 'day' },
    { title: tr('report.canteen'), dataIndex: 'canteenName' },
    {
      title: tr('report.mealType'),
      dataIndex: 'mealType',
      render: (v: number) => <DictTag code="canteen_meal_type" value={v} />,
    },
    { title: tr('report.meals'), dataIndex: 'meals', align: 'right' },
  ]
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {data.length > 0 && <Chart option={chart} height={240} testId={`report-dining-chart-${channel}`} />}
      <Table<DiningCountRow>
        size="small"
        rowKey={(r) => `${r.day}-${r.canteenId}-${r.mealType}`}
        loading={rows.isFetching}
        dataSource={data}
        columns={columns}
        pagination={{ pageSize: 20 }}
        data-testid={`report-dining-table-${channel}`}
      />
    </Space>
  )
}

/** 就餐统计: meals a day per canteen and meal of the platforms' staff (铁通, 移动). */
export default function DiningPage() {
  const tr = useTr()
  const [range, setRange] = useState<[string, string]>([
    dayjs().subtract(6, 'day').format('YYYY-MM-DD'),
    dayjs().format('YYYY-MM-DD'),
  ])
  return (
    <Card title={tr('report.dining')} data-testid="report-dining">
      <DatePicker.RangePicker
        allowClear={false}
        value={[dayjs(range[0]), dayjs(range[1])]}
        onChange={(r) => {
          const [from, to] = r ?? []
          if (from && to) setRange([from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')])
        }}
      />
      <Tabs
        destroyOnHidden
        items={DINING_PARTNERS.map((channel) => ({
          key: channel,
          label: tr(`report.${channel}`),
          children: <ChannelCounts channel={channel} range={range} />,
        }))}
      />
    </Card>
  )
}

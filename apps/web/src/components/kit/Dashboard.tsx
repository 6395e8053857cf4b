import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Col, DatePicker, Row, Spin, Statistic } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import type { EChartsCoreOption } from 'echarts/core'
import { useMemo, useState } from 'react'
import { getData } from '@/api/http'
import { crudKeys, formatMoney } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { Chart } from './Chart'

/**
 * A dashboard: one statistics call for a date range (default the last 30 days), its numbers as
 * statistic cards and its series as ECharts charts. ECharts loads with the first chart, never on
 * screens that do not chart.
 */
export interface DashboardDeclaration {
  /** i18n key or text */
  title: string
  /** URL under the API base answering the figures for `startTime` / `endTime` (yyyy-MM-dd HH:mm:ss) */
  url: string
  /** the resource the figures come from (its writes refresh the dashboard) */
  code: string
  /** numbers read from the reply */
  stats?: { key: string; label: string; money?: boolean }[]
  charts: {
    title: string
    span?: number
    option: (data: Record<string, unknown>, tr: (k: string) => string) => EChartsCoreOption
  }[]
}

const FORMAT = 'YYYY-MM-DD HH:mm:ss'

export function Dashboard({ declaration }: { declaration: DashboardDeclaration }) {
  const tr = useTr()
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract(29, 'day').startOf('day'),
    dayjs().endOf('day'),
  ])
  const params = useMemo(
    () => ({ startTime: range[0].format(FORMAT), endTime: range[1].format(FORMAT) }),
    [range],
  )
  const query = useQuery({
    queryKey: crudKeys.of(declaration.code, 'dashboard', declaration.url, params),
    queryFn: () => getData<Record<string, unknown>>(declaration.url, params),
  })
  const data = query.data
  return (
    <Card
      title={tr(declaration.title)}
      extra={
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0].startOf('day'), v[1].endOf('day')])}
          data-testid="dashboard-range"
        />
      }
      data-testid="dashboard"
    >
      {query.isError && (
        <Alert type="error" showIcon title={query.error instanceof Error ? query.error.message : ''} />
      )}
      <Spin spinning={query.isFetching}>
        {declaration.stats && (
          <Row gutter={16} style={{ marginBottom: 16 }}>
            {declaration.stats.map((s) => (
              <Col key={s.key} xs={12} md={6}>
                <Card size="small">
                  <Statistic
                    title={tr(s.label)}
                    value={data ? (s.money ? formatMoney(data[s.key]) : Number(data[s.key] ?? 0)) : '-'}
                    data-testid={`dashboard-stat-${s.key}`}
                  />
                </Card>
              </Col>
            ))}
          </Row>
        )}
        <Row gutter={16}>
          {declaration.charts.map((c, i) => (
            <Col key={c.title} xs={24} lg={c.span ?? 12} style={{ marginBottom: 16 }}>
              <Card size="small" title={tr(c.title)}>
                {data ? (
                  <Chart option={c.option(data, tr)} testId={`dashboard-chart-${i}`} />
                ) : (
                  <div style={{ height: 300 }} />
                )}
              </Card>
            </Col>
          ))}
        </Row>
      </Spin>
    </Card>
  )
}

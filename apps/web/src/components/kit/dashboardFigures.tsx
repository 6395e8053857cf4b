import { useQuery } from '@tanstack/react-query'
import { type Figure, statisticRunCall } from '@xpark/contract/modules/statistics'
import { Alert, Card, Col, Row, Spin, Statistic, Table } from 'antd'
import type { EChartsCoreOption } from 'echarts/core'
import { useMemo } from 'react'
import { callApi } from '@/api/calls'
import { crudKeys, formatMoney } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { Chart } from './Chart'

/**
 * A dashboard's figures declared by statistic (docs/modules.md "Statistics"): each card or chart names
 * a module's statistic, read through `xpark-statistic/run` with the dashboard's range and filters (and
 * its own fixed `params`), under the reader's data scope. A `number` is a card of the figure's value,
 * `line`/`bar`/`pie` a chart of its labels and series, `table` its rows under its columns.
 */
export interface DashboardFigure {
  /** `<module>.<figure>`: `storage.stockValue` */
  statistic: string
  as: 'number' | 'line' | 'bar' | 'pie' | 'table'
  /** i18n key or text of the card's or the chart's title */
  title: string
  /** fixed parameters of this figure (a measure), sent with the range and the filters */
  params?: Record<string, string>
  /** i18n keys of the texts the server names series, labels and columns with (`入库` → `storage.in`) */
  names?: Record<string, string>
  /** a chart's width in 24ths on a wide screen (default 12) */
  span?: number
}

/** A figure's series in the units drawn: cents as yuan when the figure is money. */
const drawn = (figure: Pick<Figure, 'money'>, data: readonly number[]) =>
  figure.money ? data.map((n) => Math.round(n) / 100) : [...data]

/** The ECharts option of a chart over a figure's labels and series (a `pie` slices the first series). */
export function statisticOption(
  kind: 'line' | 'bar' | 'pie',
  figure: Figure,
  name: (text: string) => string,
): EChartsCoreOption {
  const labels = figure.labels.map(name)
  if (kind === 'pie') {
    const data = drawn(figure, figure.series[0]?.data ?? [])
    return {
      tooltip: { trigger: 'item' },
      series: [
        {
          type: 'pie',
          radius: ['40%', '70%'],
          data: labels.map((label, i) => ({ name: label, value: data[i] ?? 0 })),
        },
      ],
    }
  }
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: figure.series.map((s) => name(s.name)) },
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value' },
    series: figure.series.map((s) => ({ name: name(s.name), type: kind, data: drawn(figure, s.data) })),
  }
}

/** One figure's reply, read with the dashboard's parameters and its own. */
function useFigure(code: string, f: DashboardFigure, params: Record<string, string>) {
  const all = useMemo(() => ({ ...params, ...f.params }), [params, f.params])
  return useQuery({
    queryKey: crudKeys.of(code, 'dashboard', 'statistic', f.statistic, all),
    queryFn: () => callApi(statisticRunCall, { name: f.statistic, params: JSON.stringify(all) }),
  })
}

const errorOf = (error: unknown) => (error instanceof Error ? error.message : '')

/** A number card: the figure's value, money in yuan with 2 decimals. */
function NumberFigure({
  f,
  code,
  params,
}: {
  f: DashboardFigure
  code: string
  params: Record<string, string>
}) {
  const tr = useTr()
  const query = useFigure(code, f, params)
  const figure = query.data
  const value = figure?.value ?? null
  return (
    <Col xs={12} md={6} style={{ marginBottom: 16 }}>
      <Card size="small">
        <Spin spinning={query.isFetching}>
          <Statistic
            title={tr(f.title)}
            value={value === null ? '-' : figure?.money ? formatMoney(value) : value}
            data-testid={`dashboard-stat-${f.statistic}`}
          />
        </Spin>
        {query.isError && <Alert type="error" showIcon title={errorOf(query.error)} />}
      </Card>
    </Col>
  )
}

/** A chart or a table of one figure. */
function ChartFigure({
  f,
  index,
  code,
  params,
}: {
  f: DashboardFigure
  index: number
  code: string
  params: Record<string, string>
}) {
  const tr = useTr()
  const query = useFigure(code, f, params)
  const figure = query.data
  const name = (text: string) => (f.names?.[text] ? tr(f.names[text]) : text)
  return (
    <Col xs={24} lg={f.span ?? 12} style={{ marginBottom: 16 }}>
      <Card size="small" title={tr(f.title)} data-testid={`dashboard-figure-${index}`}>
        {query.isError && <Alert type="error" showIcon title={errorOf(query.error)} />}
        <Spin spinning={query.isFetching}>
          {!figure ? (
            <div style={{ height: 300 }} />
          ) : f.as === 'table' ? (
            <Table
              size="small"
              rowKey="__row"
              columns={figure.columns.map((c) => ({ title: name(c.title), dataIndex: c.key, key: c.key }))}
              // a ranking's rows have no key of their own: their place is what they are
              dataSource={figure.rows.map((r, i) => ({ ...r, __row: i }))}
              pagination={false}
              data-testid={`dashboard-figure-table-${index}`}
            />
          ) : (
            <Chart
              option={statisticOption(f.as === 'number' ? 'bar' : f.as, figure, name)}
              testId={`dashboard-figure-chart-${index}`}
            />
          )}
        </Spin>
      </Card>
    </Col>
  )
}

/** The declared figures: the number cards in a row, then the charts and tables. */
export function DashboardFigures({
  figures,
  code,
  params,
}: {
  figures: readonly DashboardFigure[]
  code: string
  params: Record<string, string>
}) {
  const numbers = figures.filter((f) => f.as === 'number')
  return (
    <>
      {numbers.length > 0 && (
        <Row gutter={16}>
          {numbers.map((f) => (
            <NumberFigure key={`${f.statistic}|${f.title}`} f={f} code={code} params={params} />
          ))}
        </Row>
      )}
      <Row gutter={16}>
        {figures.map((f, i) =>
          f.as === 'number' ? null : (
            <ChartFigure key={`${f.statistic}|${f.title}`} f={f} index={i} code={code} params={params} />
          ),
        )}
      </Row>
    </>
  )
}

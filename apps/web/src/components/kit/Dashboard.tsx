import { useQuery } from '@tanstack/react-query'
import type { Figure } from '@xpark/contract/modules/statistics'
import { Alert, Card, Col, DatePicker, Input, Row, Space, Spin, Statistic, Table } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import type { EChartsCoreOption } from 'echarts/core'
import { useMemo, useState } from 'react'
import { getData } from '@/api/http'
import { crudKeys, formatMoney } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { registerMessages } from '@/i18n'
import { Chart } from './Chart'
import { type DashboardFigure, DashboardFigures } from './dashboardFigures'
import { useDashboardView } from './dashboardView'

export type { DashboardFigure } from './dashboardFigures'

/**
 * A dashboard: statistics calls for a date range (default the last 30 days, or a month picked), their
 * numbers as statistic cards and their series as ECharts charts. Three ways to declare it, together or
 * apart:
 * - `figures`: each card and chart a module's statistic by name (`storage.stockValue`), read through
 *   `xpark-statistic/run` with the range and filters as its parameters (dashboardFigures.tsx; the
 *   storage, commodity and canteen boards);
 * - `url` + `stats` + `charts`: one call, its numbers and charts drawn by hand (the device board);
 * - `panels`: one call each, answering a figure as `{ labels, series: [{ name, data }], total }`,
 *   drawn as a chart with a table of the same figures beside it (label column, one column a series).
 * `filters` add inputs every call receives (area, machine, person): what is typed is sent as that
 * parameter, empty sends nothing. ECharts loads with the first chart, never on screens that do not chart.
 */
export interface DashboardDeclaration {
  /** i18n key or text */
  title: string
  /** URL under the API base answering the figures for `startTime` / `endTime` (yyyy-MM-dd HH:mm:ss) */
  url?: string
  /** the resource the figures come from (its writes refresh the dashboard) */
  code: string
  /** numbers read from the reply */
  stats?: { key: string; label: string; money?: boolean }[]
  charts?: {
    title: string
    span?: number
    option: (data: Record<string, unknown>, tr: (k: string) => string) => EChartsCoreOption
  }[]
  /** statistics drawn as number cards, charts or tables (see above) */
  figures?: DashboardFigure[]
  /** figures drawn each as a chart beside a table (see above) */
  panels?: DashboardPanel[]
  /** inputs sent with every call, by parameter name */
  filters?: DashboardFilter[]
  /** a month picker beside the range: picking a month sets the range to it */
  month?: boolean
}

export interface DashboardPanel {
  title: string
  /** URL under the API base answering a figure (`labels`, `series`, `total`) */
  url: string
  /** `line` or `bar` over the labels, or a `pie` of the first series */
  chart: 'line' | 'bar' | 'pie'
  /** i18n key of each series' name (by its `name`); absent: the name itself */
  seriesNames?: Record<string, string>
  /** i18n key of the labels' column */
  labelName?: string
  /** fixed parameters of this call (a sensor's metric) */
  params?: Record<string, string>
  span?: number
}

export interface DashboardFilter {
  /** the parameter's name (`area`, `machineId`, `personId`) */
  name: string
  label: string
}

/** A figure as the panels' calls answer it: a statistic's labels and series, and their total. */
export type PanelFigure = Pick<Figure, 'labels' | 'series'> & { total: number }

const FORMAT = 'YYYY-MM-DD HH:mm:ss'

registerMessages({
  'zh-CN': { 'kit.dashboardLabel': '项目', 'kit.dashboardTotal': '合计', 'kit.dashboardMonth': '选择月份' },
  'en-US': {
    'kit.dashboardLabel': 'Item',
    'kit.dashboardTotal': 'Total',
    'kit.dashboardMonth': 'Pick a month',
  },
})

export function figureOption(
  panel: DashboardPanel,
  figure: PanelFigure,
  tr: (k: string) => string,
): EChartsCoreOption {
  const name = (s: string) => tr(panel.seriesNames?.[s] ?? s)
  if (panel.chart === 'pie')
    return {
      tooltip: { trigger: 'item' },
      series: [
        {
          type: 'pie',
          radius: ['40%', '70%'],
          data: figure.labels.map((label, i) => ({ name: label, value: figure.series[0]?.data[i] ?? 0 })),
        },
      ],
    }
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: figure.series.map((s) => name(s.name)) },
    xAxis: { type: 'category', data: figure.labels },
    yAxis: { type: 'value' },
    series: figure.series.map((s) => ({ name: name(s.name), type: panel.chart, data: s.data })),
  }
}

/** One figure: its chart and, beside it, the same figures as a table. */
function FigurePanel({
  panel,
  index,
  code,
  params,
}: {
  panel: DashboardPanel
  index: number
  code: string
  params: Record<string, string>
}) {
  const tr = useTr()
  const all = useMemo(() => ({ ...params, ...panel.params }), [params, panel.params])
  const query = useQuery({
    queryKey: crudKeys.of(code, 'dashboard', panel.url, all),
    queryFn: () => getData<PanelFigure>(panel.url, all),
  })
  const figure = query.data
  const columns = [
    { title: tr(panel.labelName ?? 'kit.dashboardLabel'), dataIndex: 'label', key: 'label' },
    ...(figure?.series ?? []).map((s) => ({
      title: tr(panel.seriesNames?.[s.name] ?? s.name),
      dataIndex: s.name,
      key: s.name,
      align: 'right' as const,
    })),
  ]
  const rows = (figure?.labels ?? []).map((label, i) => ({
    key: `${label}-${i}`,
    label,
    ...Object.fromEntries((figure?.series ?? []).map((s) => [s.name, s.data[i] ?? 0])),
  }))
  return (
    <Col xs={24} xl={panel.span ?? 24} style={{ marginBottom: 16 }}>
      <Card
        size="small"
        title={tr(panel.title)}
        extra={figure ? `${tr('kit.dashboardTotal')}: ${figure.total}` : undefined}
        data-testid={`dashboard-panel-${index}`}
      >
        {query.isError && (
          <Alert type="error" showIcon title={query.error instanceof Error ? query.error.message : ''} />
        )}
        <Spin spinning={query.isFetching}>
          <Row gutter={16}>
            <Col xs={24} lg={14}>
              {figure ? (
                <Chart option={figureOption(panel, figure, tr)} testId={`dashboard-panel-chart-${index}`} />
              ) : (
                <div style={{ height: 300 }} />
              )}
            </Col>
            <Col xs={24} lg={10}>
              <Table
                size="small"
                columns={columns}
                dataSource={rows}
                pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
                scroll={{ y: 260 }}
                data-testid={`dashboard-panel-table-${index}`}
              />
            </Col>
          </Row>
        </Spin>
      </Card>
    </Col>
  )
}

export function Dashboard({ declaration }: { declaration: DashboardDeclaration }) {
  const tr = useTr()
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract(29, 'day').startOf('day'),
    dayjs().endOf('day'),
  ])
  const [filters, setFilters] = useState<Record<string, string>>({})
  const params = useMemo(
    () => ({
      startTime: range[0].format(FORMAT),
      endTime: range[1].format(FORMAT),
      ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== '')),
    }),
    [range, filters],
  )
  const view = useDashboardView(params, setRange, setFilters)
  const url = declaration.url
  const query = useQuery({
    queryKey: crudKeys.of(declaration.code, 'dashboard', url ?? '', params),
    queryFn: () => getData<Record<string, unknown>>(url ?? '', params),
    enabled: url !== undefined,
  })
  const data = query.data
  return (
    <Card
      title={tr(declaration.title)}
      extra={
        <Space wrap>
          {declaration.filters?.map((f) => (
            <Input.Search
              key={`${f.name}|${view.restored}`}
              defaultValue={filters[f.name]}
              allowClear
              placeholder={tr(f.label)}
              style={{ width: 160 }}
              onSearch={(value) => setFilters((current) => ({ ...current, [f.name]: value }))}
              data-testid={`dashboard-filter-${f.name}`}
            />
          ))}
          {declaration.month && (
            <DatePicker
              picker="month"
              placeholder={tr('kit.dashboardMonth')}
              onChange={(m) => m && setRange([m.startOf('month'), m.endOf('month')])}
              data-testid="dashboard-month"
            />
          )}
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0].startOf('day'), v[1].endOf('day')])}
            data-testid="dashboard-range"
          />
          {view.saveTool}
        </Space>
      }
      data-testid="dashboard"
    >
      {query.isError && (
        <Alert type="error" showIcon title={query.error instanceof Error ? query.error.message : ''} />
      )}
      {declaration.figures && (
        <DashboardFigures figures={declaration.figures} code={declaration.code} params={params} />
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
          {declaration.charts?.map((c, i) => (
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
      <Row gutter={16}>
        {declaration.panels?.map((p, i) => (
          <FigurePanel
            key={`${p.url}|${p.title}`}
            panel={p}
            index={i}
            code={declaration.code}
            params={params}
          />
        ))}
      </Row>
    </Card>
  )
}

import type { Figure, WidgetKind } from '@xpark/contract/modules/statistics'
import type { EChartsCoreOption } from 'echarts/core'

/** The wall's dark palette (the charts draw on the screen's background). */
export const WALL_TEXT = '#c8d7f0'
const AXIS = '#3b5a8a'
const PALETTE = ['#3ba0ff', '#36cbcb', '#4ecb73', '#fbd437', '#f2637b', '#975fe5', '#ff9f40', '#5d7092']

/** A series' numbers as drawn: cents as yuan when the figure is money. */
const drawn = (figure: Figure, data: readonly number[]) =>
  figure.money ? data.map((n) => Math.round(n) / 100) : [...data]

const axisStyle = {
  axisLine: { lineStyle: { color: AXIS } },
  axisLabel: { color: WALL_TEXT },
  splitLine: { lineStyle: { color: AXIS, opacity: 0.35 } },
}

const base = (figure: Figure): EChartsCoreOption => ({
  color: PALETTE,
  backgroundColor: 'transparent',
  textStyle: { color: WALL_TEXT },
  tooltip: { trigger: figure.series.length ? 'axis' : 'item' },
  legend: figure.series.length > 1 ? { top: 0, textStyle: { color: WALL_TEXT } } : undefined,
  animationDuration: 300,
})

/** A line or bar chart: the labels along x, one line or bar group per series. */
function cartesian(figure: Figure, type: 'line' | 'bar'): EChartsCoreOption {
  return {
    ...base(figure),
    grid: { left: 8, right: 16, top: figure.series.length > 1 ? 32 : 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: figure.labels, ...axisStyle },
    yAxis: {
      type: 'value',
      name: figure.money ? '元' : figure.unit,
      nameTextStyle: { color: WALL_TEXT },
      ...axisStyle,
    },
    series: figure.series.map((s) => ({
      name: s.name,
      type,
      data: drawn(figure, s.data),
      ...(type === 'line'
        ? { smooth: true, showSymbol: false, areaStyle: { opacity: 0.15 } }
        : { barMaxWidth: 28 }),
    })),
  }
}

/** A pie: the labels as slices of the first series (a figure without series: nothing to slice). */
function pie(figure: Figure): EChartsCoreOption {
  const data = drawn(figure, figure.series[0]?.data ?? [])
  return {
    ...base(figure),
    tooltip: { trigger: 'item' },
    legend: { bottom: 0, textStyle: { color: WALL_TEXT }, type: 'scroll' },
    series: [
      {
        name: figure.series[0]?.name ?? '',
        type: 'pie',
        radius: ['40%', '68%'],
        center: ['50%', '45%'],
        label: { color: WALL_TEXT },
        data: figure.labels.map((name, i) => ({ name, value: data[i] ?? 0 })),
      },
    ],
  }
}

/** A gauge of `value` over `max` (100 when the figure names none: a rate in %). */
function gauge(figure: Figure): EChartsCoreOption {
  const value = figure.value === null ? 0 : figure.money ? figure.value / 100 : figure.value
  const max = figure.max === null ? 100 : figure.money ? figure.max / 100 : figure.max
  return {
    ...base(figure),
    tooltip: { show: false },
    series: [
      {
        type: 'gauge',
        min: 0,
        max,
        progress: { show: true, width: 14 },
        axisLine: { lineStyle: { width: 14, color: [[1, AXIS]] } },
        axisLabel: { color: WALL_TEXT, distance: 18 },
        splitLine: { lineStyle: { color: WALL_TEXT } },
        pointer: { width: 4 },
        detail: {
          valueAnimation: true,
          color: WALL_TEXT,
          fontSize: 28,
          formatter: `{value}${figure.unit === '%' ? '%' : ''}`,
          offsetCenter: [0, '65%'],
        },
        data: [{ value: Math.round(value * 100) / 100 }],
      },
    ],
  }
}

/**
 * A place map. No geographic outline ships with the console (ECharts' maps need GeoJSON of the park
 * or the region, and none is in the data), so the places — the figure's `labels` — are drawn as a
 * horizontal bar per place, biggest first: the same figure a geo map would colour.
 */
function placeMap(figure: Figure): EChartsCoreOption {
  const data = drawn(figure, figure.series[0]?.data ?? [])
  const order = figure.labels
    .map((label, i) => ({ label, value: data[i] ?? 0 }))
    .sort((a, b) => a.value - b.value)
  return {
    ...base(figure),
    tooltip: { trigger: 'item' },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', ...axisStyle },
    yAxis: { type: 'category', data: order.map((o) => o.label), ...axisStyle },
    series: [
      {
        name: figure.series[0]?.name ?? '',
        type: 'bar',
        barMaxWidth: 18,
        itemStyle: { borderRadius: [0, 6, 6, 0] },
        label: { show: true, position: 'right', color: WALL_TEXT },
        data: order.map((o) => o.value),
      },
    ],
  }
}

/** The chart kinds and their options. */
export const CHART_KINDS = ['line', 'bar', 'pie', 'gauge', 'map'] as const satisfies readonly WidgetKind[]
export type ChartKind = (typeof CHART_KINDS)[number]

export function chartOption(kind: ChartKind, figure: Figure): EChartsCoreOption {
  switch (kind) {
    case 'line':
    case 'bar':
      return cartesian(figure, kind)
    case 'pie':
      return pie(figure)
    case 'gauge':
      return gauge(figure)
    case 'map':
      return placeMap(figure)
  }
}

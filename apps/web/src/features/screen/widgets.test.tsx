import { render, screen, within } from '@testing-library/react'
import type { Widget } from '@xpark/contract/modules/screen'
import type { Figure } from '@xpark/contract/modules/statistics'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WidgetFrame } from './widgets/Widgets'

// the kit's chart draws on a canvas jsdom has not: the widget's option is what it would draw
const charts = vi.hoisted(() => ({ options: new Map<string, unknown>() }))
vi.mock('@/components/kit/Chart', () => ({
  Chart: ({ option, testId }: { option: unknown; testId?: string }) => {
    charts.options.set(testId ?? '', option)
    return <div data-testid={testId} />
  },
}))

const figure = (over: Partial<Figure> = {}): Figure => ({
  value: null,
  unit: '',
  money: false,
  max: null,
  labels: [],
  series: [],
  columns: [],
  rows: [],
  ...over,
})

const widget = (kind: Widget['kind'], over: Partial<Widget> = {}): Widget => ({
  id: `w-${kind}`,
  kind,
  title: `title ${kind}`,
  statistic: kind === 'video' ? '' : 'demo.stat',
  params: {},
  refresh: 30,
  x: 0,
  y: 0,
  w: 6,
  h: 6,
  ...over,
})

type Series = { type: string; data: unknown[] }

describe('widgets drawn from their declarations', () => {
  afterEach(() => charts.options.clear())

  it('a number card shows money in yuan with 2 decimals and big numbers with a suffix', () => {
    const { rerender } = render(
      <WidgetFrame
        widget={widget('number')}
        figure={figure({ value: 123_450, money: true })}
        viewer="public"
        height={100}
      />,
    )
    const card = screen.getByTestId('screen-number-w-number')
    expect(card.textContent).toBe('1,234.50元')
    expect(screen.getByText('title number')).toBeTruthy()
    rerender(
      <WidgetFrame
        widget={widget('number')}
        figure={figure({ value: 3_456_789, unit: '次' })}
        viewer="public"
        height={100}
      />,
    )
    expect(screen.getByTestId('screen-number-w-number').textContent).toBe('3.46M次')
    rerender(<WidgetFrame widget={widget('number')} figure={figure()} viewer="public" height={100} />)
    expect(screen.getByTestId('screen-number-w-number').textContent).toBe('-')
  })

  it('a line or bar chart gets its figure: the labels along x, a series per line, money in yuan', () => {
    render(
      <WidgetFrame
        widget={widget('bar')}
        figure={figure({
          money: true,
          labels: ['03-01', '03-02'],
          series: [
            { name: '收入', data: [12_345, 500] },
            { name: '退款', data: [100, 0] },
          ],
        })}
        viewer="signed-in"
        height={300}
      />,
    )
    expect(screen.getByTestId('screen-chart-w-bar')).toBeTruthy()
    const option = charts.options.get('screen-chart-w-bar') as {
      xAxis: { data: string[] }
      series: (Series & { name: string })[]
    }
    expect(option.xAxis.data).toEqual(['03-01', '03-02'])
    expect(option.series.map((s) => [s.name, s.type, s.data])).toEqual([
      ['收入', 'bar', [123.45, 5]],
      ['退款', 'bar', [1, 0]],
    ])
  })

  it('a pie slices the labels, a gauge shows the value over its scale, a place map bars the places', () => {
    const f = figure({
      labels: ['A区', 'B区'],
      series: [{ name: '告警', data: [3, 7] }],
      value: 82.5,
      max: 100,
      unit: '%',
    })
    render(
      <>
        <WidgetFrame widget={widget('pie')} figure={f} viewer="public" height={300} />
        <WidgetFrame widget={widget('gauge')} figure={f} viewer="public" height={300} />
        <WidgetFrame widget={widget('map')} figure={f} viewer="public" height={300} />
      </>,
    )
    const pie = charts.options.get('screen-chart-w-pie') as { series: Series[] }
    expect(pie.series[0]!.type).toBe('pie')
    expect(pie.series[0]!.data).toEqual([
      { name: 'A区', value: 3 },
      { name: 'B区', value: 7 },
    ])
    const gauge = charts.options.get('screen-chart-w-gauge') as { series: (Series & { max: number })[] }
    expect(gauge.series[0]!.type).toBe('gauge')
    expect(gauge.series[0]!.max).toBe(100)
    expect(gauge.series[0]!.data).toEqual([{ value: 82.5 }])
    const map = charts.options.get('screen-chart-w-map') as { yAxis: { data: string[] }; series: Series[] }
    // biggest place on top (the last category of a horizontal bar chart)
    expect(map.yAxis.data).toEqual(['A区', 'B区'])
    expect(map.series[0]!.data).toEqual([3, 7])
  })

  it('a chart without labels says there is no data', () => {
    render(<WidgetFrame widget={widget('line')} figure={figure()} viewer="public" height={300} />)
    expect(screen.getByText('暂无数据')).toBeTruthy()
    expect(charts.options.size).toBe(0)
  })

  it('a ranking numbers its rows under the columns; a ticker lists the latest rows', () => {
    const f = figure({
      columns: [
        { key: 'name', title: '类型' },
        { key: 'count', title: '数量' },
      ],
      rows: [
        { name: '电脑', count: 12 },
        { name: '桌椅', count: 5 },
      ],
    })
    render(
      <>
        <WidgetFrame widget={widget('ranking')} figure={f} viewer="public" height={300} />
        <WidgetFrame widget={widget('ticker')} figure={f} viewer="public" height={300} />
      </>,
    )
    const ranking = screen.getByTestId('screen-ranking-w-ranking')
    expect(within(ranking).getByText('类型')).toBeTruthy()
    const first = within(ranking).getByText('电脑').closest('tr')!
    expect(first.textContent).toBe('1电脑12')
    const ticker = screen.getByTestId('screen-ticker-w-ticker')
    expect(within(ticker).getByText('桌椅')).toBeTruthy()
  })

  it('a video tile asks a public viewer to sign in', () => {
    render(
      <WidgetFrame
        widget={widget('video', { machineId: '12' })}
        figure={undefined}
        viewer="public"
        height={300}
      />,
    )
    expect(screen.getByTestId('screen-video-w-video').textContent).toBe('登录后可观看')
  })

  it('a failed read says so', () => {
    render(<WidgetFrame widget={widget('number')} figure={undefined} failed viewer="public" height={100} />)
    expect(screen.getByText('数据读取失败')).toBeTruthy()
  })
})

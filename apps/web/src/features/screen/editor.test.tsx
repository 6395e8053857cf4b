import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ScreenLayout } from '@xpark/contract/modules/screen'
import type { StatisticInfo } from '@xpark/contract/modules/statistics'
import type { ReactNode } from 'react'
import type { Layout } from 'react-grid-layout'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { Editor } from './Editor'
import { EMPTY_LAYOUT_TEXT } from './layout'

// react-grid-layout moves and resizes with the pointer over measured boxes, which jsdom has not: the
// grid is stood in for by one that keeps its props, and the test drives its callbacks as a drag would
const grid = vi.hoisted(() => ({
  props: null as null | {
    layout: Layout
    onLayoutChange: (layout: Layout) => void
    onDragStart: (layout: Layout, item: { i: string } | null) => void
  },
}))
vi.mock('react-grid-layout', () => ({
  default: (props: { children: ReactNode } & NonNullable<typeof grid.props>) => {
    grid.props = props
    return <div data-testid="grid">{props.children}</div>
  },
  getCompactor: () => ({ type: null, allowOverlap: false, compact: (l: unknown) => l }),
}))
vi.mock('react-grid-layout/core', () => ({
  createScaledStrategy: (scale: number) => ({ type: 'transform', scale }),
}))
vi.mock('@/components/kit/Chart', () => ({
  Chart: ({ testId }: { testId?: string }) => <div data-testid={testId} />,
}))

const catalog: StatisticInfo[] = [
  {
    name: 'alarm.today',
    title: '今日告警',
    en: 'Alarms today',
    kinds: ['number', 'gauge'],
    params: [],
    live: 'alarm',
  },
  {
    name: 'alarm.byDay',
    title: '告警趋势',
    en: 'Alarms by day',
    kinds: ['line', 'bar'],
    params: [
      {
        name: 'days',
        label: '天数',
        choices: [
          { value: '7', label: '7 天' },
          { value: '30', label: '30 天' },
        ],
      },
    ],
    live: null,
  },
]

function setup() {
  useSession.setState({ token: 't', permission: { datav_edit: true, datav_publish: true } })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith('/xpark-screen/screen/detail'))
      return ok({
        id: '7',
        name: '园区大屏',
        remark: '一楼',
        layout: EMPTY_LAYOUT_TEXT,
        builtin: '',
        status: 1,
        publishTime: null,
        createTime: '2026-11-29 10:00:00',
        updateTime: null,
      })
    if (url.pathname.endsWith('/xpark-statistic/catalog')) return ok(catalog)
    if (url.pathname.endsWith('/xpark-statistic/run'))
      return ok({
        value: 12,
        unit: '次',
        money: false,
        max: null,
        labels: ['11-28', '11-29'],
        series: [{ name: '告警', data: [3, 4] }],
        columns: [],
        rows: [],
      })
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<Editor id="7" />, '/datavedit?id=7')
  return api
}

const saved = (api: ReturnType<typeof setup>) => {
  const call = api.calls.find((c) => c.url.pathname.endsWith('/xpark-screen/screen/submit'))
  return (
    call &&
    (JSON.parse(String(call.init?.body)) as { id: string; name: string; remark: string; layout: string })
  )
}

describe('大屏设计: add, move, resize and save widgets', { timeout: 30_000 }, () => {
  beforeEach(() => {
    grid.props = null
  })
  afterEach(() => vi.unstubAllGlobals())

  it('adds widgets from the palette at free places, with the first statistic of their kind', async () => {
    setup()
    await screen.findByTestId('screen-editor')
    // the palette waits for the catalog (a new widget takes the first statistic of its kind)
    await waitFor(() => expect(screen.getByTestId('screen-add-number').hasAttribute('disabled')).toBe(false))
    await userEvent.click(screen.getByTestId('screen-add-number'))
    await userEvent.click(screen.getByTestId('screen-add-line'))
    expect(grid.props!.layout).toEqual([
      { i: 'w1', x: 0, y: 0, w: 4, h: 4 },
      { i: 'w2', x: 4, y: 0, w: 8, h: 8 },
    ])
    // the last added is selected: its panel offers the statistics a line draws, and their choices
    const panel = screen.getByTestId('screen-widget-panel')
    expect(within(panel).getByText('告警趋势')).toBeTruthy()
    expect(within(panel).getByText('7 天')).toBeTruthy()
    // each widget previews its live figure
    expect(await screen.findByTestId('screen-number-w1')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('screen-number-w1').textContent).toBe('12次'))
    expect(await screen.findByTestId('screen-chart-w2')).toBeTruthy()
  })

  it('moves and resizes a widget and saves the layout JSON through the submit', async () => {
    const api = setup()
    await screen.findByTestId('screen-editor')
    await waitFor(() => expect(screen.getByTestId('screen-add-number').hasAttribute('disabled')).toBe(false))
    await userEvent.click(screen.getByTestId('screen-add-number'))
    await userEvent.click(screen.getByTestId('screen-add-bar'))
    // a drag of w1 to (10, 12), then a resize of w2 to 12 × 6 (the grid reports every item each time)
    act(() => grid.props!.onDragStart(grid.props!.layout, { i: 'w1' }))
    act(() =>
      grid.props!.onLayoutChange([
        { i: 'w1', x: 10, y: 12, w: 4, h: 4 },
        { i: 'w2', x: 4, y: 0, w: 8, h: 8 },
      ]),
    )
    act(() =>
      grid.props!.onLayoutChange([
        { i: 'w1', x: 10, y: 12, w: 4, h: 4 },
        { i: 'w2', x: 4, y: 0, w: 12, h: 6 },
      ]),
    )
    // the panel edits the widget being moved (w1): its title
    const title = within(screen.getByTestId('screen-widget-panel')).getByTestId('screen-widget-title')
    fireEvent.change(title, { target: { value: '告警数' } })
    await userEvent.click(screen.getByTestId('screen-save'))
    await waitFor(() => expect(saved(api)).toBeTruthy())
    const body = saved(api)!
    expect(body).toMatchObject({ id: '7', name: '园区大屏', remark: '一楼' })
    const layout = JSON.parse(body.layout) as ScreenLayout
    expect(layout).toEqual({
      background: '#0b1a33',
      widgets: [
        {
          id: 'w1',
          kind: 'number',
          title: '告警数',
          statistic: 'alarm.today',
          params: {},
          refresh: 30,
          x: 10,
          y: 12,
          w: 4,
          h: 4,
        },
        {
          id: 'w2',
          kind: 'bar',
          title: '告警趋势',
          statistic: 'alarm.byDay',
          params: { days: '7' },
          refresh: 30,
          x: 4,
          y: 0,
          w: 12,
          h: 6,
        },
      ],
    })
  })

  it('keeps a widget inside the wall whatever the grid reports', async () => {
    setup()
    await screen.findByTestId('screen-editor')
    await waitFor(() => expect(screen.getByTestId('screen-add-number').hasAttribute('disabled')).toBe(false))
    await userEvent.click(screen.getByTestId('screen-add-gauge'))
    act(() => grid.props!.onLayoutChange([{ i: 'w1', x: 22, y: 25, w: 6, h: 8 }]))
    expect(grid.props!.layout).toEqual([{ i: 'w1', x: 18, y: 19, w: 6, h: 8 }])
  })
})

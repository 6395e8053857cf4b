import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Figure } from '@xpark/contract/modules/statistics'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage, registerMessages } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { Dashboard, type DashboardDeclaration } from './Dashboard'
import { statisticOption } from './dashboardFigures'

// ECharts draws on a canvas jsdom has not: the chart is its test id only
vi.mock('@/components/kit/Chart', () => ({
  Chart: ({ testId }: { testId?: string }) => <div data-testid={testId} />,
}))

/** A dashboard declared by statistics: each card and chart reads `xpark-statistic/run` with the range. */
const declaration: DashboardDeclaration = {
  title: 'stock',
  code: 'demo_stock',
  filters: [{ name: 'area', label: 'area' }],
  figures: [
    { statistic: 'demo.value', as: 'number', title: 'stock value' },
    { statistic: 'demo.batches', as: 'number', title: 'batches' },
    { statistic: 'demo.byDay', as: 'bar', title: 'by day', params: { measure: 'in' }, span: 24 },
    { statistic: 'demo.top', as: 'table', title: 'top', names: { 物品: 'demo.goods' } },
  ],
}

const blank: Figure = {
  value: null,
  unit: '',
  money: false,
  max: null,
  labels: [],
  series: [],
  columns: [],
  rows: [],
}

function setup() {
  useSession.setState({ token: 't', permission: {} })
  const api = stubFetch((url) => {
    if (!url.pathname.endsWith('/xpark-statistic/run')) return ok(null)
    const params = JSON.parse(url.searchParams.get('params') ?? '{}') as Record<string, string>
    switch (url.searchParams.get('name')) {
      case 'demo.value':
        return ok({ ...blank, value: params.area ? 100 : 123_456, unit: '元', money: true })
      case 'demo.batches':
        return ok({ ...blank, value: 7, unit: '批' })
      case 'demo.byDay':
        return ok({
          ...blank,
          labels: ['2025-03-01', '2025-03-02'],
          series: [{ name: '入库', data: [3, 4] }],
        })
      case 'demo.top':
        return ok({
          ...blank,
          columns: [
            { key: 'goods', title: '物品' },
            { key: 'quantity', title: '数量' },
          ],
          rows: [
            { goods: '纸巾', quantity: 12 },
            { goods: '笔', quantity: 5 },
          ],
        })
    }
    return ok(blank)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<Dashboard declaration={declaration} />)
  return api
}

const runs = (api: ReturnType<typeof setup>, name: string) =>
  api.calls
    .filter((c) => c.url.pathname.endsWith('/xpark-statistic/run') && c.url.searchParams.get('name') === name)
    .map((c) => JSON.parse(c.url.searchParams.get('params') ?? '{}') as Record<string, string>)

describe('Dashboard: figures by statistic', { timeout: 30_000 }, () => {
  beforeEach(() => {
    registerMessages({ 'zh-CN': { 'demo.goods': '物品名称' }, 'en-US': { 'demo.goods': 'Goods' } })
    changeLanguage('zh-CN')
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => changeLanguage('zh-CN'))
  })

  it('each number card reads its statistic with the range; money in yuan with 2 decimals', async () => {
    const api = setup()
    const value = await screen.findByTestId('dashboard-stat-demo.value')
    await waitFor(() => expect(value.textContent).toContain('1,234.56'))
    expect(screen.getByTestId('dashboard-stat-demo.batches').textContent).toContain('7')
    const [first] = runs(api, 'demo.value')
    expect(first!.startTime).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/)
    expect(first!.endTime).toMatch(/ 23:59:59$/)
    expect(first!.area).toBeUndefined()
  })

  it('a chart sends its own parameters with the range; a table shows the rows under named columns', async () => {
    const api = setup()
    await waitFor(() => expect(runs(api, 'demo.byDay').length).toBeGreaterThan(0))
    expect(runs(api, 'demo.byDay')[0]).toMatchObject({ measure: 'in', startTime: expect.any(String) })
    const table = await screen.findByTestId('dashboard-figure-table-3')
    await within(table).findByText('纸巾')
    expect(within(table).getAllByText('物品名称').length).toBeGreaterThan(0)
    expect(within(table).getAllByText('数量').length).toBeGreaterThan(0)
    expect(within(within(table).getByText('笔').closest('tr')!).getByText('5')).toBeTruthy()
  })

  it('a filter typed is a parameter of every statistic', async () => {
    const api = setup()
    await screen.findByText(/1,234\.56/)
    const area = within(screen.getByTestId('dashboard-filter-area')).getByRole('searchbox')
    await userEvent.type(area, 'A 栋{Enter}')
    await waitFor(() => expect(screen.getByTestId('dashboard-stat-demo.value').textContent).toContain('1.00'))
    expect(runs(api, 'demo.byDay').at(-1)).toMatchObject({ area: 'A 栋', measure: 'in' })
    expect(runs(api, 'demo.top').at(-1)).toMatchObject({ area: 'A 栋' })
  })

  it('a chart draws cents as yuan and the series under their translated names', () => {
    const figure: Figure = {
      ...blank,
      money: true,
      labels: ['早餐', '午餐'],
      series: [{ name: '营业额', data: [1250, 300] }],
    }
    const names: Record<string, string> = { 早餐: 'Breakfast', 营业额: 'Revenue' }
    const name = (t: string) => names[t] ?? t
    const bar = statisticOption('bar', figure, name) as {
      xAxis: { data: string[] }
      series: { name: string; type: string; data: number[] }[]
    }
    expect(bar.xAxis.data).toEqual(['Breakfast', '午餐'])
    expect(bar.series).toEqual([{ name: 'Revenue', type: 'bar', data: [12.5, 3] }])
    const pie = statisticOption('pie', figure, name) as { series: { data: unknown[] }[] }
    expect(pie.series[0]!.data).toEqual([
      { name: 'Breakfast', value: 12.5 },
      { name: '午餐', value: 3 },
    ])
  })
})

import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { Dashboard, type DashboardDeclaration } from './Dashboard'

/** Two figures, each a chart beside its table, filtered by area and person, over a range or a month. */
const declaration: DashboardDeclaration = {
  title: 'visits',
  code: 'demo_visit',
  filters: [
    { name: 'area', label: 'area' },
    { name: 'personId', label: 'person' },
  ],
  month: true,
  panels: [
    { title: 'by day', url: 'demo/queryVisit', chart: 'line', seriesNames: { visits: '访客数' } },
    { title: 'by state', url: 'demo/getVisitCount', chart: 'pie', labelName: '状态' },
  ],
}

function setup() {
  useSession.setState({ token: 't', permission: {} })
  const api = stubFetch((url) => {
    const area = url.searchParams.get('area')
    if (url.pathname.endsWith('/demo/queryVisit'))
      return ok({
        labels: ['2025-03-01', '2025-03-02'],
        series: [
          { name: 'visits', data: area ? [1, 0] : [3, 4] },
          { name: 'arrived', data: area ? [1, 0] : [2, 1] },
        ],
        total: area ? 1 : 7,
      })
    if (url.pathname.endsWith('/demo/getVisitCount'))
      return ok({ labels: ['待审批', '已通过'], series: [{ name: 'visits', data: [2, 5] }], total: 7 })
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<Dashboard declaration={declaration} />)
  return api
}

const callsTo = (api: ReturnType<typeof setup>, path: string) =>
  api.calls.filter((c) => c.url.pathname.endsWith(path))

describe('Dashboard: figures as charts beside tables, with filters and a month', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => changeLanguage('zh-CN'))
  })

  it('each panel shows its figure as a table: a label column and a column per series, with the total', async () => {
    const api = setup()
    const table = await screen.findByTestId('dashboard-panel-table-0')
    await within(table).findByText('2025-03-01')
    // the series' declared names head the columns; the others keep their key
    // (a scrolled table draws its head twice: fixed and measured)
    expect(within(table).getAllByText('访客数').length).toBeGreaterThan(0)
    expect(within(table).getAllByText('arrived').length).toBeGreaterThan(0)
    const first = within(table).getByText('2025-03-02').closest('tr')!
    expect(within(first).getByText('4')).toBeTruthy()
    expect(within(first).getByText('1')).toBeTruthy()
    expect(within(screen.getByTestId('dashboard-panel-0')).getByText('合计: 7')).toBeTruthy()
    const states = await screen.findByTestId('dashboard-panel-table-1')
    expect(await within(states).findByText('已通过')).toBeTruthy()
    expect(within(states).getAllByText('状态').length).toBeGreaterThan(0)
    // both calls carry the range (the last 30 days by default)
    const [call] = callsTo(api, '/demo/queryVisit')
    expect(call!.url.searchParams.get('startTime')).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/)
    expect(call!.url.searchParams.get('endTime')).toMatch(/ 23:59:59$/)
  })

  it('a filter is sent to every call; cleared, it is sent no more', async () => {
    const api = setup()
    await screen.findByText('合计: 7')
    const area = within(screen.getByTestId('dashboard-filter-area')).getByRole('searchbox')
    await userEvent.type(area, 'A 栋{Enter}')
    await waitFor(() =>
      expect(within(screen.getByTestId('dashboard-panel-0')).getByText('合计: 1')).toBeTruthy(),
    )
    const last = (path: string) => callsTo(api, path).at(-1)!.url.searchParams
    expect(last('/demo/queryVisit').get('area')).toBe('A 栋')
    expect(last('/demo/getVisitCount').get('area')).toBe('A 栋')
    expect(last('/demo/queryVisit').has('personId')).toBe(false)
    await userEvent.clear(area)
    await userEvent.type(area, '{Enter}')
    await waitFor(() => expect(last('/demo/queryVisit').has('area')).toBe(false))
  })

  it('a month picked sets the range to that month', async () => {
    const api = setup()
    await screen.findByText('合计: 7')
    const picker = screen.getByTestId('dashboard-month')
    const month = picker.tagName === 'INPUT' ? picker : picker.querySelector('input')!
    await userEvent.click(month)
    await userEvent.type(month, '2025-02{Enter}')
    await waitFor(() =>
      expect(callsTo(api, '/demo/queryVisit').at(-1)!.url.searchParams.get('startTime')).toBe(
        '2025-02-01 00:00:00',
      ),
    )
    expect(callsTo(api, '/demo/queryVisit').at(-1)!.url.searchParams.get('endTime')).toBe(
      '2025-02-28 23:59:59',
    )
  })
})

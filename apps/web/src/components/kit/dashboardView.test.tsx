import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type SavedView, setSavedViews } from '@/components/crud/savedViews'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { Dashboard, type DashboardDeclaration } from './Dashboard'

/** 保存为报表 on a dashboard: its range and filters are the view; `?report=<id>` shows them again. */
const declaration: DashboardDeclaration = {
  title: 'visits',
  code: 'demo_visit',
  filters: [{ name: 'area', label: 'area' }],
  panels: [{ title: 'by day', url: 'demo/queryVisit', chart: 'line' }],
}

const saved: { path: string; view: SavedView }[] = []
function NoteView({ path, view }: { path: string; view: SavedView }) {
  return (
    <button type="button" onClick={() => saved.push({ path, view })}>
      save view
    </button>
  )
}

function serve() {
  useSession.setState({ token: 't', permission: {} })
  const api = stubFetch(() =>
    ok({ labels: ['2025-03-01'], series: [{ name: 'visits', data: [1] }], total: 1 }),
  )
  vi.stubGlobal('fetch', api.fn)
  return () =>
    api.calls.filter((c) => c.url.pathname.endsWith('/demo/queryVisit')).map((c) => c.url.searchParams)
}

describe('Dashboard: saved views', { timeout: 30_000 }, () => {
  afterEach(() => {
    setSavedViews(undefined)
    saved.length = 0
    vi.unstubAllGlobals()
  })

  it('hands its range and filters to the slot', async () => {
    setSavedViews({ Save: NoteView, load: async () => ({}) })
    serve()
    renderScreen(<Dashboard declaration={declaration} />, '/analysis/visit')
    await userEvent.type(screen.getByPlaceholderText('area'), 'A 区{enter}')
    await userEvent.click(await screen.findByText('save view'))
    const [first] = saved
    expect(first?.path).toBe('/analysis/visit')
    expect(first?.view.filters).toMatchObject({ area: 'A 区' })
    expect(first?.view.filters?.startTime).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/)
  })

  it('opened as ?report=<id>: the saved range and filters are asked for and shown', async () => {
    setSavedViews({
      Save: NoteView,
      load: async () => ({
        filters: { startTime: '2025-03-01 00:00:00', endTime: '2025-03-31 23:59:59', area: 'B 区' },
      }),
    })
    const calls = serve()
    renderScreen(<Dashboard declaration={declaration} />, '/analysis/visit?report=7')
    await waitFor(() =>
      expect(
        calls().some((q) => q.get('startTime') === '2025-03-01 00:00:00' && q.get('area') === 'B 区'),
      ).toBe(true),
    )
    await waitFor(() => expect((screen.getByPlaceholderText('area') as HTMLInputElement).value).toBe('B 区'))
  })

  it('a dashboard of statistics opened as ?report=<id> reads each figure with the saved range', async () => {
    setSavedViews({
      Save: NoteView,
      load: async () => ({ filters: { startTime: '2025-03-01 00:00:00', endTime: '2025-03-31 23:59:59' } }),
    })
    useSession.setState({ token: 't', permission: {} })
    const api = stubFetch(() =>
      ok({ value: 1, unit: '', money: false, max: null, labels: [], series: [], columns: [], rows: [] }),
    )
    vi.stubGlobal('fetch', api.fn)
    const figures: DashboardDeclaration = {
      title: 'stock',
      code: 'demo_stock',
      figures: [{ statistic: 'demo.value', as: 'number', title: 'value' }],
    }
    renderScreen(<Dashboard declaration={figures} />, '/storage/dashboard?report=8')
    await waitFor(() =>
      expect(
        api.calls.some(
          (c) =>
            c.url.searchParams.get('name') === 'demo.value' &&
            JSON.parse(c.url.searchParams.get('params') ?? '{}').startTime === '2025-03-01 00:00:00',
        ),
      ).toBe(true),
    )
  })
})

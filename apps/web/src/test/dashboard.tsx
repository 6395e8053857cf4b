import { waitFor } from '@testing-library/react'
import type { Figure } from '@xpark/contract/modules/statistics'
import { expect, vi } from 'vitest'
import { Dashboard, type DashboardDeclaration } from '@/components/kit/Dashboard'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from './render'

/**
 * A feature's dashboard declared by statistics, rendered against a stub that answers every
 * `xpark-statistic/run` with a small figure: resolves when every declared figure was read, with the
 * parameters each was read with (by statistic name and `measure`).
 */
export async function readsOfDashboard(declaration: DashboardDeclaration) {
  useSession.setState({ token: 't', permission: {} })
  const figure: Figure = {
    value: 4200,
    unit: '',
    money: false,
    max: null,
    labels: ['2025-03-01'],
    series: [{ name: '订单数', data: [1] }],
    columns: [],
    rows: [],
  }
  const api = stubFetch(() => ok(figure))
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<Dashboard declaration={declaration} />)
  const reads = () =>
    api.calls
      .filter((c) => c.url.pathname.endsWith('/xpark-statistic/run'))
      .map((c) => ({
        name: c.url.searchParams.get('name') ?? '',
        params: JSON.parse(c.url.searchParams.get('params') ?? '{}') as Record<string, string>,
      }))
  const wanted = declaration.figures ?? []
  await waitFor(() =>
    expect(new Set(reads().map((r) => `${r.name}|${r.params.measure ?? ''}`)).size).toBe(
      new Set(wanted.map((f) => `${f.statistic}|${f.params?.measure ?? ''}`)).size,
    ),
  )
  return reads()
}

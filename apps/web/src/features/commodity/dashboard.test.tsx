import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readsOfDashboard } from '@/test/dashboard'
import dashboard from './dashboard'

// ECharts draws on a canvas jsdom has not: the chart is its test id only
vi.mock('@/components/kit/Chart', () => ({
  Chart: ({ testId }: { testId?: string }) => <div data-testid={testId} />,
}))

describe('商品看板: statistics over the range', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('reads the shop statistics with the range, orders and revenue by day as two measures', async () => {
    const reads = await readsOfDashboard(dashboard)
    expect([...new Set(reads.map((r) => r.name))].sort()).toEqual([
      'commodity.itemsSold',
      'commodity.openOrders',
      'commodity.orderCount',
      'commodity.ordersByDay',
      'commodity.ordersByStatus',
      'commodity.revenue',
      'commodity.topSellers',
    ])
    const measures = reads.filter((r) => r.name === 'commodity.ordersByDay').map((r) => r.params.measure)
    expect(new Set(measures)).toEqual(new Set(['orders', 'amount']))
    for (const r of reads) expect(r.params.endTime, r.name).toMatch(/ 23:59:59$/)
    expect(screen.getByText('每日成交额(元)')).toBeTruthy()
    await waitFor(() =>
      expect(screen.getByTestId('dashboard-stat-commodity.orderCount').textContent).toContain('4,200'),
    )
  })
})

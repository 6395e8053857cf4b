import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readsOfDashboard } from '@/test/dashboard'
import dashboard from './dashboard'

// ECharts draws on a canvas jsdom has not: the chart is its test id only
vi.mock('@/components/kit/Chart', () => ({
  Chart: ({ testId }: { testId?: string }) => <div data-testid={testId} />,
}))

describe('食堂看板: statistics over the range', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('reads the canteen statistics with the range, orders and revenue by day as two measures', async () => {
    const reads = await readsOfDashboard(dashboard)
    expect([...new Set(reads.map((r) => r.name))].sort()).toEqual([
      'canteen.averageScore',
      'canteen.orders',
      'canteen.ordersByDay',
      'canteen.ordersByMeal',
      'canteen.refunded',
      'canteen.revenue',
      'canteen.topScored',
    ])
    const measures = reads.filter((r) => r.name === 'canteen.ordersByDay').map((r) => r.params.measure)
    expect(new Set(measures)).toEqual(new Set(['orders', 'revenue']))
    expect(reads.find((r) => r.name === 'canteen.orders')!.params.startTime).toMatch(/ 00:00:00$/)
    expect(screen.getByText('每日收入(元)')).toBeTruthy()
    expect(screen.getByText('平均评分')).toBeTruthy()
  })
})

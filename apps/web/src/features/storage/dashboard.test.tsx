import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readsOfDashboard } from '@/test/dashboard'
import dashboard from './dashboard'

// ECharts draws on a canvas jsdom has not: the chart is its test id only
vi.mock('@/components/kit/Chart', () => ({
  Chart: ({ testId }: { testId?: string }) => <div data-testid={testId} />,
}))

describe('仓储看板: statistics over the range', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('reads the storage statistics, the movements with the range, and shows the cards', async () => {
    const reads = await readsOfDashboard(dashboard)
    expect([...new Set(reads.map((r) => r.name))].sort()).toEqual([
      'storage.batches',
      'storage.expiring',
      'storage.lowStock',
      'storage.movementsByDay',
      'storage.openBills',
      'storage.overdue',
      'storage.stockValue',
    ])
    const moves = reads.find((r) => r.name === 'storage.movementsByDay')!
    expect(moves.params.startTime).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/)
    expect(screen.getByText('仓储看板')).toBeTruthy()
    expect(screen.getByText('在库批次')).toBeTruthy()
    await waitFor(() =>
      expect(screen.getByTestId('dashboard-stat-storage.batches').textContent).toContain('4,200'),
    )
  })
})

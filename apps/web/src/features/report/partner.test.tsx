import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { PartnerStatisticRow } from '@xpark/contract/modules/report'
import dayjs from 'dayjs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import PartnerStatisticPage from './partner'
import { exportOfTicked, initialQuery, money, queryOfView, totalsOf, viewOfQuery } from './partnerView'

const row = (day: string, orderCount: number, amount: number, refundAmount = 0): PartnerStatisticRow => ({
  day,
  partnerCode: 'darunfa',
  partnerName: '大润发',
  orderCount,
  amount,
  refundAmount,
})

describe('the partner statistics logic', () => {
  it('shows money in yuan with two decimals', () => {
    expect(money(1250)).toBe('12.50')
    expect(money(0)).toBe('0.00')
    expect(money(123456789)).toBe('1234567.89')
  })

  it('导出 with nothing ticked asks for a tick; ticked days are sent sorted with the range', () => {
    const q = { partner: 'darunfa', startTime: '2026-01-01', endTime: '2026-01-07' }
    expect(exportOfTicked(q, [])).toEqual({ message: 'please tick the data to export' })
    expect(exportOfTicked(q, ['2026-01-03', '2026-01-01'])).toEqual({
      body: { ...q, days: ['2026-01-01', '2026-01-03'] },
    })
  })

  it('a saved view restores the partner and range; what it lacks stays', () => {
    const fallback = initialQuery(dayjs('2026-03-10'))
    expect(fallback).toEqual({ partner: '', startTime: '2026-03-04', endTime: '2026-03-10' })
    const q = { partner: 'walmart', startTime: '2026-01-01', endTime: '2026-01-31' }
    expect(queryOfView(viewOfQuery(q), fallback)).toEqual(q)
    expect(queryOfView({ filters: { partner: 'darunfa', startTime: 'not a day' } }, fallback)).toEqual({
      ...fallback,
      partner: 'darunfa',
    })
  })

  it('totals the rows', () => {
    expect(totalsOf([row('2026-01-01', 2, 1250, 100), row('2026-01-02', 1, 50)])).toEqual({
      orderCount: 3,
      amount: 1300,
      refundAmount: 100,
    })
  })
})

describe('渠道统计', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => changeLanguage('zh-CN'))
  })

  const setup = () => {
    useSession.setState({ token: 't', permission: { report_statistic_export: true } })
    const api = stubFetch((url) => {
      if (url.pathname.endsWith('/xpark-report/partner/page'))
        return ok({
          records: [{ id: '1', code: 'darunfa', name: '大润发', kind: 1, remark: '', createTime: '' }],
          total: 1,
        })
      if (url.pathname.endsWith('/darunfa/statisticList'))
        return ok([row('2026-01-01', 2, 1250, 100), row('2026-01-02', 1, 300)])
      return ok(null)
    })
    vi.stubGlobal('fetch', api.fn)
    renderScreen(<PartnerStatisticPage />)
    return api
  }

  it('shows the figures in yuan and asks for a tick before 导出', async () => {
    const api = setup()
    const table = await screen.findByTestId('report-partner-table')
    await within(table).findByText('2026-01-01')
    expect(within(table).getByText('12.50')).toBeTruthy()
    expect(within(table).getByText('3.00')).toBeTruthy()
    // a day's refund and the total's
    expect(within(table).getAllByText('1.00')).toHaveLength(2)
    // the total row
    expect(within(table).getByText('15.50')).toBeTruthy()
    const [call] = api.calls.filter((c) => c.url.pathname.endsWith('/darunfa/statisticList'))
    expect(call!.url.searchParams.get('startTime')).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    await userEvent.click(screen.getByTestId('report-partner-export'))
    await waitFor(() => expect(screen.getByText('请勾选要导出的数据')).toBeTruthy())
    expect(api.calls.some((c) => c.url.pathname.endsWith('/export-excel'))).toBe(false)
  })
})

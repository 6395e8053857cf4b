import { act, screen, within } from '@testing-library/react'
import type { SavedReportRow } from '@xpark/contract/modules/report'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import ReportListPage, { openPath } from './list'

const report = (id: string, name: string, mine: boolean): SavedReportRow => ({
  id,
  name,
  path: '/report/partner',
  view: { filters: { partner: 'darunfa' } },
  ownerId: mine ? '1' : '2',
  ownerName: mine ? '我' : '别人',
  mine,
  roleIds: '',
  createTime: '2026-01-01 10:00:00',
})

describe('报表管理', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => changeLanguage('zh-CN'))
  })

  it('打开 goes to the report’s screen with its id', () => {
    expect(openPath({ id: '42', path: '/report/partner' })).toBe('/report/partner?report=42')
    expect(openPath({ id: '42', path: '/x?a=1' })).toBe('/x?a=1&report=42')
  })

  it('删除 is offered on one’s own reports, and on every report with report_delete', async () => {
    const api = stubFetch((url) =>
      url.pathname.endsWith('/blade-report/report/rest/list')
        ? ok({ records: [report('1', '我的', true), report('2', '共享的', false)], total: 2 })
        : ok(null),
    )
    vi.stubGlobal('fetch', api.fn)
    useSession.setState({ token: 't', permission: { report_view: true } })
    const view = renderScreen(<ReportListPage />)
    const list = await screen.findByTestId('report-list')
    await within(list).findByText('共享的')
    expect(screen.queryByTestId('report-remove-1')).toBeTruthy()
    expect(screen.queryByTestId('report-remove-2')).toBeNull()
    expect(screen.getByTestId('report-open-2')).toBeTruthy()
    view.unmount()
    useSession.setState({ token: 't', permission: { report_view: true, report_delete: true } })
    renderScreen(<ReportListPage />)
    await screen.findByText('共享的')
    expect(screen.queryByTestId('report-remove-2')).toBeTruthy()
  })
})

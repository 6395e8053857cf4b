import { recordReports, ruleReports } from '@xpark/contract/modules/attendance'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { dayColumns, dayKey } from './dayColumns'
import { paramsOf, ReportPage } from './ReportPage'

/** 迟到早退 (latePage): the late and early person-days. */
export default function LatePage() {
  const tr = useTr()
  return (
    <ReportPage
      title="attendance.late"
      testId="attendance-late"
      days="range"
      columns={dayColumns(tr)}
      rowKey={dayKey}
      fetch={(q, page) => {
        const params = { ...paramsOf(q, 'range'), ...page } as never
        return q.ruleId ? callApi(ruleReports.latePage, params) : callApi(recordReports.latePage, params)
      }}
    />
  )
}

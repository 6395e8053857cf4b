import {
  ATTENDANCE_SHEET_EXPORT,
  type AttendanceSheetRow,
  recordReports,
  ruleReports,
} from '@xpark/contract/modules/attendance'
import { Button } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { callApi, downloadCall } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { useSession } from '@/stores/session'
import { paramsOf, ReportPage, type ReportQuery } from './ReportPage'
import { figureColumns } from './statistics'
import { STATUS_KEYS } from './status'

const MARKS = ['√', '迟', '早', '缺', '旷', '休', '假']

/** 考勤月报 (attendance): a person a row, a day a column, the month's figures; exports as xlsx. */
export default function SheetPage() {
  const tr = useTr()
  const can = useSession((s) => s.permission)
  const exportSheet = (q: ReportQuery) => {
    const params = paramsOf(q, 'month') as never
    return q.ruleId
      ? downloadCall(ruleReports.exportAttendance, params, `考勤月报 ${q.month}.xlsx`)
      : downloadCall(recordReports.exportAttendance, params, `考勤月报 ${q.month}.xlsx`)
  }
  const days = (q: ReportQuery) =>
    new Date(Number(q.month.slice(0, 4)), Number(q.month.slice(5)), 0).getDate()
  const columns = (n: number): ColumnsType<AttendanceSheetRow> => [
    { title: tr('attendance.person'), dataIndex: 'realName', fixed: 'left' },
    { title: tr('attendance.dept'), dataIndex: 'deptName' },
    ...Array.from({ length: n }, (_, i) => ({
      title: String(i + 1),
      key: `d${i + 1}`,
      width: 34,
      align: 'center' as const,
      render: (_: unknown, r: AttendanceSheetRow) => {
        const s = r.statuses[i]
        return s === null || s === undefined ? '' : <span title={tr(STATUS_KEYS[s] ?? '')}>{MARKS[s]}</span>
      },
    })),
    ...(figureColumns(tr) as ColumnsType<AttendanceSheetRow>),
  ]
  return (
    <ReportPage<AttendanceSheetRow>
      title="attendance.sheet"
      testId="attendance-sheet"
      days="month"
      rowKey={(r) => r.userId}
      columns={(q) => columns(days(q))}
      toolbar={(q) =>
        can[ATTENDANCE_SHEET_EXPORT] ? (
          <Button onClick={() => void exportSheet(q)} data-testid="attendance-sheet-export">
            {tr('attendance.export')}
          </Button>
        ) : null
      }
      fetch={(q, page) => {
        const params = { ...paramsOf(q, 'month'), ...page } as never
        return q.ruleId ? callApi(ruleReports.attendance, params) : callApi(recordReports.attendance, params)
      }}
    />
  )
}

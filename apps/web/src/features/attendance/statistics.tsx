import { type AttendanceStatisticsRow, recordReports, ruleReports } from '@xpark/contract/modules/attendance'
import type { ColumnsType } from 'antd/es/table'
import { callApi } from '@/api/calls'
import { type Tr, useTr } from '@/components/crud/i18n'
import { paramsOf, ReportPage } from './ReportPage'

/** Each person's figures: what the statistics and the month sheet share. */
export function figureColumns(tr: Tr): ColumnsType<AttendanceStatisticsRow> {
  return [
    { title: tr('attendance.shouldWork'), dataIndex: 'workdays' },
    { title: tr('attendance.normal'), dataIndex: 'normal' },
    { title: tr('attendance.lateCount'), dataIndex: 'late' },
    { title: tr('attendance.earlyCount'), dataIndex: 'early' },
    { title: tr('attendance.missing'), dataIndex: 'missing' },
    { title: tr('attendance.absent'), dataIndex: 'absent' },
    { title: tr('attendance.rest'), dataIndex: 'rest' },
    { title: tr('attendance.leave'), dataIndex: 'leave' },
    { title: tr('attendance.lateMinutes'), dataIndex: 'lateMinutes' },
    { title: tr('attendance.earlyMinutes'), dataIndex: 'earlyMinutes' },
    { title: tr('attendance.absentDays'), dataIndex: 'absentDays' },
  ]
}

/** 考勤统计 (statistics): each person's figures over the days. */
export default function StatisticsPage() {
  const tr = useTr()
  return (
    <ReportPage<AttendanceStatisticsRow>
      title="attendance.statistics"
      testId="attendance-statistics"
      days="range"
      rowKey={(r) => r.userId}
      columns={[
        { title: tr('attendance.person'), dataIndex: 'realName', fixed: 'left' },
        { title: tr('attendance.dept'), dataIndex: 'deptName' },
        { title: tr('attendance.days'), dataIndex: 'days' },
        ...figureColumns(tr),
        {
          title: tr('attendance.workHours'),
          dataIndex: 'workMinutes',
          render: (m: number) => (m / 60).toFixed(1),
        },
      ]}
      fetch={(q, page) => {
        const params = { ...paramsOf(q, 'range'), ...page } as never
        return q.ruleId ? callApi(ruleReports.statistics, params) : callApi(recordReports.statistics, params)
      }}
    />
  )
}

import { recordReports, ruleReports, ATTENDANCE_STATUS as S } from '@xpark/contract/modules/attendance'
import { Select } from 'antd'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { dayColumns, dayKey } from './dayColumns'
import { paramsOf, ReportPage } from './ReportPage'
import { STATUS_KEYS } from './status'

const ABNORMAL = [S.late, S.early, S.missing, S.absent]

/** 异常考勤 (differentPage): the person-days 迟到, 早退, 缺卡 or 旷工, one kind or all. */
export default function AbnormalPage() {
  const tr = useTr()
  return (
    <ReportPage
      title="attendance.abnormal"
      testId="attendance-abnormal"
      days="range"
      columns={dayColumns(tr)}
      rowKey={dayKey}
      extraFilters={(q, set) => (
        <Select
          allowClear
          style={{ minWidth: 120 }}
          placeholder={tr('attendance.result')}
          value={q.status}
          onChange={(status?: number) => set({ ...q, status })}
          options={ABNORMAL.map((s) => ({ value: s, label: tr(STATUS_KEYS[s]) }))}
          data-testid="attendance-abnormal-status"
        />
      )}
      fetch={(q, page) => {
        const params = {
          ...paramsOf(q, 'range'),
          ...page,
          ...(q.status !== undefined ? { status: q.status } : {}),
        } as never
        return q.ruleId
          ? callApi(ruleReports.differentPage, params)
          : callApi(recordReports.differentPage, params)
      }}
    />
  )
}

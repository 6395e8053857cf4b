import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Card, DatePicker, Space, Table } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs, { type Dayjs } from 'dayjs'
import { type ReactNode, useState } from 'react'
import { useTr } from '@/components/crud/i18n'
import { DeptSelect, PersonPick, RuleSelect } from './inputs'
import './i18n'

/**
 * A report screen: whose results (a rule — read from the rules' base — or a department and a person
 * from the punches' base), the days (a range, or a month) and a paged table. The reports read the
 * person-day results the server keeps, never the raw punches.
 */

export interface ReportQuery {
  ruleId: string
  deptId: string
  userId: string
  startDay: string
  endDay: string
  month: string
  /** the abnormal page's kind */
  status?: number | undefined
}

export interface Page<T> {
  records: T[]
  total: number
}

/** The query's parameters for a call: the rule's or the people's, without empty ones. */
export function paramsOf(q: ReportQuery, days: 'range' | 'month') {
  const whose = q.ruleId
    ? { ruleId: q.ruleId }
    : { ...(q.deptId ? { deptId: q.deptId } : {}), ...(q.userId ? { userId: q.userId } : {}) }
  return {
    ...whose,
    ...(days === 'month' ? { month: q.month } : { startDay: q.startDay, endDay: q.endDay }),
  }
}

const yesterday = () => dayjs().subtract(1, 'day')

export function initialQuery(): ReportQuery {
  const end = yesterday()
  return {
    ruleId: '',
    deptId: '',
    userId: '',
    startDay: end.startOf('month').format('YYYY-MM-DD'),
    endDay: end.format('YYYY-MM-DD'),
    month: end.format('YYYY-MM'),
  }
}

/** The filters above a report (rule, or department and person; days or month). */
export function ReportFilters({
  days,
  value,
  onChange,
  extra,
  testId,
}: {
  days: 'range' | 'month'
  value: ReportQuery
  onChange: (q: ReportQuery) => void
  extra?: ReactNode
  testId: string
}) {
  const tr = useTr()
  const set = (patch: Partial<ReportQuery>) => onChange({ ...value, ...patch })
  return (
    <Space wrap data-testid={`${testId}-filters`}>
      <RuleSelect value={value.ruleId} onChange={(ruleId) => set({ ruleId })} testId={`${testId}-rule`} />
      {!value.ruleId && (
        <>
          <DeptSelect value={value.deptId} onChange={(deptId) => set({ deptId })} testId={`${testId}-dept`} />
          <div style={{ minWidth: 180 }}>
            <PersonPick value={value.userId} onChange={(userId) => set({ userId })} clearable />
          </div>
        </>
      )}
      {days === 'month' ? (
        <DatePicker
          picker="month"
          allowClear={false}
          value={dayjs(`${value.month}-01`)}
          onChange={(d: Dayjs | null) => d && set({ month: d.format('YYYY-MM') })}
          placeholder={tr('attendance.month')}
          data-testid={`${testId}-month`}
        />
      ) : (
        <DatePicker.RangePicker
          allowClear={false}
          value={[dayjs(value.startDay), dayjs(value.endDay)]}
          onChange={(range) => {
            const [from, to] = range ?? []
            if (from && to) set({ startDay: from.format('YYYY-MM-DD'), endDay: to.format('YYYY-MM-DD') })
          }}
          data-testid={`${testId}-range`}
        />
      )}
      {extra}
    </Space>
  )
}

export function ReportPage<T extends object>({
  title,
  testId,
  days,
  columns,
  rowKey,
  fetch,
  extraFilters,
  toolbar,
}: {
  title: string
  testId: string
  days: 'range' | 'month'
  /** the columns (the month sheet's follow the month) */
  columns: ColumnsType<T> | ((q: ReportQuery) => ColumnsType<T>)
  rowKey: (row: T) => string
  /** one page of the report for the query */
  fetch: (q: ReportQuery, page: { current: string; size: string }) => Promise<Page<T>>
  extraFilters?: (q: ReportQuery, set: (q: ReportQuery) => void) => ReactNode
  toolbar?: (q: ReportQuery) => ReactNode
}) {
  const tr = useTr()
  const [query, setQuery] = useState(initialQuery)
  const [paging, setPaging] = useState({ current: 1, size: 20 })
  const change = (q: ReportQuery) => {
    setQuery(q)
    setPaging((p) => ({ ...p, current: 1 }))
  }
  const { data, isFetching } = useQuery({
    queryKey: ['attendance', testId, query, paging],
    queryFn: () => fetch(query, { current: String(paging.current), size: String(paging.size) }),
    placeholderData: keepPreviousData,
  })
  return (
    <Card title={tr(title)} data-testid={testId} extra={toolbar?.(query)}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <ReportFilters
          days={days}
          value={query}
          onChange={change}
          testId={testId}
          extra={extraFilters?.(query, change)}
        />
        <Table<T>
          size="small"
          rowKey={rowKey}
          loading={isFetching}
          columns={typeof columns === 'function' ? columns(query) : columns}
          dataSource={data?.records ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: paging.current,
            pageSize: paging.size,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100, 200],
            onChange: (current, size) => setPaging({ current, size }),
          }}
          data-testid={`${testId}-table`}
        />
        <span style={{ color: '#8c8c8c', fontSize: 12 }}>{tr('attendance.resultHint')}</span>
      </Space>
    </Card>
  )
}

import { useQuery } from '@tanstack/react-query'
import { type ClockLineDay, recordReports, ruleReports } from '@xpark/contract/modules/attendance'
import { Card, Space } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import { instantOf, Timeline, type TimelineRow } from '@/components/kit'
import { initialQuery, paramsOf, ReportFilters } from './ReportPage'
import { StatusTag, toneOf } from './status'
import './i18n'

/**
 * 打卡时间轴 (clockLine): each person-day's shifts and punches on one axis of the hours of a day (a
 * night shift runs past 24:00), from the results the server keeps.
 */

const REFERENCE = '2000-01-03'
const HOUR = 3600_000

/** An instant of a person-day, moved onto the reference day (so days of several dates share the axis). */
const onAxis = (day: string, at: string) =>
  instantOf(`${REFERENCE} 00:00:00`) + (instantOf(at) - instantOf(`${day} 00:00:00`))

export function clockRows(days: readonly ClockLineDay[]): { rows: TimelineRow[]; from: number; to: number } {
  const rows = days.map((d) => ({
    key: `${d.userId}-${d.day}`,
    label: `${d.realName} ${d.day.slice(5)}`,
    spans: d.shifts.map((s) => ({
      start: onAxis(d.day, s.start),
      end: onAxis(d.day, s.end),
      label: `${s.start.slice(11, 16)}-${s.end.slice(11, 16)}`,
    })),
    marks: d.punches.map((p) => ({ at: onAxis(d.day, p), label: p.slice(11, 19), tone: toneOf(d.status) })),
    extra: <StatusTag status={d.status} />,
  }))
  const instants = rows.flatMap((r) => [
    ...r.spans.flatMap((s) => [s.start, s.end]),
    ...r.marks.map((m) => m.at),
  ])
  const base = instantOf(`${REFERENCE} 00:00:00`)
  const from = instants.length ? Math.min(...instants) - HOUR : base + 6 * HOUR
  const to = instants.length ? Math.max(...instants) + HOUR : base + 22 * HOUR
  return {
    rows,
    from: Math.floor((from - base) / HOUR) * HOUR + base,
    to: Math.ceil((to - base) / HOUR) * HOUR + base,
  }
}

export default function ClockLinePage() {
  const tr = useTr()
  const [query, setQuery] = useState(() => {
    const q = initialQuery()
    return { ...q, startDay: q.endDay }
  })
  const { data = [] } = useQuery({
    queryKey: ['attendance', 'clock-line', query],
    queryFn: () => {
      const params = paramsOf(query, 'range') as never
      return query.ruleId ? callApi(ruleReports.clockLine, params) : callApi(recordReports.clockLine, params)
    },
  })
  const { rows, from, to } = clockRows(data)
  const base = instantOf(`${REFERENCE} 00:00:00`)
  return (
    <Card title={tr('attendance.clockLine')} data-testid="attendance-clock-line">
      <Space direction="vertical" style={{ width: '100%' }}>
        <ReportFilters days="range" value={query} onChange={setQuery} testId="attendance-clock-line" />
        <Timeline
          rows={rows}
          from={from}
          to={to}
          labelWidth={160}
          empty={tr('attendance.noPunch')}
          // the axis counts hours from the day's midnight (past 24 on the next day)
          formatTick={(at) => {
            const hours = Math.round((at.getTime() - base) / HOUR)
            return `${String(hours).padStart(2, '0')}:${dayjs(at).format('mm')}`
          }}
        />
      </Space>
    </Card>
  )
}

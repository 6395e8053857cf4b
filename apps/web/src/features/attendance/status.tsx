import { ATTENDANCE_STATUS as S } from '@xpark/contract/modules/attendance'
import { Tag } from 'antd'
import { useTr } from '@/components/crud/i18n'
import type { TimelineTone } from '@/components/kit'
import './i18n'

/** A result's name and colour (ATTENDANCE_STATUS, dict `attendance_status`). */
export const STATUS_KEYS = [
  'attendance.normal',
  'attendance.lateCount',
  'attendance.earlyCount',
  'attendance.missing',
  'attendance.absent',
  'attendance.rest',
  'attendance.leave',
] as const

const COLORS = ['green', 'orange', 'gold', 'volcano', 'red', 'default', 'blue']

export const toneOf = (status: number): TimelineTone =>
  status === S.normal
    ? 'success'
    : status === S.absent
      ? 'error'
      : status === S.rest || status === S.leave
        ? 'default'
        : 'warning'

export function StatusTag({ status }: { status: number | null | undefined }) {
  const tr = useTr()
  if (status === null || status === undefined) return null
  return <Tag color={COLORS[status]}>{tr(STATUS_KEYS[status] ?? '')}</Tag>
}

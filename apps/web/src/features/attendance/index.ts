import { lazy } from 'react'
import { crudScreen, defineFeature } from '@/components/kit'

/** Attendance (issue 30): rules, punches (补卡), and the reports read from the person-day results. */
export default defineFeature({
  name: 'attendance',
  screens: {
    '/attendance/rule': crudScreen(() => import('./rules')),
    '/attendance/record': crudScreen(() => import('./records')),
    '/attendance/late': lazy(() => import('./late')),
    '/attendance/abnormal': lazy(() => import('./abnormal')),
    '/attendance/sheet': lazy(() => import('./sheet')),
    '/attendance/statistics': lazy(() => import('./statistics')),
    '/attendance/clock-line': lazy(() => import('./clockLine')),
  },
  menuNames: {
    attendance: 'Attendance',
    attendance_rule: 'Attendance rules',
    attendance_record: 'Punches',
    attendance_late: 'Late and early',
    attendance_abnormal: 'Abnormal attendance',
    attendance_sheet: 'Monthly sheet',
    attendance_statistics: 'Attendance statistics',
    attendance_clock_line: 'Clock line',
  },
})

import {
  ATTENDANCE_SCREENS,
  ATTENDANCE_SHEET_EXPORT,
  ATTENDANCE_STATUS_NAMES,
  attendancePunchContract,
  attendanceRuleContract,
} from '@xpark/contract/modules/attendance'
import { button, defineModule, resourceScreen } from '../../core/module.js'
import { seedAttendanceDemo } from './demo.js'
import { punchSubscriptions } from './machine-punches.js'
import { refreshMembers } from './people.js'
import { attendancePunches, attendanceRules } from './resources.js'
import { dayResults, markLeaveDays } from './results.js'
import { registerReportRoutes } from './routes/reports.js'
import * as tables from './schema.js'
import { startSimulatedClocks } from './simulate.js'

/**
 * Attendance (spec 02 §7 "Attendance", issue 30): rules, punches from attendance machines and by
 * hand, the person-day results the `attendance-day` job keeps (core/jobs/derived.ts), and the
 * reports on both bases. See docs/modules/attendance.md.
 */

const report = (code: string, name: string, path: string, source: string) => ({ code, name, path, source })

const ATTENDANCE_MENUS = [
  {
    code: 'attendance',
    name: '考勤管理',
    path: '/attendance',
    source: 'ClockCircleOutlined',
    sort: 63,
    children: [
      resourceScreen(attendanceRuleContract, '考勤规则', '/attendance/rule', 'SettingOutlined'),
      resourceScreen(attendancePunchContract, '打卡记录', '/attendance/record', 'FieldTimeOutlined'),
      report(ATTENDANCE_SCREENS.late, '迟到早退', '/attendance/late', 'HourglassOutlined'),
      report(ATTENDANCE_SCREENS.abnormal, '异常考勤', '/attendance/abnormal', 'ExceptionOutlined'),
      {
        ...report(ATTENDANCE_SCREENS.sheet, '考勤月报', '/attendance/sheet', 'TableOutlined'),
        children: [button(ATTENDANCE_SHEET_EXPORT, '导出', 1)],
      },
      report(ATTENDANCE_SCREENS.statistics, '考勤统计', '/attendance/statistics', 'BarChartOutlined'),
      report(ATTENDANCE_SCREENS.clockLine, '打卡时间轴', '/attendance/clock-line', 'NodeIndexOutlined'),
    ],
  },
]

export const attendanceModule = defineModule({
  name: 'attendance',
  tables,
  resources: [attendanceRules, attendancePunches],
  menus: ATTENDANCE_MENUS,
  product: {
    name: '考勤管理',
    remark: '考勤规则、打卡记录与补卡、迟到早退、异常考勤、考勤月报、考勤统计、打卡时间轴',
  },
  // park staff see the records and reports; they change no rule and add no punch
  staff: (codes) => codes.filter((c) => !/_(add|edit|delete|export)$/.test(c)),
  dicts: [
    {
      code: 'attendance_status',
      name: '考勤结果',
      entries: ATTENDANCE_STATUS_NAMES.map((name, i) => [i, name] as const),
    },
    {
      code: 'attendance_punch_source',
      name: '打卡来源',
      entries: [
        [1, '考勤机'],
        [2, '补卡'],
      ],
    },
  ],
  demo: seedAttendanceDemo,
  jobs: [
    dayResults.job,
    // the workflow's leave: approved, refused or withdrawn, its days recomputed
    { name: 'attendance-leave', everySeconds: 60, run: async (ctx) => markLeaveDays(ctx.database.db) },
    // people who joined or left a rule's departments since the rule was saved
    {
      name: 'attendance-members',
      everySeconds: 600,
      run: async (ctx) => void (await refreshMembers(ctx.database.db)),
    },
  ],
  subscriptions: punchSubscriptions,
  routes: async (api, ctx) => {
    registerReportRoutes(api, ctx)
    if (ctx.config.deviceSimulator) {
      let stop = () => {}
      api.addHook('onReady', async () => {
        stop = startSimulatedClocks(ctx, api.log)
      })
      api.addHook('onClose', async () => stop())
    }
  },
})

export { attendanceDay } from './schema.js'

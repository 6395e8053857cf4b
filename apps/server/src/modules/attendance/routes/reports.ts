import {
  ATTENDANCE_STATUS_NAMES,
  type AttendanceSheetRow,
  recordReports,
  ruleReports,
  ATTENDANCE_STATUS as S,
} from '@xpark/contract/modules/attendance'
import type { FastifyRequest } from 'fastify'
import { authOf } from '../../../core/auth/plugin.js'
import { findRow } from '../../../core/crud/index.js'
import { type ExcelColumn, logDownload, sendWorkbook } from '../../../core/excel/index.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { readPaging } from '../../../core/query/index.js'
import { user } from '../../identity/index.js'
import { USER_RESOURCE } from '../../user/index.js'
import {
  clockLine,
  dayPage,
  monthDays,
  sheetPage,
  sheetRows,
  statisticsPage,
  type Whose,
} from '../reports.js'
import { attendanceRules } from '../resources.js'

/** The nine verbs' reports on both bases: by department or person, or per rule (docs/modules/attendance.md). */

const LATE = [S.late, S.early]
const ABNORMAL = [S.late, S.early, S.missing, S.absent]

/** The sheet's columns: the person, each day's status, the figures. */
function sheetColumns(days: number): ExcelColumn<AttendanceSheetRow>[] {
  return [
    { header: '姓名', key: 'realName' },
    { header: '部门', key: 'deptName' },
    ...Array.from({ length: days }, (_, i) => ({
      header: String(i + 1),
      key: `d${i + 1}`,
      value: (r: AttendanceSheetRow) => {
        const status = r.statuses[i]
        return status === null || status === undefined ? '' : ATTENDANCE_STATUS_NAMES[status]
      },
    })),
    { header: '应出勤(天)', key: 'workdays' },
    { header: '正常', key: 'normal' },
    { header: '迟到', key: 'late' },
    { header: '早退', key: 'early' },
    { header: '缺卡', key: 'missing' },
    { header: '旷工', key: 'absent' },
    { header: '休息', key: 'rest' },
    { header: '请假', key: 'leave' },
    { header: '迟到(分钟)', key: 'lateMinutes' },
    { header: '早退(分钟)', key: 'earlyMinutes' },
    { header: '旷工(天)', key: 'absentDays' },
  ]
}

export function registerReportRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const options = { preHandler: [api.scopes.api.guard] }

  for (const [calls, perRule] of [
    [recordReports, false],
    [ruleReports, true],
  ] as const) {
    /** whose results: the rule as the caller may see it (else 404), or the people asked for */
    const whose = async (
      request: FastifyRequest,
      q: {
        ruleId?: unknown
        deptId?: string | undefined
        userId?: string | undefined
        realName?: string | undefined
      },
    ): Promise<Whose> => {
      const auth = authOf(request)
      const ruleId = perRule ? String(q.ruleId) : undefined
      if (ruleId) await findRow(db, attendanceRules, auth, ruleId)
      return {
        tenantId: auth.tenantId,
        ruleId,
        deptId: q.deptId,
        userId: q.userId,
        realName: q.realName,
        people: await request.server.scopes.data.condition(auth, USER_RESOURCE, user),
      }
    }
    const paging = (request: FastifyRequest) => readPaging(request.query as Record<string, unknown>)

    handle(
      api,
      calls.latePage,
      async (q, request) => dayPage(db, await whose(request, q), q, LATE, paging(request)),
      options,
    )
    handle(
      api,
      calls.differentPage,
      async (q, request) =>
        dayPage(
          db,
          await whose(request, q),
          q,
          q.status !== undefined ? ABNORMAL.filter((s) => s === q.status) : ABNORMAL,
          paging(request),
        ),
      options,
    )
    handle(
      api,
      calls.statistics,
      async (q, request) => statisticsPage(db, await whose(request, q), q, paging(request)),
      options,
    )
    handle(
      api,
      calls.attendance,
      async (q, request) => sheetPage(db, await whose(request, q), q.month, paging(request)),
      options,
    )
    handle(api, calls.clockLine, async (q, request) => clockLine(db, await whose(request, q), q), options)
    handle(
      api,
      calls.exportAttendance,
      async (q, request, reply) => {
        const { rows } = await sheetRows(db, await whose(request, q), q.month, undefined)
        return sendWorkbook(reply, {
          title: `考勤月报 ${q.month}`,
          columns: sheetColumns(monthDays(q.month).count) as unknown as ExcelColumn[],
          batches: (async function* () {
            yield rows as unknown as Record<string, unknown>[]
          })(),
        })
      },
      { ...options, route: { onResponse: logDownload } },
    )
  }
}

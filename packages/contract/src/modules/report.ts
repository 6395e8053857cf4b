import { z } from 'zod'
import { defineCall } from '../calls.js'
import { choice, day, idList, optionalText, requiredText, wire } from '../fields.js'
import { defineContract } from '../kit.js'
import { pageOf } from '../replies.js'

/**
 * Reports (spec 02 §7 "Reports and statistics"): the partner channels (合作渠道) orders are placed
 * through, their figures per day, and saved reports (a saved view of a screen: BladeX's blade-report
 * served UReport designer files, saved views replace them). Money is integer cents.
 * See docs/modules/report.md.
 */

/** Partner kinds (dict `report_partner_kind`). */
export const PARTNER_KIND = { supermarket: 1, platform: 2 } as const

/** A partner's code: path-safe (it is a segment of `/<partner>/statisticList`). */
export const PARTNER_CODE = /^[a-z][a-z0-9-]{1,31}$/
export const PARTNER_CODE_MESSAGE = '渠道编码须以小写字母开头, 由小写字母、数字或 - 组成, 2 到 32 位'

/** The answer for a partner the caller's tenant does not have (spec: exactly this text). */
export const DATA_NOT_FOUND = 'data not found'

/** The screens' menu codes. */
export const REPORT_SCREENS = {
  section: 'reports',
  list: 'report',
  statistic: 'report_statistic',
  darunfa: 'report_darunfa',
  dining: 'report_dining',
} as const

/** Saved reports' buttons (`screen('report', …)`: report_add|edit|delete|view). */
export const REPORT_PERMISSIONS = {
  add: 'report_add',
  edit: 'report_edit',
  delete: 'report_delete',
  view: 'report_view',
  /** 渠道统计: read the figures, export them */
  statistic: 'report_statistic_view',
  export: 'report_statistic_export',
  /** 大润发订单, 就餐统计 */
  darunfa: 'report_darunfa_view',
  dining: 'report_dining_view',
} as const

/** 合作渠道: the channels (a supermarket, a platform) orders carry. */
export const reportPartnerContract = defineContract({
  path: 'xpark-report/partner',
  code: 'report_partner',
  form: z.object({
    code: z.string({ error: PARTNER_CODE_MESSAGE }).trim().regex(PARTNER_CODE, PARTNER_CODE_MESSAGE),
    name: requiredText('please enter partner name', 64),
    kind: choice('please select partner kind', 1, 2),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    code: wire.text,
    name: wire.text,
    kind: wire.number,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { code: 'like', name: 'like', kind: 'eq' },
  sorts: ['code', 'name', 'kind', 'createTime'],
  screen: {
    parent: REPORT_SCREENS.section,
    name: '合作渠道',
    en: 'Partners',
    path: '/report/channel',
    icon: 'ShareAltOutlined',
  },
})

/** One day of one partner: its orders, amount and refunds in cents. */
export const PartnerStatisticRow = z.object({
  day: z.string(),
  partnerCode: z.string(),
  partnerName: z.string(),
  orderCount: z.number(),
  /** cents: paid commodity orders' totals and canteen orders' paid prices */
  amount: z.number(),
  /** cents: canteen orders' refunds */
  refundAmount: z.number(),
})
export type PartnerStatisticRow = z.infer<typeof PartnerStatisticRow>

const partner = z.string().max(64)
/** Both days counted; at most 366 of them. */
const range = { startTime: day('startTime'), endTime: day('endTime') }
const paging = { current: z.string().max(9).optional(), size: z.string().max(9).optional() }

const statisticView = [REPORT_PERMISSIONS.statistic]

export const partnerStatisticCall = defineCall({
  path: ':partner/statisticList',
  method: 'GET',
  permission: statisticView,
  params: z.object({ partner, ...range }),
  reply: z.array(PartnerStatisticRow),
  tag: 'report',
  summary: "report: a partner's orders, amount and refunds (cents) per day of a range (at most 366 days)",
})

export const partnerExportCall = defineCall({
  path: ':partner/export-excel',
  method: 'POST',
  // the body and the path's partner, merged
  in: 'either',
  permission: REPORT_PERMISSIONS.export,
  params: z.object({
    partner,
    ...range,
    /** the ticked rows' days; absent: every day of the range (导出全部) */
    days: z.array(day('days')).max(366).optional(),
  }),
  tag: 'report',
  summary: "report: a partner's figures per day as xlsx (the ticked days, or the whole range)",
})

export const PartnerOption = z.object({ code: z.string(), name: z.string() })

export const supermarketListCall = defineCall({
  path: 'supermarketList',
  method: 'GET',
  permission: [...statisticView, 'report_partner_view'],
  reply: z.array(PartnerOption),
  tag: 'report',
  summary: "report: the tenant's supermarket partners (code, name) for pickers",
})

export const DarunfaOrderRow = z.object({
  id: wire.id,
  orderNo: z.string(),
  buyerName: z.string(),
  buyerPhone: z.string(),
  totalAmount: z.number(),
  itemCount: z.number(),
  status: z.number(),
  orderTime: wire.date,
  payTime: wire.optionalDate,
})
export type DarunfaOrderRow = z.infer<typeof DarunfaOrderRow>

export const darunfaPageCall = defineCall({
  path: 'darunfa-h5/page',
  method: 'GET',
  permission: REPORT_PERMISSIONS.darunfa,
  params: z.object({
    orderNo: z.string().max(32).optional(),
    startTime: day('startTime').optional(),
    endTime: day('endTime').optional(),
    ...paging,
  }),
  reply: pageOf(DarunfaOrderRow),
  tag: 'report',
  summary: "report: the darunfa channel's H5 commodity orders (orderNo, a day range), newest first",
})

export const DiningCountRow = z.object({
  day: z.string(),
  canteenId: wire.id,
  canteenName: z.string(),
  mealType: z.number(),
  /** the channel's orders of that day, canteen and meal */
  meals: z.number(),
})
export type DiningCountRow = z.infer<typeof DiningCountRow>

/** The two platforms whose staff dine through a channel (one handler). */
export const DINING_PARTNERS = ['tietong', 'yidong'] as const

export const diningCountCalls = DINING_PARTNERS.map((code) =>
  defineCall({
    path: `${code}/dingingCount`,
    method: 'GET',
    permission: REPORT_PERMISSIONS.dining,
    params: z.object({ ...range }),
    reply: z.array(DiningCountRow),
    tag: 'report',
    summary: `report: meals a day per canteen and meal of the ${code} channel's canteen orders`,
  }),
)

/** What a saved report shows: the screen's filters, columns and chart, as that screen reads them. */
export const ReportView = z.object({
  filters: z.record(z.string(), z.unknown()).optional(),
  columns: z.array(z.string().max(64)).max(100).optional(),
  chart: z.record(z.string(), z.unknown()).optional(),
})
export type ReportView = z.infer<typeof ReportView>

export const SavedReportRow = z.object({
  id: wire.id,
  name: z.string(),
  path: z.string(),
  view: ReportView,
  ownerId: wire.id,
  ownerName: z.string().nullable(),
  /** the caller owns it (may change and remove it) */
  mine: z.boolean(),
  roleIds: z.string(),
  createTime: wire.date,
})
export type SavedReportRow = z.infer<typeof SavedReportRow>

const reportBase = 'blade-report/report/rest'

export const reportListCall = defineCall({
  path: `${reportBase}/list`,
  method: 'GET',
  permission: REPORT_PERMISSIONS.view,
  params: z.object({ name: z.string().max(64).optional(), ...paging }),
  reply: pageOf(SavedReportRow),
  tag: 'report',
  summary: "report: the saved reports the caller owns or that are shared with one of the caller's roles",
})

export const reportDetailCall = defineCall({
  path: `${reportBase}/detail`,
  method: 'GET',
  permission: [REPORT_PERMISSIONS.view, REPORT_PERMISSIONS.statistic],
  params: z.object({ id: z.string().regex(/^[1-9]\d{0,18}$/, 'id: a 64-bit id') }),
  reply: SavedReportRow,
  tag: 'report',
  summary: 'report: one saved report the caller owns or that is shared with one of its roles',
})

export const ReportForm = z.object({
  /** absent: a new report; else one of the caller's own */
  id: z
    .string()
    .regex(/^[1-9]\d{0,18}$/, 'id: a 64-bit id')
    .optional(),
  name: requiredText('please enter report name', 64),
  path: z
    .string({ error: 'path: a console path' })
    .max(255)
    .regex(/^\/[A-Za-z0-9/_-]*$/, 'path: a console path'),
  view: ReportView,
  /** the roles it is shared with ('' none) */
  roleIds: z.union([z.literal(''), idList('roleIds: comma-separated role ids', 100)]).optional(),
})
export type ReportForm = z.infer<typeof ReportForm>

export const reportSubmitCall = defineCall({
  path: `${reportBase}/submit`,
  method: 'POST',
  in: 'body',
  permission: [REPORT_PERMISSIONS.add, REPORT_PERMISSIONS.edit, REPORT_PERMISSIONS.statistic],
  params: ReportForm,
  reply: z.object({ id: wire.id }),
  tag: 'report',
  summary: "report: save a view as a report (a new one, or one of the caller's own)",
})

export const reportRemoveCall = defineCall({
  path: `${reportBase}/remove`,
  method: 'POST',
  permission: [REPORT_PERMISSIONS.view, REPORT_PERMISSIONS.delete],
  params: z.object({ ids: idList('ids: comma-separated ids', 1000) }),
  reply: z.object({}),
  tag: 'report',
  summary: 'report: remove saved reports (their owner, or report_delete); the data they show is untouched',
})

export type ReportPartnerRow = z.infer<typeof reportPartnerContract.row>

import { z } from 'zod'
import { choice, dateTime, optionalText, reference, requiredText, wire } from '../../fields.js'
import { type ActionContract, defineContract } from '../../kit.js'

/** Repair (报事报修) and cleaning (保洁服务) orders: one life, two tables. */

/** An order's states (dicts `property_order_status`). */
export const ORDER = { pending: 1, dispatched: 2, working: 3, rating: 4, done: 5, cancelled: 6 } as const
export const ORDER_STATUS_NAMES: Record<number, string> = {
  1: '待受理',
  2: '已派单',
  3: '维修中',
  4: '待评价',
  5: '已完成',
  6: '已取消',
}

/** Where an order came from (dict `property_order_source`). */
export const ORDER_SOURCE = { console: 1, app: 2, inspection: 3 } as const

/** Days an order waits in 待评价 before the job completes it unrated. */
export const AUTO_COMPLETE_DAYS = 7

export const ORDER_TEXTS = {
  notWorker: '只能由指派的维修人员操作',
  notReporter: '只能由报修人操作',
  resultRequired: '请填写处理结果',
  scoreRequired: '请选择评分(1-5星)',
  workerRequired: '请选择维修人员',
  onlyPending: '只有待受理的工单可以修改或删除',
} as const

/** Dispatching (choosing the worker): the one code beside the handling one. */
export const REPAIR_DISPATCH = 'property_repair_dispatch'
export const CLEAN_DISPATCH = 'property_clean_dispatch'
/** Taking part in an order's moves (the worker's and the reporter's; `by` says whose move it is). */
export const REPAIR_HANDLE = 'property_repair_handle'
export const CLEAN_HANDLE = 'property_clean_handle'

/** A comma-joined list of picture links (at most 9), as the app uploads them. */
const LINK = /^(https?:\/\/[^\s"'<>(),]+|\/[^\s"'<>(),]*)$/
export const photoLinks = (field: string) =>
  z
    .string({ error: `${field}: comma-joined links` })
    .max(4500, `${field}: at most 4500 characters`)
    .refine(
      (v) => v === '' || v.split(',').every((p) => LINK.test(p.trim())),
      `${field}: each must be an http(s) address or a path`,
    )
    .refine((v) => v === '' || v.split(',').length <= 9, `${field}: at most 9 pictures`)
    .optional()

/** What a move of an order may carry: the target state chooses the transition. */
export const orderMoveInput = z.object({
  status: choice('status: the state to move to', 2, 6),
  workerId: reference(ORDER_TEXTS.workerRequired).optional(),
  result: optionalText('result', 1000),
  resultPhotos: photoLinks('resultPhotos'),
  score: choice('score: 1 to 5', 1, 5).optional(),
  appraise: optionalText('appraise', 500),
  reason: optionalText('reason', 255),
})

/**
 * The moves of an order: 待受理 → 已派单 (the dispatcher chooses the worker; again while not
 * accepted) → 维修中 (the assigned worker accepts) → 待评价 (the worker's result) → 已完成 (the
 * reporter's appraisal, or the job after 7 days); 已取消 by the reporter before 维修中.
 */
function orderMoves(handle: string, dispatch: string, noun: string): ActionContract {
  return {
    name: `处理${noun}`,
    permission: handle,
    state: 'status',
    input: orderMoveInput,
    transitions: [
      {
        label: 'property.dispatch',
        from: [ORDER.pending, ORDER.dispatched],
        to: ORDER.dispatched,
        when: { status: ORDER.dispatched },
        permission: dispatch,
      },
      {
        label: 'property.accept',
        from: [ORDER.dispatched],
        to: ORDER.working,
        when: { status: ORDER.working },
        by: { field: 'workerId', refusal: ORDER_TEXTS.notWorker },
      },
      {
        label: 'property.finish',
        from: [ORDER.working],
        to: ORDER.rating,
        when: { status: ORDER.rating },
        by: { field: 'workerId', refusal: ORDER_TEXTS.notWorker },
      },
      {
        label: 'property.appraise',
        from: [ORDER.rating],
        to: ORDER.done,
        when: { status: ORDER.done },
        by: { field: 'reporterId', refusal: ORDER_TEXTS.notReporter },
      },
      {
        label: 'property.cancel',
        from: [ORDER.pending, ORDER.dispatched],
        to: ORDER.cancelled,
        when: { status: ORDER.cancelled },
        by: { field: 'reporterId', refusal: ORDER_TEXTS.notReporter },
        danger: true,
      },
    ],
  }
}

const orderForm = {
  communityId: reference('please select a community'),
  typeKey: optionalText('typeKey', 32),
  content: optionalText('content', 2000),
  place: requiredText('please input the place', 128),
  photos: photoLinks('photos'),
  contactName: optionalText('contactName', 32),
  contactPhone: optionalText('contactPhone', 32),
  appointmentTime: dateTime('appointmentTime'),
}

const orderRow = {
  id: wire.id,
  orderNo: wire.text,
  communityId: wire.id,
  communityName: wire.optionalText,
  typeKey: wire.text,
  content: wire.text,
  place: wire.text,
  photos: wire.text,
  contactName: wire.text,
  contactPhone: wire.text,
  appointmentTime: wire.optionalDate,
  reporterId: wire.id,
  reporterName: wire.optionalText,
  workerId: wire.optionalId,
  workerName: wire.optionalText,
  dispatchTime: wire.optionalDate,
  acceptTime: wire.optionalDate,
  finishTime: wire.optionalDate,
  completeTime: wire.optionalDate,
  result: wire.text,
  resultPhotos: wire.text,
  cancelReason: wire.text,
  score: wire.optionalNumber,
  source: wire.number,
  status: wire.number,
  createTime: wire.date,
}

const orderFilters = {
  orderNo: 'like',
  communityId: 'eq',
  typeKey: 'eq',
  status: 'eq',
  workerId: 'eq',
  reporterId: 'eq',
} as const

/** 报事报修: `select-repair` pages, `select-repair-info` reads one, `update-repair-info` moves one. */
export const repairContract = defineContract({
  path: 'ydzy/cmzy',
  code: 'property_repair',
  label: 'title',
  form: z.object({
    title: requiredText('please input the title', 64),
    troubleKey: optionalText('troubleKey', 32),
    ...orderForm,
  }),
  row: z.object({ title: wire.text, troubleKey: wire.text, sourceId: wire.optionalId, ...orderRow }),
  filters: { title: 'like', troubleKey: 'eq', ...orderFilters },
  sorts: ['createTime', 'finishTime'],
  routes: {
    list: false,
    page: { path: 'select-repair', methods: ['GET', 'POST'] },
    detail: { path: 'select-repair-info', methods: ['GET', 'POST'] },
    submit: 'submit-repair',
    save: false,
    update: false,
    remove: 'remove-repair',
  },
  actions: {
    updateRepairInfo: { ...orderMoves(REPAIR_HANDLE, REPAIR_DISPATCH, '报修'), route: 'update-repair-info' },
  },
})
export type RepairRow = z.infer<typeof repairContract.row>

/** 保洁服务: `select-clean` pages; moved as the repair orders are (`update-clean-info`). */
export const cleanContract = defineContract({
  path: 'ydzy/cmzy',
  code: 'property_clean',
  label: 'orderNo',
  form: z.object(orderForm),
  row: z.object(orderRow),
  filters: orderFilters,
  sorts: ['createTime', 'finishTime'],
  routes: {
    list: false,
    page: { path: 'select-clean', methods: ['GET', 'POST'] },
    detail: 'select-clean-info',
    submit: 'submit-clean',
    save: false,
    update: false,
    remove: 'remove-clean',
  },
  actions: {
    updateCleanInfo: { ...orderMoves(CLEAN_HANDLE, CLEAN_DISPATCH, '保洁'), route: 'update-clean-info' },
  },
})
export type CleanRow = z.infer<typeof cleanContract.row>

/** Which orders an appraisal rates (dict `property_order_kind`). */
export const ORDER_KIND = { repair: 1, clean: 2 } as const

/** 维修评价: the reporters' appraisals (read only; written by the appraise move). */
export const appraiseContract = defineContract({
  path: 'ydzy/repairAppraise',
  code: 'property_appraise',
  label: 'orderNo',
  form: z.object({}),
  row: z.object({
    id: wire.id,
    kind: wire.number,
    orderId: wire.id,
    orderNo: wire.optionalText,
    communityId: wire.id,
    communityName: wire.optionalText,
    workerId: wire.optionalId,
    workerName: wire.optionalText,
    reporterId: wire.id,
    reporterName: wire.optionalText,
    score: wire.number,
    content: wire.text,
    createTime: wire.date,
  }),
  filters: { kind: 'eq', orderId: 'eq', communityId: 'eq', workerId: 'eq', score: 'eq' },
  sorts: ['createTime', 'score'],
  routes: { page: false, submit: false, save: false, update: false, remove: false },
})
export type AppraiseRow = z.infer<typeof appraiseContract.row>

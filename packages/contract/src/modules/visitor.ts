import { z } from 'zod'
import { type CallInput, defineCall } from '../calls.js'
import {
  choice,
  day,
  idList,
  link,
  optionalChoice,
  optionalReference,
  optionalText,
  reference,
  requiredDateTime,
  requiredText,
  wire,
} from '../fields.js'
import { defineContract } from '../kit.js'
import { pageOf } from '../replies.js'

/**
 * Visitors, faces and doors (spec 02 §7 "Visitors, faces and analysis", issue 30): a visit asked for
 * by (or for) a host, approved onto chosen doors for its window or refused, arriving and leaving
 * through the doors; the face terminals' and doors' records from the device layer. See
 * docs/modules/visitor.md.
 */

/** A visit's states (dict `visit_status`). */
export const VISIT = { pending: 1, approved: 2, refused: 3, arrived: 4, left: 5, expired: 6 } as const
export const VISIT_STATUS_NAMES: Record<number, string> = {
  1: '待审批',
  2: '已通过',
  3: '已拒绝',
  4: '已到访',
  5: '已离开',
  6: '已过期',
}

export const VISITOR_TEXTS = {
  handled: '该申请已处理',
  pastWindow: '访问时间已过',
  reasonRequired: '请填写拒绝原因',
  doorsRequired: '请选择授权门禁',
  notDoor: '所选设备不是门禁设备',
  notYours: '只有被访人或有审批权限的人员可以审批',
  windowOrder: '离开时间须晚于到访时间',
  windowTooLong: '访问时间不能超过7天',
  notPending: '已审批的访客申请不能修改',
  hostRequired: '请选择被访人',
} as const

/** Deciding anyone's visit (a host decides their own without it). */
export const VISITOR_APPROVE = 'visitor_approve'
/** Seeing visitors' and people's phone numbers in full (park staff see them masked). */
export const VISITOR_PHONE = 'visitor_phone'

/** A record's kind: a face terminal's recognition, or a door's pass. */
export const ACCESS_KIND = { face: 1, door: 2 } as const
/** Who passed: staff (a user), a visitor (a visit), or someone unknown. */
export const PERSON_TYPE = { stranger: 0, staff: 1, visitor: 2 } as const
/** How a door was opened (dict `door_open_method`). */
export const OPEN_METHODS = ['face', 'card', 'password', 'qrcode', 'remote'] as const

/** Photos of the records are kept this many days unless the platform's parameter says otherwise. */
export const PHOTO_KEEP_DAYS = 90
/** The parameter (参数管理) that sets how many days photos are kept: a whole number, 1 to 3650. */
export const PHOTO_KEEP_DAYS_PARAM = 'visitor.photoKeepDays'
export const PHOTO_KEEP_PARAM = 'visitor.photoKeepDays'

const PHONE = /^$|^[0-9+\- ]{5,20}$/

export const VisitForm = z.object({
  visitorName: requiredText('请输入访客姓名', 32),
  visitorPhone: z
    .string({ error: '请输入访客手机号' })
    .trim()
    .min(1, '请输入访客手机号')
    .regex(PHONE, 'visitorPhone: 5-20 digits'),
  company: optionalText('company', 64),
  faceUrl: link('faceUrl'),
  /** the person visited: a user of the tenant (decides the visit, or someone holding visitor_approve) */
  hostId: reference(VISITOR_TEXTS.hostRequired),
  visitStart: requiredDateTime('visitStart'),
  visitEnd: requiredDateTime('visitEnd'),
  reason: optionalText('reason', 255),
  carNumber: optionalText('carNumber', 16),
  remark: optionalText('remark', 255),
})

export const VisitRow = z.object({
  id: wire.id,
  visitorName: wire.text,
  /** masked (`138****5678`) unless the caller holds visitor_phone */
  visitorPhone: wire.text,
  company: wire.text,
  faceUrl: wire.text,
  hostId: wire.id,
  hostName: wire.optionalText,
  visitStart: wire.date,
  visitEnd: wire.date,
  reason: wire.text,
  carNumber: wire.text,
  /** the doors granted (comma-joined machine ids) and where they stand */
  machineIds: wire.text,
  area: wire.text,
  status: wire.number,
  approverId: wire.optionalId,
  approverName: wire.optionalText,
  approveTime: wire.optionalDate,
  refuseReason: wire.text,
  arriveTime: wire.optionalDate,
  leaveTime: wire.optionalDate,
  remark: wire.text,
  createTime: wire.date,
})
export type VisitRow = z.infer<typeof VisitRow>

export const visitContract = defineContract({
  path: 'park-face/visitor',
  code: 'visitor',
  label: 'visitorName',
  form: VisitForm,
  row: VisitRow,
  filters: { visitorName: 'like', hostId: 'eq', status: 'eq', area: 'eq', visitStart: 'ge' },
  sorts: ['visitStart', 'createTime'],
  routes: { list: false, detail: false, page: 'visitors', update: false, save: false },
})

export const AccessRecordRow = z.object({
  id: wire.id,
  kind: wire.number,
  machineId: wire.optionalId,
  machineCode: wire.text,
  machineName: wire.optionalText,
  area: wire.text,
  personType: wire.number,
  personId: wire.optionalId,
  personName: wire.text,
  /** masked unless the caller holds visitor_phone */
  phone: wire.text,
  method: wire.text,
  /** 1 let through, 0 refused */
  passed: wire.number,
  /** recognition score 0-100 (face) */
  similarity: wire.optionalNumber,
  /** a signed link to the snapshot while it is kept; '' after */
  photoUrl: wire.text,
  passTime: wire.date,
  day: wire.text,
})
export type AccessRecordRow = z.infer<typeof AccessRecordRow>

const RECORD_FILTERS = {
  machineCode: 'eq',
  machineId: 'eq',
  area: 'eq',
  personType: 'eq',
  personId: 'eq',
  personName: 'like',
  passed: 'eq',
  method: 'eq',
  day: 'eq',
} as const

/** 人脸记录: face terminals' recognitions (written by the device layer only). */
export const faceRecordContract = defineContract({
  path: 'park-face/face-record',
  code: 'face_record',
  label: 'personName',
  form: z.object({ personName: optionalText('personName', 64) }),
  row: AccessRecordRow,
  filters: RECORD_FILTERS,
  sorts: ['passTime'],
  routes: {
    list: false,
    submit: false,
    save: false,
    update: false,
    remove: false,
    detail: false,
    page: '/park-face/face-record',
  },
})

/** 门禁记录: doors' passes (written by the device layer only). */
export const doorRecordContract = defineContract({
  path: 'park-face/door-record',
  code: 'door_record',
  label: 'personName',
  form: z.object({ personName: optionalText('personName', 64) }),
  row: AccessRecordRow,
  filters: RECORD_FILTERS,
  sorts: ['passTime'],
  routes: {
    list: false,
    submit: false,
    save: false,
    update: false,
    remove: false,
    detail: false,
    page: '/park-face/getDoorRecord',
  },
})

function visitorCall<
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(input: Omit<CallInput<P, R>, 'tag'>) {
  return defineCall<P, R>({ ...input, tag: 'visitor' })
}

export const GrantRow = z.object({
  machineId: wire.id,
  machineName: wire.optionalText,
  area: wire.text,
  /** 0 待下发, 1 已下发, 2 下发失败 (dict `grant_status`) */
  grantStatus: wire.number,
  error: wire.text,
  validFrom: wire.optionalDate,
  validUntil: wire.optionalDate,
})
export type GrantRow = z.infer<typeof GrantRow>

export const VisitDetail = VisitRow.extend({
  grants: z.array(GrantRow),
  passes: z.array(AccessRecordRow),
})
export type VisitDetail = z.infer<typeof VisitDetail>

export const visitDetailCall = visitorCall({
  path: 'park-face/visitordetails',
  method: 'GET',
  permission: visitContract.permissions.view,
  params: z.object({ id: reference('请选择访客申请') }),
  reply: VisitDetail,
  summary: 'visitor: a visit with its door grants (issued, failed and why) and its passes',
})

export const approveInfoCall = visitorCall({
  path: 'park-face/approveinfo',
  method: 'GET',
  permission: visitContract.permissions.view,
  params: z.object({
    current: optionalChoice('current: 1 or more', 1, 1_000_000),
    size: optionalChoice('size: 1 to 200', 1, 200),
    /** 1 待审批 (default), 0 decided ones */
    pending: optionalChoice('pending: 0 or 1', 0, 1),
  }),
  reply: pageOf(VisitRow),
  summary: 'visitor: the visits the caller may decide (theirs as host; every one with visitor_approve)',
})

export const CurrentUserInfo = z.object({
  userId: wire.id,
  realName: wire.text,
  phone: wire.text,
  deptName: wire.text,
  /** may decide anyone's visit */
  approver: z.boolean(),
})

export const currentUserInfoCall = visitorCall({
  path: 'park-face/currentUserInfo',
  method: 'GET',
  permission: visitContract.permissions.view,
  reply: CurrentUserInfo,
  summary: 'visitor: the caller as a host (name, phone, department) and whether they approve others',
})

export const DoorMachine = z.object({
  id: wire.id,
  code: wire.text,
  name: wire.text,
  type: wire.number,
  area: wire.text,
  online: wire.number,
})

export const getMachinesCall = visitorCall({
  path: 'park-face/visitorApproval/getMachines',
  method: 'GET',
  permission: visitContract.permissions.view,
  params: z.object({ area: optionalText('area', 128) }),
  reply: z.array(DoorMachine),
  summary: 'visitor: the doors and face terminals a visit may be granted on',
})

export const ApproveInput = z.object({
  id: reference('请选择访客申请'),
  /** 2 approve, 3 refuse */
  status: choice('status: 2 approve or 3 refuse', 2, 3),
  machineIds: z.union([z.literal(''), idList(VISITOR_TEXTS.doorsRequired, 50)]).optional(),
  refuseReason: optionalText('refuseReason', 255),
})

export const approveCall = visitorCall({
  path: 'park-face/visitorApproval/approve',
  method: 'POST',
  permission: visitContract.permissions.view,
  params: ApproveInput,
  reply: VisitDetail,
  summary:
    'visitor: approve (grants on the chosen doors for the window) or refuse (a reason); only the host or visitor_approve; twice 409',
})

export const personTrackCall = visitorCall({
  path: 'park-face/person-track',
  method: 'GET',
  permission: faceRecordContract.permissions.view,
  params: z.object({
    personId: optionalReference('请选择人员'),
    personName: optionalText('personName', 32),
    startDay: day('startDay'),
    endDay: day('endDay'),
  }),
  reply: z.array(AccessRecordRow),
  summary: 'visitor: one person’s face and door records in time order (at most 31 days, 1000 records)',
})

export const doorPassRecordCall = visitorCall({
  path: 'park-face/getDoorPassRecord',
  method: 'GET',
  permission: doorRecordContract.permissions.view,
  params: z.object({
    current: optionalChoice('current: 1 or more', 1, 1_000_000),
    size: optionalChoice('size: 1 to 200', 1, 200),
    machineId: optionalReference('设备不存在'),
    personName: optionalText('personName', 32),
    startDay: day('startDay').optional(),
    endDay: day('endDay').optional(),
  }),
  reply: pageOf(AccessRecordRow),
  summary: 'visitor: the passes through doors and face terminals (let through only), newest first',
})

/** The snapshot behind a signed link (an `<img src>`: no token, the signature is the key). */
export const facePhotoCall = visitorCall({
  path: 'park-face/photo/:id',
  method: 'GET',
  public: true,
  hidden: true,
  params: z.object({ id: reference('photo'), sign: z.string().max(64) }),
  summary: 'visitor: a record’s snapshot by its signed link',
})

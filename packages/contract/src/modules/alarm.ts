import { z } from 'zod'
import { defineCall } from '../calls.js'
import {
  choice,
  HH_MM,
  ISO_WEEKDAYS,
  idList,
  numberInput,
  optionalChoice,
  optionalReference,
  optionalText,
  optionalWholeNumber,
  reference,
  requiredText,
  wire,
} from '../fields.js'
import { defineContract } from '../kit.js'
import { doneReply } from '../replies.js'

/**
 * Alarms (spec 02 §7 "Alarms (/park-manage/)", §4 close alarm; issue 29): rules on machines' readings
 * and events, groups of people they notify, and the alarm records with their states. See
 * docs/modules/alarm.md.
 */

/** A rule's kind: a threshold on a telemetry metric, or a device event type. */
export const RULE_KIND = { metric: 1, event: 2 } as const
/** Which machines a rule watches (dict `alarm_scope`): by type, by place, or a list. */
export const RULE_SCOPE = { type: 1, place: 2, list: 3 } as const
/** Levels (dict `alarm_level`), 提示 to 紧急. */
export const ALARM_LEVEL = { hint: 1, normal: 2, major: 3, urgent: 4 } as const
export const ALARM_LEVEL_NAMES: Record<number, string> = { 1: '提示', 2: '一般', 3: '重要', 4: '紧急' }
/** An alarm's states (dict `alarm_status`). */
export const ALARM = { open: 0, claimed: 1, closed: 2 } as const
export const ALARM_STATUS_NAMES: Record<number, string> = { 0: '未处理', 1: '处理中', 2: '已关闭' }
/** Where an alarm came from: a machine through the device layer, or another system (alarmInforAdd). */
export const ALARM_SOURCE = { device: 1, system: 2 } as const
/** Device event types a rule may watch (dict `alarm_event_type`; the machines' event `type`). */
export const ALARM_EVENT_TYPES = ['forcedOpen', 'offline', 'smoke'] as const
export const OPERATORS = ['>', '>=', '<', '<=', '=', '!='] as const

export const ALARM_TEXTS = {
  notClosed: '未关闭的告警不能删除',
  ruleOpen: '该规则还有未关闭的告警',
  remarkRequired: '请填写处理说明',
  metricNeeded: '请填写监测指标和阈值',
  eventNeeded: '请选择事件类型',
  scopeType: '请选择设备类型',
  scopePlace: '请选择位置',
  scopeList: '请选择设备',
} as const

/** Claiming an alarm (未处理 → 处理中) and closing it (→ 已关闭, with a remark). */
export const ALARM_CLAIM = 'alarm_claim'
export const ALARM_CLOSE = 'alarm_close'
/** Other systems reporting alarms (alarmInforAdd). */
export const ALARM_INTAKE = 'alarm_intake'

/** The live topic of the alarm records (records screen, top-bar badge, big screens). */
export const ALARM_TOPIC = 'alarms'
export const ALARM_EVENT = 'alarm'

const threshold = numberInput(
  'threshold: a number',
  z.number().min(-1_000_000_000, 'threshold: a number').max(1_000_000_000, 'threshold: a number'),
)

export const AlarmRuleForm = z.object({
  name: requiredText('请输入规则名称', 64),
  /** 1 metric threshold, 2 device event */
  kind: choice('kind: 1 or 2', 1, 2),
  /** metric: the reading's name (`temperature`), the operator, the value, held this many seconds */
  metric: z
    .string()
    .trim()
    .max(32, 'metric: at most 32 characters')
    .regex(/^$|^[A-Za-z0-9_.-]+$/, 'metric: letters, digits, _ . -')
    .optional(),
  operator: z.union([z.literal(''), z.enum(OPERATORS, { error: 'operator: > >= < <= = !=' })]).optional(),
  threshold: z.preprocess((v) => (v === '' || v === null ? undefined : v), threshold.optional()),
  holdSeconds: optionalWholeNumber('holdSeconds: 0 to 86400', 0, 86_400),
  /** event: the machine's event type */
  eventType: z.union([z.literal(''), z.enum(ALARM_EVENT_TYPES, { error: '请选择事件类型' })]).optional(),
  /** 1 by machine type, 2 by place, 3 a list of machines */
  scopeType: choice('scopeType: 1 to 3', 1, 3),
  machineType: optionalWholeNumber('machineType: 1 to 9', 1, 9),
  roomId: optionalReference('所选位置不存在'),
  warehouseId: optionalReference('所选位置不存在'),
  machineIds: z.union([z.literal(''), idList('machineIds: comma-separated ids', 500)]).optional(),
  /** schedule: ISO weekdays `1,…,7` and `HH:mm` hours (from after to: over midnight) */
  weekdays: z
    .union([z.literal(''), z.string().regex(ISO_WEEKDAYS, 'weekdays: 1-7, comma-separated')])
    .optional(),
  timeFrom: z.union([z.literal(''), z.string().regex(HH_MM, 'timeFrom: HH:mm')]).optional(),
  timeTo: z.union([z.literal(''), z.string().regex(HH_MM, 'timeTo: HH:mm')]).optional(),
  level: choice('请选择告警级别', 1, 4),
  /** the groups told (saveAlarmRuleGroupRel sets them too) */
  groupIds: z.union([z.literal(''), idList('groupIds: comma-separated ids', 50)]).optional(),
  /** 1 enabled, 0 disabled */
  status: optionalChoice('status must be 0 or 1', 0, 1),
  remark: optionalText('remark', 255),
})

export const AlarmRuleRow = z.object({
  id: wire.id,
  name: wire.text,
  kind: wire.number,
  metric: wire.text,
  operator: wire.text,
  threshold: wire.optionalNumber,
  holdSeconds: wire.number,
  eventType: wire.text,
  scopeType: wire.number,
  machineType: wire.optionalNumber,
  roomId: wire.optionalId,
  warehouseId: wire.optionalId,
  machineIds: wire.text,
  weekdays: wire.text,
  timeFrom: wire.text,
  timeTo: wire.text,
  level: wire.number,
  groupIds: wire.text,
  groupNames: wire.optionalText,
  openCount: wire.number,
  status: wire.number,
  remark: wire.text,
  createTime: wire.date,
})
export type AlarmRuleRow = z.infer<typeof AlarmRuleRow>

export const alarmRuleContract = defineContract({
  path: 'park-manage/alarmController',
  code: 'alarm_rule',
  form: AlarmRuleForm,
  row: AlarmRuleRow,
  filters: { name: 'like', kind: 'eq', level: 'eq', status: 'eq' },
  sorts: ['name', 'level', 'createTime'],
  routes: {
    list: false,
    submit: false,
    page: 'queryAlarmRule',
    detail: 'queryAlarmRuleDetail',
    save: 'saveAlarmRule',
    update: 'updateAlarmRule',
    remove: 'deleteAlarmRule',
  },
})

export const AlarmGroupForm = z.object({
  name: requiredText('请输入告警组名称', 64),
  /** the members (user ids, comma-joined) */
  userIds: idList('请选择组成员', 500),
  /** SMS to the members for alarms of this level or above (0: none) */
  smsLevel: optionalChoice('smsLevel: 0 to 4', 0, 4),
  remark: optionalText('remark', 255),
})

export const AlarmGroupRow = z.object({
  id: wire.id,
  name: wire.text,
  userIds: wire.text,
  userNames: wire.optionalText,
  smsLevel: wire.number,
  remark: wire.text,
  createTime: wire.date,
})
export type AlarmGroupRow = z.infer<typeof AlarmGroupRow>

export const alarmGroupContract = defineContract({
  path: 'park-manage/alarmGroup',
  code: 'alarm_group',
  form: AlarmGroupForm,
  row: AlarmGroupRow,
  filters: { name: 'like' },
  sorts: ['name', 'createTime'],
  routes: { page: false, save: false, update: false },
})

export const AlarmRow = z.object({
  id: wire.id,
  ruleId: wire.optionalId,
  ruleName: wire.optionalText,
  machineId: wire.optionalId,
  machineCode: wire.text,
  machineName: wire.optionalText,
  source: wire.number,
  alarmType: wire.text,
  level: wire.number,
  content: wire.text,
  value: wire.optionalNumber,
  count: wire.number,
  firstTime: wire.date,
  lastTime: wire.date,
  /** 0 未处理, 1 处理中, 2 已关闭 */
  status: wire.number,
  handlerId: wire.optionalId,
  handlerName: wire.optionalText,
  closeTime: wire.optionalDate,
  remark: wire.text,
  createTime: wire.date,
})
export type AlarmRow = z.infer<typeof AlarmRow>

/** Alarms are written by the intake only; the screen reads, claims, closes and deletes them. */
export const alarmContract = defineContract({
  path: 'park-manage/AlarmRecord',
  code: 'alarm',
  // any form: no write route takes it (submit, save and update are left out)
  form: z.object({ remark: optionalText('remark', 255) }),
  row: AlarmRow,
  label: 'content',
  filters: { status: 'eq', level: 'eq', ruleId: 'eq', machineCode: 'like', alarmType: 'eq', source: 'eq' },
  sorts: ['lastTime', 'firstTime', 'level', 'count'],
  routes: {
    list: false,
    submit: false,
    save: false,
    update: false,
    page: '/park-manage/alarmController/queryAlarm',
    detail: 'alarmRecordDetail',
    remove: 'alarmRecordDelete',
  },
  live: { topic: ALARM_TOPIC, event: ALARM_EVENT },
  actions: {
    claimAlarm: {
      name: '认领',
      permission: ALARM_CLAIM,
      state: 'status',
      transitions: [{ label: 'alarm.claim', from: [ALARM.open], to: ALARM.claimed }],
    },
    closeAlarm: {
      name: '关闭告警',
      route: '/park-manage/alarmController/closeAlarm',
      permission: ALARM_CLOSE,
      state: 'status',
      input: z.object({ remark: requiredText(ALARM_TEXTS.remarkRequired, 255) }),
      transitions: [
        {
          label: 'alarm.close',
          from: [ALARM.open, ALARM.claimed],
          to: ALARM.closed,
          confirm: 'alarm.closeConfirm',
          danger: true,
        },
      ],
    },
  },
})

export const saveRuleGroupsCall = defineCall({
  path: 'park-manage/alarmController/saveAlarmRuleGroupRel',
  method: 'POST',
  permission: alarmRuleContract.permissions.edit,
  params: z.object({
    ruleId: reference('请选择告警规则'),
    groupIds: z.union([z.literal(''), idList('groupIds: comma-separated ids', 50)]),
  }),
  reply: doneReply,
  summary: 'the groups a rule notifies (all of them replaced; one unknown id refuses all)',
  tag: 'alarm',
})

export const AlarmIntake = z.object({
  /** a rule of ours it belongs to (its level and groups); none: the system's own alarm */
  ruleId: optionalReference('告警规则不存在'),
  machineId: optionalReference('设备不存在'),
  alarmType: z
    .string({ error: '请填写告警类型' })
    .trim()
    .min(1, '请填写告警类型')
    .max(32, 'alarmType: at most 32 characters')
    .regex(/^[A-Za-z0-9_.-]+$/, 'alarmType: letters, digits, _ . -'),
  level: optionalChoice('level: 1 to 4', 1, 4),
  content: optionalText('content', 255),
  value: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    numberInput('value: a number', z.number().min(-1e12).max(1e12)).optional(),
  ),
})

export const alarmIntakeCall = defineCall({
  path: 'park-manage/alarmInfor/alarmInforAdd',
  method: 'POST',
  permission: ALARM_INTAKE,
  params: AlarmIntake,
  reply: z.object({ id: wire.id, count: wire.number, opened: z.boolean() }),
  summary: "another system's alarm: opens one, or counts on the open one of its rule (or type) and machine",
  tag: 'alarm',
})

export const SyncRulesReply = z.object({
  rules: wire.number,
  machines: z.array(z.object({ machineId: wire.id, code: wire.text, rules: wire.number, sent: z.boolean() })),
})

export const syncAlarmRulesCall = defineCall({
  path: 'park-centre/syncAlarmRules',
  method: 'POST',
  permission: alarmRuleContract.permissions.edit,
  reply: SyncRulesReply,
  summary: 'push the enabled rules to the machines they watch (retained config), per machine',
  tag: 'alarm',
})

export const TodayAlarmsReply = z.object({
  total: wire.number,
  open: wire.number,
  byLevel: z.array(z.object({ level: wire.number, count: wire.number })),
})

export const todayAlarmsCall = defineCall({
  path: 'park-manage/alarmController/todayAlarms',
  method: 'GET',
  permission: alarmContract.permissions.view,
  reply: TodayAlarmsReply,
  summary: "today's alarms: how many, how many not closed, by level (home card)",
  tag: 'alarm',
})

import { z } from 'zod'
import { defineCall } from '../../calls.js'
import {
  idList,
  optionalReference,
  optionalText,
  reference,
  requiredText,
  wholeNumber,
  wire,
} from '../../fields.js'
import { defineContract } from '../../kit.js'
import { doneReply } from '../../replies.js'
import { MACHINE_TYPE } from './machines.js'

/**
 * Report rules (上报规则), fault types (故障类型), grants (设备授权) and the command log (控制记录).
 * See docs/modules/device.md.
 */

/** 上报规则: how often its machines report; they get it as retained config, silence is measured in it. */
export const reportRuleContract = defineContract({
  path: 'park-manage/report',
  code: 'report_rule',
  form: z.object({
    name: requiredText('请输入规则名称', 64),
    /** seconds between two status reports */
    intervalSeconds: wholeNumber('intervalSeconds', 5, 86_400, '上报间隔须在 5 到 86400 秒之间'),
    /** telemetry the machines send besides their status (comma list: temperature,humidity …) */
    items: optionalText('items', 255),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    intervalSeconds: wire.number,
    items: wire.text,
    machineCount: wire.number,
    status: wire.number,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { name: 'like' },
  sorts: ['name', 'intervalSeconds', 'createTime'],
  routes: {
    page: 'queryReportRule',
    save: 'saveReportRule',
    update: 'updateReportRule',
    remove: { path: 'deleteReportRule', methods: ['POST'] },
    submit: false,
  },
})

/** Which machines a rule governs (`saveReportMachineRel`): a machine follows one rule. */
export const ReportRelForm = z.object({
  ruleId: reference('请选择上报规则'),
  machineIds: idList('请选择设备'),
})
export const ReportRelRow = z.object({
  id: wire.id,
  ruleId: wire.id,
  machineId: wire.id,
  machineCode: wire.text,
  machineName: wire.text,
  machineType: wire.number,
})

const ruleView = reportRuleContract.permissions.view
const ruleEdit = reportRuleContract.permissions.edit

export const saveReportRelCall = defineCall({
  path: 'park-manage/report/saveReportMachineRel',
  method: 'POST',
  permission: ruleEdit,
  params: ReportRelForm,
  reply: doneReply,
  summary: "put machines under a rule (each leaves its former rule); they get the rule's config",
  tag: 'device',
})
export const deleteReportRelCall = defineCall({
  path: 'park-manage/report/deleteReportMachineRel',
  method: 'POST',
  permission: ruleEdit,
  params: ReportRelForm,
  reply: doneReply,
  summary: 'take machines from a rule (they fall back to the default interval)',
  tag: 'device',
})
export const queryReportRelCall = defineCall({
  path: 'park-manage/report/queryReportMachineRel',
  method: 'GET',
  permission: ruleView,
  params: z.object({ ruleId: reference('请选择上报规则') }),
  reply: z.array(ReportRelRow),
  summary: "a rule's machines",
  tag: 'device',
})

/** 故障类型: the kinds of fault a machine type has (repair orders and alarms name them). */
export const faultTypeContract = defineContract({
  path: 'machinefaulttype',
  code: 'machine_fault_type',
  form: z.object({
    name: requiredText('请输入故障名称', 64),
    machineType: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      wholeNumber('machineType', 1, Object.keys(MACHINE_TYPE).length, '请选择设备类型').optional(),
    ),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    machineType: wire.optionalNumber,
    status: wire.number,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { name: 'like', machineType: 'eq' },
  routes: { select: 'typeList', page: false, save: false, update: false },
})

/** Grant states (dict `machine_grant_status`). */
export const GRANT = { pending: 0, issued: 1, failed: 2 } as const

/** 设备授权: a person's face or card on a machine, issued to it as a command and retried until it takes. */
export const GrantRow = z.object({
  id: wire.id,
  machineId: wire.id,
  machineCode: wire.text,
  machineName: wire.text,
  roomName: wire.optionalText,
  userId: wire.id,
  userName: wire.optionalText,
  /** 0 待下发, 1 已下发, 2 下发失败 */
  grantStatus: wire.number,
  attempts: wire.number,
  error: wire.text,
  nextAttemptAt: wire.optionalDate,
  createTime: wire.date,
})

export const grantContract = defineContract({
  path: 'park-manage/machine/grant',
  code: 'machine_grant',
  form: z.object({ machineId: reference('请选择设备'), userId: reference('请选择人员') }),
  row: GrantRow,
  label: 'userName',
  filters: { machineId: 'eq', userId: 'eq', grantStatus: 'eq' },
  routes: {
    page: { path: '/park-manage/machine/querySyncUserMachine', methods: ['GET'] },
    list: false,
    detail: false,
    remove: false,
    submit: false,
    save: false,
    update: false,
  },
})

const grantWrite = grantContract.permissions.add

export const saveGrantCall = defineCall({
  path: 'park-manage/machine/saveMachineUser',
  method: 'POST',
  permission: grantWrite,
  params: z.object({
    machineId: reference('请选择设备'),
    userIds: idList('请选择人员'),
  }),
  reply: doneReply,
  summary: 'grant people on a door (待下发; issued to the machine and retried until it takes)',
  tag: 'device',
})
export const deleteGrantCall = defineCall({
  path: 'park-manage/machine/deleteMachineUser',
  method: 'POST',
  permission: grantContract.permissions.delete,
  params: z.object({
    ids: idList('请选择授权'),
  }),
  reply: doneReply,
  summary: 'revoke grants (the machine is told to forget them)',
  tag: 'device',
})
/** A room's (place's) grants: every machine of a computer room or warehouse with its people. */
export const roomGrantsCall = defineCall({
  path: 'park-manage/machine/querySyncUserMachineroom',
  method: 'GET',
  permission: grantContract.permissions.view,
  params: z.object({
    roomId: optionalReference('请选择机房'),
    warehouseId: optionalReference('请选择仓库'),
  }),
  reply: z.array(GrantRow),
  summary: 'grants on the machines of one place',
  tag: 'device',
})
export const syncOwnersCall = defineCall({
  path: 'park-manage/machine/syncOwnerToMiddle',
  method: 'POST',
  permission: grantWrite,
  params: z.object({
    machineId: optionalReference('请选择设备'),
  }),
  reply: z.object({ queued: wire.number }),
  summary: 'issue again every grant not yet taken (of one machine, or all), at once',
  tag: 'device',
})

/** 控制记录: every command sent, who sent it, when, and how it ended (read-only). */
export const commandLogContract = defineContract({
  path: 'park-manage/machineCommand',
  code: 'machine_command',
  form: z.object({}),
  label: 'machine',
  row: z.object({
    id: wire.id,
    machineId: wire.id,
    machine: wire.text,
    machineName: wire.optionalText,
    control: wire.text,
    source: wire.text,
    /** 1 成功, 2 失败, 3 超时 (dict `machine_command_result`) */
    result: wire.number,
    reason: wire.text,
    elapsedMs: wire.number,
    createUser: wire.optionalId,
    createUserName: wire.optionalText,
    createTime: wire.date,
  }),
  filters: { machineId: 'eq', result: 'eq', control: 'eq', source: 'eq' },
  sorts: ['createTime'],
  routes: { list: false, remove: false, submit: false, save: false, update: false },
})

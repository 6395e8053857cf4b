import { z } from 'zod'
import { type CallInput, defineCall } from '../../calls.js'
import {
  choice,
  HH_MM,
  ISO_WEEKDAYS,
  optionalChoice,
  optionalText,
  optionalWholeNumber,
  reference,
  requiredText,
  wire,
} from '../../fields.js'
import { defineContract } from '../../kit.js'
import { treeNodeReply } from '../../replies.js'
import { CONTROLS, CommandOutcomeReply, ControlRow } from '../device/commands.js'

/**
 * Meeting machines, scenes and their linkage (spec 02 §7 "Meetings and devices", issue 28): a room's
 * machines (device-module machines linked to it), scenes (ordered steps: machine, control, delay) run
 * by `exec?id` through the device layer's one command path, and linkages firing a scene on a meeting's
 * start or end, a schedule or a device event. See docs/modules/meeting.md, "Scenes".
 */

/** The refusals and verdicts of scenes, as the server answers them. */
export const SCENE_TEXTS = {
  running: '场景正在执行',
  notMeetingMachine: '该设备不是会议设备',
  machineLinked: '该设备已在此会议室',
  tooLong: '场景步骤的延时合计不能超过 30 秒',
  noSteps: '场景至少需要一个步骤',
  sceneUsed: '场景已被联动使用, 不能删除: {label}',
} as const

/** Limits that keep a run inside one request: 10 steps, 30 s of delays, 3 s per ack (≤ 60 s in all). */
export const SCENE_LIMITS = { steps: 10, delaySeconds: 30, ackMs: 3_000 } as const

/** A scene log's verdict (dict `scene_log_result`): every step done, none, or some. */
export const SCENE_RESULT = { failed: 0, succeeded: 1, partial: 2 } as const
export const SCENE_RESULT_NAMES: Record<number, string> = { 0: '失败', 1: '成功', 2: '部分失败' }

/** Who ran a scene: a person (WEB) or a linkage (LINKAGE). */
export const SCENE_SOURCES = ['WEB', 'LINKAGE'] as const

/** A linkage's trigger (dict `scene_trigger_type`). */
export const TRIGGER = { meetingStart: 1, meetingEnd: 2, schedule: 3, deviceEvent: 4 } as const

export const SCENE_EXEC = 'scene_exec'
export const MEETING_MACHINE_CONTROL = 'meeting_machine_control'

// —— meeting machines ——

export const meetingMachineContract = defineContract({
  path: 'park-meeting/meetingMachine',
  code: 'meeting_machine',
  label: 'machineName',
  form: z.object({
    roomId: reference('please select meeting room'),
    machineId: reference('请选择设备'),
    /** its part in the room (灯光, 投影, 空调 …) */
    role: optionalText('role', 32),
    sort: optionalWholeNumber('sort', 0, 9999),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    roomId: wire.id,
    roomName: wire.optionalText,
    machineId: wire.id,
    machineName: wire.optionalText,
    machineCode: wire.optionalText,
    machineType: wire.optionalNumber,
    /** 1 online, 0 offline (the device layer's presence) */
    online: wire.number,
    role: wire.text,
    sort: wire.number,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { roomId: 'eq', machineId: 'eq', role: 'like' },
  sorts: ['sort', 'createTime'],
  routes: {
    list: false,
    submit: false,
    page: 'queryMachinesMeeting',
    save: 'saveMachine',
    update: 'updateMeetingMachine',
    remove: { path: 'deleteMachineById', methods: ['POST', 'GET'], idParam: 'id' },
  },
})
export type MeetingMachineRow = z.infer<typeof meetingMachineContract.row>

function sceneCall<P extends z.ZodType | undefined = undefined, R extends z.ZodType | undefined = undefined>(
  input: Omit<CallInput<P, R>, 'tag'>,
) {
  return defineCall<P, R>({ ...input, tag: 'meeting' })
}

export const meetingMachineControlsCall = sceneCall({
  path: 'park-meeting/meetingMachine/queryMeetingMachineControl',
  method: 'GET',
  permission: meetingMachineContract.permissions.view,
  params: z.object({
    machineId: reference('请选择设备'),
    /** who asks (the console: WEB) */
    source: z.enum(['WEB', 'APP'], { error: 'source: WEB or APP' }).optional(),
  }),
  reply: z.array(ControlRow),
  summary: 'meeting machine: the controls its type carries out (dict machine_control_type: key and label)',
})

export const controlMeetingMachineCall = sceneCall({
  path: 'park-meeting/meetingMachine/controlMeetingMachine',
  method: 'POST',
  permission: MEETING_MACHINE_CONTROL,
  params: z.object({
    machineId: reference('请选择设备'),
    control: z.enum(CONTROLS, { error: '该设备不支持此操作' }),
  }),
  reply: CommandOutcomeReply,
  summary: 'meeting machine: send a control (source WEB) and wait for the ack, as the machine screen does',
})

// —— scenes ——

/** A step: which machine, what control, how long to wait before it. */
export const sceneStepLine = z.object({
  machineId: reference('请选择设备'),
  control: z.enum(CONTROLS, { error: '该设备不支持此操作' }),
  delaySeconds: optionalWholeNumber('delaySeconds', 0, SCENE_LIMITS.delaySeconds),
  remark: optionalText('remark', 64),
})

export const sceneStepRow = z.object({
  id: wire.id,
  sceneId: wire.id,
  machineId: wire.id,
  machineName: wire.optionalText,
  control: wire.text,
  delaySeconds: wire.number,
  sort: wire.number,
  remark: wire.text,
})
export type SceneStepRow = z.infer<typeof sceneStepRow>

export const sceneContract = defineContract({
  path: 'park-meeting/scene',
  code: 'scene',
  form: z.object({
    name: requiredText('please input scene name', 64),
    /** the room it is for (none: any) */
    roomId: reference('please select meeting room').optional(),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    roomId: wire.optionalId,
    roomName: wire.optionalText,
    remark: wire.text,
    stepCount: wire.number,
    /** set while a run holds the scene */
    runningSince: wire.optionalDate,
    createTime: wire.date,
  }),
  filters: { name: 'like', roomId: 'eq' },
  sorts: ['name', 'createTime'],
  routes: { page: false, save: false, update: false, select: 'select' },
  lines: { field: 'steps', key: 'sceneId', form: sceneStepLine, row: sceneStepRow, max: SCENE_LIMITS.steps },
})
export type SceneRow = z.infer<typeof sceneContract.row>

/** One step of a run as the log keeps it. */
export const SceneStepResult = z.object({
  machineId: wire.id,
  machineName: wire.text,
  control: wire.text,
  controlName: wire.text,
  /** 1 成功, 2 失败, 3 超时, 0 refused before sending (设备离线, 该设备不支持此操作 …) */
  result: wire.number,
  resultName: wire.text,
  reason: wire.text,
  elapsedMs: wire.number,
})
export type SceneStepResult = z.infer<typeof SceneStepResult>

export const SceneRun = z.object({
  logId: wire.id,
  result: wire.number,
  resultName: wire.text,
  steps: z.array(SceneStepResult),
})
export type SceneRun = z.infer<typeof SceneRun>

export const execSceneCall = sceneCall({
  path: 'park-meeting/scene/exec',
  method: 'POST',
  permission: SCENE_EXEC,
  // `exec?id` with no body (spec 02 §7)
  in: 'query',
  params: z.object({ id: reference('please select a scene') }),
  reply: SceneRun,
  summary:
    'scene: run the steps in order (delays between) and answer when done (≤ 60 s); one scene log; 409 场景正在执行',
})

/** The machines a step may name, as TreeNodes (the steps editor's machine cell). */
export const sceneMachineTreeCall = sceneCall({
  path: 'park-meeting/scene/machineTree',
  method: 'GET',
  permission: sceneContract.permissions.view,
  reply: z.array(treeNodeReply),
  summary: 'scene: the machines a step may control (name and code), as TreeNodes',
})

// —— linkage ——

export const sceneLinkageContract = defineContract({
  path: 'park-meeting/sceneLinkage',
  code: 'scene_linkage',
  form: z.object({
    name: requiredText('please input linkage name', 64),
    /** 1 meeting start, 2 meeting end, 3 schedule, 4 device event */
    triggerType: choice('triggerType: 1 to 4', 1, 4),
    /** meeting triggers: the room (none: any room) */
    roomId: reference('please select meeting room').optional(),
    /** schedule: `HH:mm` and ISO weekdays `1,2,3,4,5` (1 Monday … 7 Sunday) */
    timeOfDay: z.union([z.literal(''), z.string().regex(HH_MM, 'timeOfDay: HH:mm')]).optional(),
    weekdays: z
      .union([z.literal(''), z.string().regex(ISO_WEEKDAYS, 'weekdays: 1-7, comma-separated')])
      .optional(),
    /** device event: the machine and the event's type */
    machineId: reference('请选择设备').optional(),
    eventType: optionalText('eventType', 32),
    sceneId: reference('please select a scene'),
    /** 1 enabled, 0 disabled */
    status: optionalChoice('status must be 0 or 1', 0, 1),
    remark: optionalText('remark', 255),
  }),
  // a schedule needs its time and weekdays, a device event its machine and type (checked by the server)
  row: z.object({
    id: wire.id,
    name: wire.text,
    triggerType: wire.number,
    roomId: wire.optionalId,
    roomName: wire.optionalText,
    timeOfDay: wire.text,
    weekdays: wire.text,
    machineId: wire.optionalId,
    machineName: wire.optionalText,
    eventType: wire.text,
    sceneId: wire.id,
    sceneName: wire.optionalText,
    status: wire.number,
    lastFiredAt: wire.optionalDate,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { name: 'like', triggerType: 'eq', sceneId: 'eq', roomId: 'eq' },
  sorts: ['name', 'createTime'],
  routes: { page: false, save: false, update: false },
})
export type SceneLinkageRow = z.infer<typeof sceneLinkageContract.row>

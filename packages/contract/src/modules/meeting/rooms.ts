import { z } from 'zod'
import {
  idString,
  optionalChoice,
  optionalText,
  optionalWholeNumber,
  requiredText,
  wire,
} from '../../fields.js'
import { defineContract } from '../../kit.js'
import { SCENE_SOURCES, SceneStepResult } from './scenes.js'

/** Meeting rooms, meeting templates and the scene log (park-meeting). */

/** 会议室: a room of the park that meetings book; its door screen opens with a revocable token. */
export const meetingRoomContract = defineContract({
  path: 'park-meeting/room',
  code: 'meeting_room',
  form: z.object({
    name: requiredText('please input room name', 64),
    place: optionalText('place', 255),
    capacity: optionalWholeNumber('capacity', 0, 10_000),
    remark: optionalText('remark', 255),
    /** 1 in use, 0 closed (dict `meeting_room_status`): a closed room takes no new booking */
    status: optionalChoice('status must be 0 or 1', 0, 1),
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    place: wire.text,
    capacity: wire.number,
    remark: wire.text,
    status: wire.number,
    createTime: wire.date,
  }),
  filters: { name: 'like', place: 'like', status: 'eq' },
  sorts: ['name', 'capacity', 'createTime'],
  routes: { save: false, update: false },
})
export type MeetingRoomRow = z.infer<typeof meetingRoomContract.row>

/** Sign-in rules a template (and a meeting made from it) carries, in minutes. */
export const SIGN_DEFAULTS = { graceMinutes: 5, signAdvanceMinutes: 30 } as const

const minutes = {
  /** a sign-in up to this many minutes after the start is 准时, later 迟到 */
  graceMinutes: optionalWholeNumber('graceMinutes', 0, 120),
  /** sign-in opens this many minutes before the start (and closes at the end) */
  signAdvanceMinutes: optionalWholeNumber('signAdvanceMinutes', 0, 240),
}

/** 会议模板 (`park-meeting/template`: list, detail, remove, submit). */
export const meetingTemplateContract = defineContract({
  path: 'park-meeting/template',
  code: 'meeting_template',
  form: z.object({
    name: requiredText('please input template name', 64),
    ...minutes,
    /** the meeting's usual length, for the console's end time */
    durationMinutes: optionalWholeNumber('durationMinutes', 0, 1440),
    content: optionalText('content', 2000),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    graceMinutes: wire.number,
    signAdvanceMinutes: wire.number,
    durationMinutes: wire.number,
    content: wire.text,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { name: 'like' },
  sorts: ['name', 'createTime'],
  routes: { page: false, save: false, update: false },
})
export type MeetingTemplateRow = z.infer<typeof meetingTemplateContract.row>
export const meetingMinutes = minutes

// —— scene log (park-meeting/scene/log: page, detail, remove, submit): one row per scene run ——

export const sceneLogContract = defineContract({
  path: 'park-meeting/scene/log',
  code: 'scene_log',
  label: 'sceneName',
  form: z.object({
    sceneId: idString.optional(),
    sceneName: requiredText('please input scene name', 64),
    /** 1 成功, 0 失败, 2 部分失败 (dict `scene_log_result`) */
    result: optionalChoice('result: 0, 1 or 2', 0, 2),
    content: optionalText('content', 1000),
    /** who ran it: WEB (a person) or LINKAGE */
    source: z.enum(SCENE_SOURCES, { error: 'source: WEB or LINKAGE' }).optional(),
  }),
  row: z.object({
    id: wire.id,
    sceneId: wire.optionalId,
    sceneName: wire.text,
    result: wire.number,
    content: wire.text,
    source: wire.text,
    /** each step's result, in order (a run of `exec`; empty for a log written by hand) */
    steps: z.array(SceneStepResult),
    elapsedMs: wire.number,
    createTime: wire.date,
  }),
  filters: { sceneName: 'like', sceneId: 'eq', result: 'eq', source: 'eq' },
  sorts: ['createTime'],
  routes: { list: false, save: false, update: false },
})
export type SceneLogRow = z.infer<typeof sceneLogContract.row>

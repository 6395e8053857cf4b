import { z } from 'zod'
import { defineCall } from '../calls.js'
import { day, numberInput, reference, requiredDateTime, wire } from '../fields.js'
import { doneReply } from '../replies.js'

/**
 * Video (issue 28; spec 01 §3-§4, spec 02 §2, §4, §7, §9): a machine's live stream, its snapshots,
 * its recordings and their playback, and the pan/tilt/zoom of its camera. The media servers are
 * adapters (apps/server/src/adapters/media); the machines are the device module's.
 */

/** the screens' view buttons: what the calls ask (menus are `video_live`, `video_playback`) */
export const VIDEO_LIVE = 'video_live_view'
export const VIDEO_PLAYBACK = 'video_playback_view'
/** moving a camera (spec: PTZ needs it) */
export const VIDEO_PTZ = 'video_ptz'
/** at most this many PTZ commands a second per user */
export const PTZ_PER_SECOND = 10
/** a playback no call touched for this long is stopped */
export const PLAYBACK_IDLE_SECONDS = 60

export const VIDEO_TEXT = {
  unsupported: '该设备不支持视频播放',
  outOfRange: '超出录像范围',
  notYours: '该回放不属于当前用户',
  ended: '回放已结束',
  badState: '当前状态不允许此操作',
  tooFast: '云台操作过于频繁',
  badRange: '开始时间须早于结束时间',
} as const

export const PLAYBACK_SPEEDS = [0.25, 0.5, 1, 2, 4, 8] as const
export const PTZ_COMMANDS = ['up', 'down', 'left', 'right', 'zoomin', 'zoomout', 'stop'] as const
/** 0 playing, 1 paused, 2 stopped */
export const PLAYBACK_STATE = { playing: 0, paused: 1, stopped: 2 } as const

const machineId = reference('请选择设备')
const MachineQuery = z.object({ machineId })

export const StreamReply = z.object({
  /** what the player opens */
  url: wire.text,
  /** `hls` (hls.js) or `flv` (mpegts.js) */
  kind: z.enum(['hls', 'flv']),
  stream: wire.text,
})

export const startPlayCall = defineCall({
  path: 'startPlay',
  method: 'GET',
  permission: [VIDEO_LIVE, VIDEO_PLAYBACK],
  params: MachineQuery,
  reply: StreamReply,
  summary: "start a machine's live stream: its URL by server type (tcp, timeout 60, width 320)",
  tag: 'video',
})

/** Spec 01 §3 "Machine for player", less the credentials (write-only: in no reply). */
export const PlayerAddressReply = z.object({
  machineId: wire.id,
  name: wire.text,
  serviceUrl: wire.text,
  serverType: wire.text,
  agreeContext: wire.text,
  machineIp: wire.text,
  machinePort: wire.optionalNumber,
  /** the local WebRTC player's WHEP endpoint (machines in the browser's `localVideos`), '' without an IP */
  whepUrl: wire.text,
})

export const playerAddressCall = defineCall({
  path: 'park-manage/machine/getPlayerAddress',
  method: 'GET',
  permission: [VIDEO_LIVE, VIDEO_PLAYBACK],
  params: MachineQuery,
  reply: PlayerAddressReply,
  summary: 'the player fields of a machine (no credentials)',
  tag: 'video',
})

export const snapshotCall = defineCall({
  path: 'park-manage/machine/getFileUrl',
  method: 'GET',
  permission: VIDEO_LIVE,
  params: MachineQuery,
  reply: z.object({ url: wire.text }),
  summary: "a snapshot of the machine's camera: the picture's URL",
  tag: 'video',
})

export const RecordingRow = z.object({ name: wire.text, startTime: wire.date, endTime: wire.date })

export const queryPlaybackCall = defineCall({
  path: 'park-manage/player/queryPlayBack',
  method: 'GET',
  permission: VIDEO_PLAYBACK,
  params: z.object({ machineId, day: day('day') }),
  reply: z.array(RecordingRow),
  summary: "a day's recordings of a machine",
  tag: 'video',
})

export const PlaybackReply = StreamReply.extend({
  id: wire.id,
  machineId: wire.id,
  startTime: wire.date,
  endTime: wire.date,
  /** 0 playing, 1 paused, 2 stopped */
  state: wire.number,
  speed: wire.number,
  /** seconds from the start of the playback */
  position: wire.number,
})

export const startPlaybackCall = defineCall({
  path: 'park-manage/player/startPlayBack',
  method: 'GET',
  permission: VIDEO_PLAYBACK,
  params: z.object({
    machineId,
    startTime: requiredDateTime('startTime'),
    endTime: requiredDateTime('endTime'),
  }),
  reply: PlaybackReply,
  summary: 'start playing a span of recordings (it belongs to the caller)',
  tag: 'video',
})

const playbackId = reference('请选择回放')
const PlaybackQuery = z.object({ id: playbackId })
const control = <P extends z.ZodObject>(verb: string, summary: string, params: P) =>
  defineCall({
    path: `park-manage/player/${verb}`,
    method: 'GET',
    permission: VIDEO_PLAYBACK,
    params,
    reply: PlaybackReply,
    summary,
    tag: 'video',
  })

export const stopPlaybackCall = control(
  'stopPlayBack',
  'stop a playback (playing or paused → stopped)',
  PlaybackQuery,
)
export const pausePlaybackCall = control(
  'pausePlayBack',
  'pause a playback (playing → paused)',
  PlaybackQuery,
)
export const resumePlaybackCall = control(
  'resumePlayBack',
  'resume a playback (paused → playing)',
  PlaybackQuery,
)
export const seekPlaybackCall = control(
  'seekPlayBack',
  'move a playback to a time inside its recording (超出录像范围 otherwise)',
  z.object({ id: playbackId, time: requiredDateTime('time') }),
)
const speed = numberInput(
  `speed: one of ${PLAYBACK_SPEEDS.join(', ')}`,
  z.number().refine((n) => (PLAYBACK_SPEEDS as readonly number[]).includes(n)),
)
export const speedPlaybackCall = control(
  'speedPlayBack',
  "change a playback's speed",
  z.object({ id: playbackId, speed }),
)

/** One POST for the playback screen's controls; `keepalive` only says the player still watches. */
export const PLAYBACK_ACTIONS = ['pause', 'resume', 'stop', 'seek', 'speed', 'keepalive'] as const
export const playControlCall = defineCall({
  path: 'park-manage/playControl/control',
  method: 'POST',
  permission: VIDEO_PLAYBACK,
  params: z.object({
    id: playbackId,
    action: z.enum(PLAYBACK_ACTIONS, { error: `action: one of ${PLAYBACK_ACTIONS.join(', ')}` }),
    time: requiredDateTime('time').optional(),
    speed: speed.optional(),
  }),
  reply: PlaybackReply,
  summary: 'a playback control by name (pause, resume, stop, seek, speed, keepalive)',
  tag: 'video',
})

export const frontCommandCall = defineCall({
  path: 'park-manage/playControl/frontCommandControl',
  method: 'POST',
  permission: VIDEO_PTZ,
  params: z.object({
    machineId,
    command: z.enum(PTZ_COMMANDS, { error: `command: one of ${PTZ_COMMANDS.join(', ')}` }),
    speed: numberInput('speed: 1-10', z.number().int().min(1).max(10)).optional(),
  }),
  reply: doneReply,
  summary: 'a pan/tilt/zoom move of the camera, or stop (video_ptz; 10 a second per user)',
  tag: 'video',
})

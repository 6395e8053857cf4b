import {
  ARTEMIS,
  artemisHeaders,
  fromArtemisTime,
  isServerType,
  LIVE_STREAM,
  MEDIA_TEXT,
  MediaError,
  type PlaybackAction,
  type PlayerMachine,
  type PtzCommand,
  type Recording,
  type ServerType,
  type StreamAddress,
  toArtemisTime,
  type WvpRecordInfo,
  type WvpStreamContent,
} from './protocol.js'

/**
 * The real protocol client of the three media servers (protocol.ts). Every call refuses an answer
 * that is not HTTP 200 with the server's own success code (nginx control 200, WVP 0, artemis '0'):
 * a refusal is a MediaError whose message the caller shows; nothing is retried here.
 */

/** One server type's calls. Playback controls a server has no call for are the player's own. */
interface MediaServerCalls {
  startLive(m: PlayerMachine): Promise<StreamAddress>
  queryRecords(m: PlayerMachine, day: string): Promise<Recording[]>
  startPlayback(m: PlayerMachine, startTime: string, endTime: string): Promise<StreamAddress>
  playback(m: PlayerMachine, stream: string, action: PlaybackAction, value?: number): Promise<void>
  ptz(m: PlayerMachine, command: PtzCommand | 'stop', speed: number): Promise<void>
  snapshot(m: PlayerMachine): Promise<string>
}

type Fetch = typeof fetch

export interface MediaClientOptions {
  timeoutMs?: number
  fetch?: Fetch
}

const base = (m: PlayerMachine) => m.serviceUrl.replace(/\/+$/, '')
/** `agreeContext` as `key=value;…` (`channel=1;stream=cam-gate`), or one plain id */
const contextOf = (m: PlayerMachine): Record<string, string> => {
  const text = m.agreeContext?.trim() ?? ''
  if (!text.includes('=')) return {}
  return Object.fromEntries(
    text
      .split(/[;&]/)
      .map((pair) => pair.split('=').map((s) => s.trim()))
      .filter((kv): kv is [string, string] => kv.length === 2 && !!kv[0]),
  )
}
/** the camera's id on its server: a named one (`stream`, `cameraIndexCode`, `deviceId`), the context, the machine */
const cameraOf = (m: PlayerMachine) => {
  const c = contextOf(m)
  return (
    c.cameraIndexCode ||
    c.stream ||
    c.deviceId ||
    c.name ||
    (m.agreeContext?.includes('=') ? '' : m.agreeContext?.trim()) ||
    m.machineId
  )
}

async function exchange(
  options: Required<MediaClientOptions>,
  url: string,
  init: RequestInit = {},
): Promise<Record<string, unknown>> {
  let res: Response
  try {
    res = await options.fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) })
  } catch {
    throw new MediaError(MEDIA_TEXT.unreachable)
  }
  if (res.status !== 200) throw new MediaError(`${MEDIA_TEXT.failed}: HTTP ${res.status}`, res.status)
  try {
    return (await res.json()) as Record<string, unknown>
  } catch {
    throw new MediaError(`${MEDIA_TEXT.failed}: 应答不是 JSON`, res.status)
  }
}

function accepted<T>(reply: Record<string, unknown>, ok: unknown): T {
  if (reply.code !== ok) throw new MediaError(`${MEDIA_TEXT.failed}: ${String(reply.msg ?? reply.code)}`)
  return reply.data as T
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

/** RtmpServer-Nginx: nginx-rtmp behind its control service (our own small HTTP API, code 200). */
function nginxCalls(o: Required<MediaClientOptions>): MediaServerCalls {
  const call = async <T>(m: PlayerMachine, path: string, body: Record<string, unknown>) =>
    accepted<T>(await exchange(o, `${base(m)}/control/${path}`, json({ name: cameraOf(m), ...body })), 200)
  const address = (m: PlayerMachine, path: string, stream: string): StreamAddress => {
    if (typeof path !== 'string' || !path.startsWith('/'))
      throw new MediaError(`${MEDIA_TEXT.failed}: 无播放路径`)
    return { url: `${base(m)}${path}`, stream, kind: 'hls' }
  }
  return {
    async startLive(m) {
      const source = m.machineIp ? `rtsp://${m.machineIp}:${m.machinePort ?? 554}` : undefined
      const path = await call<string>(m, 'play/start', {
        source,
        user: m.machineAccount ?? undefined,
        password: m.machinePassword ?? undefined,
        ...LIVE_STREAM,
      })
      return address(m, path, cameraOf(m))
    },
    async queryRecords(m, day) {
      return (await call<Recording[]>(m, 'record/list', { day })) ?? []
    },
    async startPlayback(m, startTime, endTime) {
      const data = await call<{ stream: string; path: string }>(m, 'playback/start', { startTime, endTime })
      return address(m, data?.path, data?.stream)
    },
    async playback(m, stream, action, value) {
      await call(m, `playback/${action}`, { stream, value })
    },
    async ptz(m, command, speed) {
      await call(m, 'ptz', { command, speed })
    },
    async snapshot(m) {
      const path = await call<string>(m, 'snapshot', {})
      return address(m, path, cameraOf(m)).url
    },
  }
}

/** GB28181Server-Wvp: wvp-GB28181-pro's REST API (WVPResult, code 0). */
function wvpCalls(o: Required<MediaClientOptions>): MediaServerCalls {
  const ids = (m: PlayerMachine) => {
    const c = contextOf(m)
    const [deviceId = '', channelId = c.channelId || c.channel || deviceId] = c.deviceId
      ? [c.deviceId]
      : cameraOf(m).split(/[/_]/)
    return `${encodeURIComponent(deviceId)}/${encodeURIComponent(channelId)}`
  }
  const get = async <T>(m: PlayerMachine, path: string, query: Record<string, string | number> = {}) => {
    const q = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString()
    return accepted<T>(await exchange(o, `${base(m)}/api/${path}${q ? `?${q}` : ''}`), 0)
  }
  const address = (c: WvpStreamContent | undefined): StreamAddress => {
    if (!c?.ws_flv) throw new MediaError(`${MEDIA_TEXT.failed}: 无 ws_flv 地址`)
    return { url: c.ws_flv, stream: c.stream, kind: 'flv' }
  }
  return {
    async startLive(m) {
      return address(await get<WvpStreamContent>(m, `play/start/${ids(m)}`, { ...LIVE_STREAM }))
    },
    async queryRecords(m, day) {
      const info = await get<WvpRecordInfo>(m, `gb_record/query/${ids(m)}`, {
        startTime: `${day} 00:00:00`,
        endTime: `${day} 23:59:59`,
      })
      return (info?.recordList ?? []).map((r) => ({
        name: r.name,
        startTime: r.startTime,
        endTime: r.endTime,
      }))
    },
    async startPlayback(m, startTime, endTime) {
      return address(await get<WvpStreamContent>(m, `playback/start/${ids(m)}`, { startTime, endTime }))
    },
    async playback(m, stream, action, value) {
      const s = encodeURIComponent(stream)
      const path = {
        stop: `playback/stop/${ids(m)}/${s}`,
        pause: `playback/pause/${s}`,
        resume: `playback/resume/${s}`,
        seek: `playback/seek/${s}/${value ?? 0}`,
        speed: `playback/speed/${s}/${value ?? 1}`,
      }[action]
      await get(m, path)
    },
    async ptz(m, command, speed) {
      // WVP's speeds are 0-255; ours 1-10
      const s = Math.round((Math.min(Math.max(speed, 1), 10) * 255) / 10)
      await get(m, `ptz/control/${ids(m)}`, {
        command,
        horizonSpeed: s,
        verticalSpeed: s,
        zoomSpeed: Math.ceil(s / 17),
      })
    },
    async snapshot(m) {
      // WVP answers the snapshot's file name; the picture is served under /api/device/query/snap
      const file = await get<string>(m, `device/query/snap/${ids(m)}`)
      if (typeof file !== 'string' || !file) throw new MediaError(`${MEDIA_TEXT.failed}: 无抓图`)
      return `${base(m)}/api/device/query/snap/${ids(m)}/${encodeURIComponent(file)}`
    },
  }
}

const HIK_PTZ: Record<PtzCommand, string> = {
  up: 'UP',
  down: 'DOWN',
  left: 'LEFT',
  right: 'RIGHT',
  zoomin: 'ZOOM_IN',
  zoomout: 'ZOOM_OUT',
}

/** HikPlatformServer-HLS: the artemis OpenAPI (signed POSTs, code '0'). */
function hikCalls(o: Required<MediaClientOptions>): MediaServerCalls {
  /** the last command per camera: artemis stops a move by naming it (action 1) */
  const moving = new Map<string, PtzCommand>()
  const post = async <T>(m: PlayerMachine, path: string, body: Record<string, unknown>) => {
    const headers = artemisHeaders(path, m.machineAccount ?? '', m.machinePassword ?? '')
    const init = { method: 'POST', headers, body: JSON.stringify({ cameraIndexCode: cameraOf(m), ...body }) }
    return accepted<T>(await exchange(o, `${base(m)}${path}`, init), '0')
  }
  const urlOf = (data: unknown): string => {
    // the platform answers `data: {url}`; some gateways in front of it answer the URL itself
    const url = typeof data === 'string' ? data : (data as { url?: unknown } | undefined)?.url
    if (typeof url !== 'string' || !url) throw new MediaError(`${MEDIA_TEXT.failed}: 无 HLS 地址`)
    return url
  }
  const range = (startTime: string, endTime: string) => ({
    recordLocation: '0',
    protocol: 'hls',
    transmode: 1,
    beginTime: toArtemisTime(startTime),
    endTime: toArtemisTime(endTime),
  })
  return {
    async startLive(m) {
      const data = await post<unknown>(m, ARTEMIS.preview, {
        streamType: 1,
        protocol: 'hls',
        transmode: LIVE_STREAM.transport === 'tcp' ? 1 : 0,
        expand: `transcode=1&videotype=h264&width=${LIVE_STREAM.width}&timeout=${LIVE_STREAM.timeout}`,
      })
      return { url: urlOf(data), stream: cameraOf(m), kind: 'hls' }
    },
    async queryRecords(m, day) {
      const data = await post<{ list?: { beginTime: string; endTime: string }[] }>(
        m,
        ARTEMIS.playback,
        range(`${day} 00:00:00`, `${day} 23:59:59`),
      )
      return (data?.list ?? []).map((r, i) => ({
        name: `${cameraOf(m)}-${i + 1}`,
        startTime: fromArtemisTime(r.beginTime),
        endTime: fromArtemisTime(r.endTime),
      }))
    },
    async startPlayback(m, startTime, endTime) {
      const data = await post<{ url?: string; uuid?: string }>(m, ARTEMIS.playback, range(startTime, endTime))
      return { url: urlOf(data), stream: data?.uuid ?? cameraOf(m), kind: 'hls' }
    },
    async playback() {
      // an artemis HLS playback is a VOD playlist: pausing, seeking and speed are the player's
    },
    async ptz(m, command, speed) {
      const camera = cameraOf(m)
      const named = command === 'stop' ? moving.get(camera) : command
      if (!named) return
      if (command === 'stop') moving.delete(camera)
      else moving.set(camera, command)
      const hikSpeed = Math.min(Math.max(speed, 1), 10) * 10
      await post(m, ARTEMIS.ptz, {
        action: command === 'stop' ? 1 : 0,
        command: HIK_PTZ[named],
        speed: hikSpeed,
      })
    },
    async snapshot(m) {
      const data = await post<{ picUrl?: string }>(m, ARTEMIS.capture, {})
      if (!data?.picUrl) throw new MediaError(`${MEDIA_TEXT.failed}: 无抓图`)
      return data.picUrl
    },
  }
}

export class MediaClient {
  private readonly servers: Record<ServerType, MediaServerCalls>

  constructor(options: MediaClientOptions = {}) {
    const o = { timeoutMs: options.timeoutMs ?? 10_000, fetch: options.fetch ?? fetch }
    this.servers = {
      'RtmpServer-Nginx': nginxCalls(o),
      'GB28181Server-Wvp': wvpCalls(o),
      'HikPlatformServer-HLS': hikCalls(o),
    }
  }

  /** The calls of the machine's server type; any other type cannot play (`该设备不支持视频播放`). */
  private of(m: PlayerMachine): MediaServerCalls {
    if (!isServerType(m.serverType) || !m.serviceUrl) throw new MediaError(MEDIA_TEXT.unsupported)
    return this.servers[m.serverType]
  }

  async startLive(m: PlayerMachine): Promise<StreamAddress> {
    return this.of(m).startLive(m)
  }
  /** the recordings of one day (`yyyy-MM-dd`) */
  async queryRecords(m: PlayerMachine, day: string): Promise<Recording[]> {
    return this.of(m).queryRecords(m, day)
  }
  async startPlayback(m: PlayerMachine, startTime: string, endTime: string): Promise<StreamAddress> {
    return this.of(m).startPlayback(m, startTime, endTime)
  }
  /** `seek`: seconds from the playback's start; `speed`: a factor (0.5, 1, 2, 4…) */
  async playback(m: PlayerMachine, stream: string, action: PlaybackAction, value?: number): Promise<void> {
    return this.of(m).playback(m, stream, action, value)
  }
  /** a picture of the camera now: its URL */
  async snapshot(m: PlayerMachine): Promise<string> {
    return this.of(m).snapshot(m)
  }
  /** a pan/tilt/zoom move (pressed) or `stop` (released); speed 1-10 */
  async ptz(m: PlayerMachine, command: PtzCommand | 'stop', speed = 5): Promise<void> {
    return this.of(m).ptz(m, command, speed)
  }
}

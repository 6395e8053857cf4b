import { createHmac } from 'node:crypto'

/**
 * The three media servers a park's cameras sit behind (spec 01 §4, spec 02 §4), what we send them
 * and what they answer. One type each: RtmpServer-Nginx (an nginx-rtmp server with its control
 * service: answers the HLS path), GB28181Server-Wvp (wvp-GB28181-pro in front of ZLMediaKit:
 * answers a StreamContent whose `ws_flv` is played), HikPlatformServer-HLS (a Hikvision platform's
 * artemis OpenAPI: answers the HLS URL in `data`).
 */

export const SERVER_TYPES = ['RtmpServer-Nginx', 'GB28181Server-Wvp', 'HikPlatformServer-HLS'] as const
export type ServerType = (typeof SERVER_TYPES)[number]

export const isServerType = (value: unknown): value is ServerType =>
  typeof value === 'string' && (SERVER_TYPES as readonly string[]).includes(value)

/** Spec 02 §9: how every live stream is asked for. */
export const LIVE_STREAM = { transport: 'tcp', timeout: 60, width: 320 } as const

export const MEDIA_TEXT = {
  unsupported: '该设备不支持视频播放',
  failed: '视频服务请求失败',
  unreachable: '视频服务不可达',
} as const

/** A media server refused or could not be asked; `message` is what the caller is told. */
export class MediaError extends Error {
  constructor(
    message: string,
    /** the server's HTTP status, when it answered */
    readonly status?: number,
  ) {
    super(message)
    this.name = 'MediaError'
  }
}

/** The player fields of a machine (spec 01 §3 "Machine for player"), credentials in clear. */
export interface PlayerMachine {
  machineId: string
  /** the media server's base URL (`http://host:port`) */
  serviceUrl: string
  serverType: string | null
  /**
   * The camera as the server knows it: the nginx stream name, WVP's `deviceId/channelId`, Hik's
   * `cameraIndexCode`. Empty: the machine id.
   */
  agreeContext?: string | null
  /** the camera's (nginx pulls from it) or the platform's (Hik appKey) account */
  machineAccount?: string | null
  machinePassword?: string | null
  machineIp?: string | null
  machinePort?: number | null
}

export interface StreamAddress {
  /** what the player opens: an HLS playlist (http) or an FLV stream (ws) */
  url: string
  /** the server's id of the stream (what playback controls name) */
  stream: string
  kind: 'hls' | 'flv'
}

export interface Recording {
  name: string
  /** yyyy-MM-dd HH:mm:ss */
  startTime: string
  endTime: string
}

export type PlaybackAction = 'stop' | 'pause' | 'resume' | 'seek' | 'speed'

export const PTZ_COMMANDS = ['up', 'down', 'left', 'right', 'zoomin', 'zoomout'] as const
export type PtzCommand = (typeof PTZ_COMMANDS)[number]

/** WVP's answer (WVPResult) and its StreamContent, the fields we read and the simulator writes. */
export interface WvpResult<T> {
  code: number
  msg: string
  data?: T
}
export interface WvpStreamContent {
  app: string
  stream: string
  ip: string
  mediaServerId: string
  flv: string
  ws_flv: string
  hls: string
  rtmp: string
  rtsp: string
  rtc: string
  startTime?: string
  endTime?: string
}
export interface WvpRecordInfo {
  deviceId: string
  channelId: string
  sumNum: number
  recordList: { deviceId: string; name: string; filePath: string; startTime: string; endTime: string }[]
}

/** The artemis OpenAPI's answer: `code` is the string '0' on success. */
export interface ArtemisResult<T> {
  code: string
  msg: string
  data?: T
}

export const ARTEMIS = {
  preview: '/artemis/api/video/v2/cameras/previewURLs',
  playback: '/artemis/api/video/v2/cameras/playbackURLs',
  ptz: '/artemis/api/video/v1/ptzs/controlling',
  capture: '/artemis/api/video/v1/manualCapture',
} as const

/**
 * The artemis gateway's signature (Hikvision OpenAPI security guide): HMAC-SHA256 with the appSecret
 * over `METHOD\nAccept\nContent-Type\nx-ca-key:<appKey>\n<path>`, base64, in `X-Ca-Signature`.
 */
export function artemisSignature(method: string, path: string, appKey: string, appSecret: string): string {
  const text = `${method}\n*/*\napplication/json\nx-ca-key:${appKey}\n${path}`
  return createHmac('sha256', appSecret).update(text).digest('base64')
}

export function artemisHeaders(path: string, appKey: string, appSecret: string): Record<string, string> {
  return {
    accept: '*/*',
    'content-type': 'application/json',
    'x-ca-key': appKey,
    'x-ca-signature-headers': 'x-ca-key',
    'x-ca-signature': artemisSignature('POST', path, appKey, appSecret),
  }
}

/** `yyyy-MM-dd HH:mm:ss` (park time, +08:00) ⇄ the ISO 8601 artemis wants. */
export const toArtemisTime = (time: string) => `${time.replace(' ', 'T')}.000+08:00`
export const fromArtemisTime = (time: string) => time.slice(0, 19).replace('T', ' ')

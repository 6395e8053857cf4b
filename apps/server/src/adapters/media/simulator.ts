import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type WebSocket, WebSocketServer } from 'ws'
import { loadClip, type MediaClip } from './clip.js'
import { FlvLoop, flvStart } from './flv.js'
import { livePlaylist, segmentAt, vodPlaylist } from './hls.js'
import {
  ARTEMIS,
  artemisSignature,
  fromArtemisTime,
  type Recording,
  type WvpStreamContent,
} from './protocol.js'

/**
 * A loopback media server speaking the calls of all three server types at once (their paths do not
 * meet): the nginx-rtmp control service (`/control/…`, code 200), wvp-GB28181-pro (`/api/…`,
 * WVPResult code 0, ZLMediaKit-style `ws://…/rtp/<stream>.live.flv`) and the Hikvision artemis
 * OpenAPI (`/artemis/…`, signed, code '0', `/openUrl/…` playlists). Every camera shows the committed
 * clip: live as a sliding HLS playlist or an endless FLV over WebSocket, recordings as one-hour
 * files for any day. Machines without a `serviceUrl` play from here (the demo and the tests).
 */

export interface MediaSimulatorOptions {
  port?: number
  now?: () => number
  /** FLV pacing: stream milliseconds sent per wall millisecond (tests run fast) */
  pace?: number
  /** artemis appKey → appSecret; a key listed here must sign correctly (others: headers present) */
  hikKeys?: Record<string, string>
}

export interface MediaFaults {
  /** answer every API call with this HTTP status (0: normally) */
  status: number
  /** answer every API call with the server's failure code */
  refuse: boolean
}

export interface SimulatedPlayback {
  stream: string
  camera: string
  startTime: string
  endTime: string
  state: 'playing' | 'paused' | 'stopped'
  speed: number
  /** the last seek, in seconds from the start */
  position: number
}

export interface MediaCall {
  method: string
  path: string
  query: Record<string, string>
  body: Record<string, unknown>
}

export interface MediaSimulator {
  /** `http://127.0.0.1:<port>` */
  url: string
  faults: MediaFaults
  calls: MediaCall[]
  playbacks: Map<string, SimulatedPlayback>
  /** PTZ commands received, in order (`camera command start|stop`) */
  ptz: string[]
  close(): Promise<void>
}

type Json = Record<string, unknown>

/** seconds between two `yyyy-MM-dd HH:mm:ss` (park time) */
const secondsBetween = (a: string, b: string) =>
  Math.max(1, Math.round((Date.parse(b.replace(' ', 'T')) - Date.parse(a.replace(' ', 'T'))) / 1000))

/** a day of recordings: one file an hour */
function recordingsOf(camera: string, day: string): Recording[] {
  return Array.from({ length: 24 }, (_, h) => {
    const hh = String(h).padStart(2, '0')
    return { name: `${camera}-${day}-${hh}`, startTime: `${day} ${hh}:00:00`, endTime: `${day} ${hh}:59:59` }
  })
}

const DAY = /^(\d{4}-\d{2}-\d{2})/

export async function startMediaSimulator(options: MediaSimulatorOptions = {}): Promise<MediaSimulator> {
  const now = options.now ?? Date.now
  const pace = options.pace ?? 1
  const clip: MediaClip = loadClip()
  const startedAt = now()
  const faults: MediaFaults = { status: 0, refuse: false }
  const calls: MediaCall[] = []
  const playbacks = new Map<string, SimulatedPlayback>()
  const ptz: string[] = []
  let url = ''
  let wsUrl = ''

  const newPlayback = (camera: string, startTime: string, endTime: string): SimulatedPlayback => {
    const p: SimulatedPlayback = {
      stream: `pb_${randomBytes(6).toString('hex')}`,
      camera,
      startTime,
      endTime,
      state: 'playing',
      speed: 1,
      position: 0,
    }
    playbacks.set(p.stream, p)
    return p
  }
  const streamContent = (stream: string, extra: Partial<WvpStreamContent> = {}): WvpStreamContent => ({
    app: 'rtp',
    stream,
    ip: '127.0.0.1',
    mediaServerId: 'simulator',
    flv: `${url}/rtp/${stream}.live.flv`,
    ws_flv: `${wsUrl}/rtp/${stream}.live.flv`,
    hls: `${url}/rtp/${stream}/hls.m3u8`,
    rtmp: `rtmp://127.0.0.1/rtp/${stream}`,
    rtsp: `rtsp://127.0.0.1/rtp/${stream}`,
    rtc: `${url}/index/api/webrtc?app=rtp&stream=${stream}&type=play`,
    ...extra,
  })
  /** a playback control; false when the stream is unknown or over */
  const control = (stream: string, action: string, value: number): boolean => {
    const p = playbacks.get(stream)
    if (!p || p.state === 'stopped') return false
    if (action === 'stop') p.state = 'stopped'
    if (action === 'pause') p.state = 'paused'
    if (action === 'resume') p.state = 'playing'
    if (action === 'seek') p.position = value
    if (action === 'speed') p.speed = value
    return true
  }

  /** nginx control service: POST /control/<what> with a JSON body, code 200 */
  const nginx = (what: string, b: Json): Json => {
    const ok = (data?: unknown) => ({ code: 200, msg: 'success', data })
    const name = String(b.name ?? '')
    if (!name) return { code: 400, msg: 'name required' }
    if (what === 'play/start') return ok(`/hls/${encodeURIComponent(name)}.m3u8`)
    if (what === 'record/list') return ok(recordingsOf(name, String(b.day ?? '')))
    if (what === 'playback/start') {
      const p = newPlayback(name, String(b.startTime), String(b.endTime))
      return ok({ stream: p.stream, path: `/hls/playback/${p.stream}.m3u8` })
    }
    const action = /^playback\/(stop|pause|resume|seek|speed)$/.exec(what)?.[1]
    if (action)
      return control(String(b.stream), action, Number(b.value)) ? ok() : { code: 404, msg: 'no such stream' }
    if (what === 'snapshot') return ok(`/snap/${encodeURIComponent(name)}.jpg`)
    if (what === 'ptz') {
      ptz.push(`${name} ${b.command} ${b.command === 'stop' ? 'stop' : 'start'}`)
      return ok()
    }
    return { code: 404, msg: 'unknown call' }
  }

  /** wvp-GB28181-pro: GET /api/…, WVPResult with code 0 */
  const wvp = (parts: string[], q: Record<string, string>): Json => {
    const ok = (data?: unknown) => ({ code: 0, msg: '成功', data })
    const [group, verb = '', ...rest] = parts
    if (group === 'play' && verb === 'start' && rest.length === 2)
      return ok(streamContent(`${rest[0]}_${rest[1]}`))
    if (group === 'gb_record' && verb === 'query' && rest.length === 2) {
      const day = DAY.exec(q.startTime ?? '')?.[1] ?? ''
      const recordList = recordingsOf(`${rest[0]}_${rest[1]}`, day).map((r) => ({
        deviceId: rest[0],
        filePath: `/record/${r.name}.mp4`,
        ...r,
      }))
      return ok({ deviceId: rest[0], channelId: rest[1], sumNum: recordList.length, recordList })
    }
    if (group === 'playback' && verb === 'start' && rest.length === 2) {
      const p = newPlayback(`${rest[0]}_${rest[1]}`, q.startTime ?? '', q.endTime ?? '')
      return ok(streamContent(p.stream, { startTime: p.startTime, endTime: p.endTime }))
    }
    if (group === 'playback') {
      const stream = verb === 'stop' ? rest[2] : rest[0]
      const done = control(stream ?? '', verb ?? '', Number(rest[1]))
      return done ? ok() : { code: 100, msg: '流不存在' }
    }
    if (group === 'device' && verb === 'query' && rest[0] === 'snap' && rest.length === 3)
      return ok(`${rest[1]}_${rest[2]}_${now()}.jpg`)
    if (group === 'ptz' && verb === 'control' && rest.length === 2) {
      ptz.push(`${rest[0]}_${rest[1]} ${q.command} ${q.command === 'stop' ? 'stop' : 'start'}`)
      return ok()
    }
    return { code: 404, msg: '未知接口' }
  }

  /** artemis: signed POSTs, code '0' */
  const hik = (path: string, b: Json): Json => {
    const ok = (data?: unknown) => ({ code: '0', msg: 'success', data })
    const camera = String(b.cameraIndexCode ?? '')
    if (!camera) return { code: '0x02401002', msg: 'cameraIndexCode is required' }
    if (path === ARTEMIS.preview) return ok({ url: `${url}/openUrl/${encodeURIComponent(camera)}/live.m3u8` })
    if (path === ARTEMIS.playback) {
      const start = fromArtemisTime(String(b.beginTime ?? ''))
      const end = fromArtemisTime(String(b.endTime ?? ''))
      const list = recordingsOf(camera, DAY.exec(start)?.[1] ?? '')
        .filter((r) => r.endTime >= start && r.startTime <= end)
        .map((r) => ({
          beginTime: `${r.startTime.replace(' ', 'T')}.000+08:00`,
          endTime: `${r.endTime.replace(' ', 'T')}.000+08:00`,
          size: 0,
        }))
      const p = newPlayback(camera, start, end)
      return ok({ list, uuid: p.stream, url: `${url}/openUrl/${p.stream}/playback.m3u8` })
    }
    if (path === ARTEMIS.capture) return ok({ picUrl: `${url}/snap/${encodeURIComponent(camera)}.jpg` })
    if (path === ARTEMIS.ptz) {
      ptz.push(
        `${camera} ${String(b.command).toLowerCase().replace('_', '')} ${b.action === 1 ? 'stop' : 'start'}`,
      )
      return ok(null)
    }
    return { code: '0x02401004', msg: 'api not found' }
  }

  const signedAsArtemis = (req: IncomingMessage, path: string): boolean => {
    const key = req.headers['x-ca-key']
    const signature = req.headers['x-ca-signature']
    if (typeof key !== 'string' || typeof signature !== 'string' || !key) return false
    const secret = options.hikKeys?.[key]
    return secret === undefined || signature === artemisSignature('POST', path, key, secret)
  }

  const send = (res: ServerResponse, status: number, body: string | Buffer, type: string) => {
    res.writeHead(status, {
      'content-type': type,
      'access-control-allow-origin': '*',
      'cache-control': 'no-cache',
    })
    res.end(body)
  }
  const sendJson = (res: ServerResponse, status: number, body: unknown) =>
    send(res, status, JSON.stringify(body), 'application/json; charset=utf-8')

  /** playlists, segments and snapshots (GET, no faults: the address was handed out already) */
  const media = (path: string, res: ServerResponse): boolean => {
    if (/^\/snap\/[^/]+\.jpg$|^\/api\/device\/query\/snap\/[^/]+\/[^/]+\/[^/]+\.jpg$/.test(path)) {
      send(res, 200, clip.snapshot, 'image/jpeg')
      return true
    }
    const seg = /\/(\d+)\.ts$/.exec(path)
    if (seg) {
      send(res, 200, segmentAt(clip.segments, Number(seg[1])).data, 'video/mp2t')
      return true
    }
    if (!path.endsWith('.m3u8')) return false
    const type = 'application/vnd.apple.mpegurl'
    const pb = /\/(pb_[0-9a-f]+)(?:\.m3u8|\/playback\.m3u8)$/.exec(path)
    if (pb) {
      const p = playbacks.get(pb[1] ?? '')
      if (!p || p.state === 'stopped') {
        sendJson(res, 404, { msg: 'stream not found' })
        return true
      }
      const count = Math.min(3600, secondsBetween(p.startTime, p.endTime))
      const prefix = path.endsWith('/playback.m3u8') ? '' : `${p.stream}/`
      send(
        res,
        200,
        vodPlaylist(clip.segments, count, (n) => `${prefix}${n}.ts`),
        type,
      )
      return true
    }
    // /hls/<name>.m3u8 → <name>/<n>.ts; /openUrl/<id>/live.m3u8 and /rtp/<s>/hls.m3u8 → <n>.ts
    const name = /\/hls\/([^/]+)\.m3u8$/.exec(path)?.[1]
    const uri = (n: number) => (name ? `${name}/${n}.ts` : `${n}.ts`)
    send(res, 200, livePlaylist(clip.segments, now() - startedAt, { uri }), type)
    return true
  }

  const server: Server = createServer((req, res) => {
    const target = new URL(req.url ?? '/', 'http://simulator')
    const path = decodeURIComponent(target.pathname)
    const query = Object.fromEntries(target.searchParams)
    if (req.method === 'OPTIONS') return send(res, 204, '', 'text/plain')
    if (req.method === 'GET' && media(path, res)) return
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      let body: Json = {}
      try {
        if (chunks.length) body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json
      } catch {
        return sendJson(res, 400, { code: 400, msg: 'body is not JSON' })
      }
      calls.push({ method: req.method ?? 'GET', path, query, body })
      if (faults.status)
        return sendJson(res, faults.status, { code: faults.status, msg: 'simulated failure' })
      const refused = { code: faults.refuse ? 500 : 0, msg: 'simulated refusal' }
      if (path.startsWith('/control/') && req.method === 'POST')
        return sendJson(res, 200, faults.refuse ? refused : nginx(path.slice('/control/'.length), body))
      if (path.startsWith('/api/') && req.method === 'GET')
        return sendJson(
          res,
          200,
          faults.refuse ? { ...refused, code: -1 } : wvp(path.split('/').slice(2), query),
        )
      if (path.startsWith('/artemis/') && req.method === 'POST') {
        if (!signedAsArtemis(req, path))
          return sendJson(res, 401, { code: '0x02401003', msg: 'signature mismatch' })
        return sendJson(res, 200, faults.refuse ? { ...refused, code: '0x01b01001' } : hik(path, body))
      }
      sendJson(res, 404, { code: 404, msg: 'not found' })
    })
  })

  // ws://…/rtp/<stream>.live.flv: the clip as one endless FLV (a playback: paused, at its speed)
  const wss = new WebSocketServer({ noServer: true })
  const sockets = new Set<WebSocket>()
  server.on('upgrade', (req, socket, head) => {
    const stream = /^\/rtp\/([^/]+)\.live\.flv$/.exec(new URL(req.url ?? '/', 'http://s').pathname)?.[1]
    const p = stream ? playbacks.get(stream) : undefined
    if (!stream || p?.state === 'stopped') return socket.destroy()
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws)
      const loop = new FlvLoop(clip.flv)
      ws.send(flvStart(clip.flv))
      let streamMs = 500 // a first half second at once: the player starts without waiting
      let last = Date.now()
      const tick = () => {
        const t = Date.now()
        const state = p ? p.state : 'playing'
        if (state === 'stopped') return ws.close(1000, 'playback stopped')
        if (state === 'playing') streamMs += (t - last) * pace * (p?.speed ?? 1)
        last = t
        const tags = loop.until(streamMs)
        if (tags.length) ws.send(Buffer.concat(tags))
      }
      tick()
      const timer = setInterval(tick, 40)
      ws.on('close', () => {
        clearInterval(timer)
        sockets.delete(ws)
      })
    })
  })

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  url = `http://127.0.0.1:${port}`
  wsUrl = `ws://127.0.0.1:${port}`

  return {
    url,
    faults,
    calls,
    playbacks,
    ptz,
    close: async () => {
      for (const ws of sockets) ws.terminate()
      wss.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

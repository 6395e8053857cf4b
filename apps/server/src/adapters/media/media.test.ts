import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { MediaClient } from './client.js'
import { loadClip } from './clip.js'
import { FLV_VIDEO, readFlvTags } from './flv.js'
import { livePlaylist } from './hls.js'
import { MediaError, type PlayerMachine, type ServerType } from './protocol.js'
import { type MediaSimulator, startMediaSimulator } from './simulator.js'

const HIK_KEY = 'hik-app-key'
const HIK_SECRET = 'hik-app-secret'

describe('media servers: client against the loopback simulator', () => {
  let sim: MediaSimulator
  let clock = 1_000_000
  const client = new MediaClient({ timeoutMs: 5000 })
  const machine = (serverType: ServerType | string, agreeContext?: string): PlayerMachine => ({
    machineId: '1001',
    serviceUrl: sim.url,
    serverType,
    agreeContext,
    machineAccount: serverType === 'HikPlatformServer-HLS' ? HIK_KEY : 'admin',
    machinePassword: serverType === 'HikPlatformServer-HLS' ? HIK_SECRET : 'secret',
    machineIp: '10.0.0.8',
    machinePort: 554,
  })

  beforeAll(async () => {
    sim = await startMediaSimulator({ now: () => clock, pace: 25, hikKeys: { [HIK_KEY]: HIK_SECRET } })
  })
  afterAll(() => sim.close())

  it('RtmpServer-Nginx: the live URL is the server URL and the path it answers, asked for tcp, 60 s, 320 px', async () => {
    const live = await client.startLive(machine('RtmpServer-Nginx', 'gate-cam'))
    expect(live).toEqual({ url: `${sim.url}/hls/gate-cam.m3u8`, stream: 'gate-cam', kind: 'hls' })
    expect(sim.calls.at(-1)?.body).toMatchObject({
      name: 'gate-cam',
      transport: 'tcp',
      timeout: 60,
      width: 320,
    })
  })

  it('GB28181Server-Wvp: the ws_flv field of /api/play/start, with tcp, 60 s, 320 px', async () => {
    const live = await client.startLive(
      machine('GB28181Server-Wvp', '34020000001320000001/34020000001310000001'),
    )
    const stream = '34020000001320000001_34020000001310000001'
    expect(live).toEqual({
      url: `${sim.url.replace('http', 'ws')}/rtp/${stream}.live.flv`,
      stream,
      kind: 'flv',
    })
    const call = sim.calls.at(-1)
    expect(call?.path).toBe('/api/play/start/34020000001320000001/34020000001310000001')
    expect(call?.query).toEqual({ transport: 'tcp', timeout: '60', width: '320' })
  })

  it('HikPlatformServer-HLS: the URL in data of the signed previewURLs call, transmode tcp', async () => {
    const live = await client.startLive(machine('HikPlatformServer-HLS', 'cam-index-7'))
    expect(live).toEqual({
      url: `${sim.url}/openUrl/cam-index-7/live.m3u8`,
      stream: 'cam-index-7',
      kind: 'hls',
    })
    expect(sim.calls.at(-1)?.body).toMatchObject({
      cameraIndexCode: 'cam-index-7',
      protocol: 'hls',
      transmode: 1,
    })
    // a wrong secret does not sign: the gateway answers 401, refused
    const wrong = { ...machine('HikPlatformServer-HLS', 'cam-index-7'), machinePassword: 'wrong' }
    await expect(client.startLive(wrong)).rejects.toMatchObject({
      message: '视频服务请求失败: HTTP 401',
      status: 401,
    })
  })

  it('any other server type cannot play: 该设备不支持视频播放, nothing asked', async () => {
    const before = sim.calls.length
    for (const type of ['OnvifServer', null, ''])
      await expect(client.startLive(machine(type as string))).rejects.toThrow('该设备不支持视频播放')
    expect(sim.calls.length).toBe(before)
  })

  it('an answer other than HTTP 200, or without the success code, is refused', async () => {
    sim.faults.status = 502
    for (const type of ['RtmpServer-Nginx', 'GB28181Server-Wvp', 'HikPlatformServer-HLS'] as const)
      await expect(client.startLive(machine(type, 'c1'))).rejects.toMatchObject({
        message: '视频服务请求失败: HTTP 502',
        status: 502,
      })
    sim.faults.status = 0
    sim.faults.refuse = true
    for (const type of ['RtmpServer-Nginx', 'GB28181Server-Wvp', 'HikPlatformServer-HLS'] as const)
      await expect(client.startLive(machine(type, 'c1'))).rejects.toThrow(
        /^视频服务请求失败: simulated refusal$/,
      )
    sim.faults.refuse = false
    const away = { ...machine('RtmpServer-Nginx'), serviceUrl: 'http://127.0.0.1:9' }
    await expect(client.startLive(away)).rejects.toEqual(new MediaError('视频服务不可达'))
  })

  it('the live HLS playlist slides: media sequence rises with the clock, a discontinuity at each loop', async () => {
    const read = async () => (await fetch(`${sim.url}/hls/gate-cam.m3u8`)).text()
    const sequence = (text: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1])
    const first = await read()
    expect(first).toMatch(/^#EXTM3U\n/)
    expect(first).not.toContain('#EXT-X-ENDLIST')
    clock += 2500
    const later = await read()
    expect(sequence(later)).toBe(sequence(first) + 2)
    clock += 2000 // past the clip's 4 segments: the loop restarts inside the window
    const looped = await read()
    expect(looped).toContain('#EXT-X-DISCONTINUITY\n')
    const segment = /\n(gate-cam\/\d+\.ts)/.exec(looped)?.[1]
    const ts = Buffer.from(await (await fetch(`${sim.url}/hls/${segment}`)).arrayBuffer())
    expect(ts[0]).toBe(0x47) // MPEG-TS sync byte
    expect(ts.length % 188).toBe(0)
  })

  it('the discontinuity sequence counts the loop starts that slid out of the window', () => {
    const segments = loadClip().segments // 4 × 1 s
    const at = (ms: number) => livePlaylist(segments, ms, { uri: (n) => `${n}.ts` })
    expect(at(0)).toContain('#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-DISCONTINUITY-SEQUENCE:0')
    // window 9, 10, 11 at 9 s: loop starts 4 and 8 slid out
    expect(at(9000)).toContain('#EXT-X-MEDIA-SEQUENCE:9\n#EXT-X-DISCONTINUITY-SEQUENCE:2\n')
    expect(at(9000)).not.toContain('#EXT-X-DISCONTINUITY\n')
    expect(at(10_000)).toMatch(/#EXTINF:1.000,\n11.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:1.000,\n12.ts/)
  })

  it('the FLV over WebSocket starts with the FLV header and its timestamps keep rising across loops', async () => {
    const { url } = await client.startLive(machine('GB28181Server-Wvp', 'd1/c1'))
    const ws = new WebSocket(url)
    const chunks: Buffer[] = []
    ws.on('message', (data: Buffer) => chunks.push(data))
    await new Promise((resolve) => setTimeout(resolve, 500)) // × pace 25: about 12 s of stream
    ws.close()
    const stream = Buffer.concat(chunks)
    expect(stream.toString('latin1', 0, 3)).toBe('FLV')
    expect(stream.readUInt8(4) & 0x01).toBe(1) // has video
    const { tags } = readFlvTags(stream)
    const [config, ...video] = tags.filter((t) => t.type === FLV_VIDEO)
    expect((config?.data.readUInt8(0) ?? 0) & 0x0f).toBe(7) // AVC
    expect(config?.data.readUInt8(1)).toBe(0) // its sequence header first
    const times = video.map((t) => t.timestamp)
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1] ?? 0)
    expect(times.at(-1) ?? 0).toBeGreaterThan(2 * loadClip().flv.durationMs) // looped at least twice
  })

  it('a day of recordings, and a playback started, paused, resumed, sought, sped up and stopped', async () => {
    for (const type of ['RtmpServer-Nginx', 'GB28181Server-Wvp', 'HikPlatformServer-HLS'] as const) {
      const m = machine(type, 'cam9')
      const records = await client.queryRecords(m, '2026-11-28')
      expect(records).toHaveLength(24)
      expect(records[8]).toMatchObject({ startTime: '2026-11-28 08:00:00', endTime: '2026-11-28 08:59:59' })
      const pb = await client.startPlayback(m, '2026-11-28 08:00:00', '2026-11-28 08:59:59')
      expect(pb.kind).toBe(type === 'GB28181Server-Wvp' ? 'flv' : 'hls')
      const state = sim.playbacks.get(pb.stream)
      expect(state?.state).toBe('playing')
      if (type === 'HikPlatformServer-HLS') continue // its controls are the player's
      await client.playback(m, pb.stream, 'pause')
      expect(state?.state).toBe('paused')
      await client.playback(m, pb.stream, 'resume')
      await client.playback(m, pb.stream, 'seek', 600)
      await client.playback(m, pb.stream, 'speed', 4)
      expect(state).toMatchObject({ state: 'playing', position: 600, speed: 4 })
      await client.playback(m, pb.stream, 'stop')
      expect(state?.state).toBe('stopped')
      await expect(client.playback(m, pb.stream, 'pause')).rejects.toThrow(MediaError)
    }
  })

  it('snapshots: each server type answers a picture URL the simulator serves as JPEG', async () => {
    for (const type of ['RtmpServer-Nginx', 'GB28181Server-Wvp', 'HikPlatformServer-HLS'] as const) {
      const url = await client.snapshot(machine(type, 'channel=1;stream=cam-gate'))
      expect(url.startsWith(sim.url)).toBe(true)
      const res = await fetch(url)
      expect(res.headers.get('content-type')).toBe('image/jpeg')
      expect(Buffer.from(await res.arrayBuffer()).readUInt16BE(0)).toBe(0xffd8)
    }
  })

  it('an agreeContext of key=value pairs names the camera (stream, channel)', async () => {
    const live = await client.startLive(machine('GB28181Server-Wvp', 'channel=1;stream=cam-park'))
    expect(live.stream).toBe('cam-park_1')
    const hls = await client.startLive(machine('RtmpServer-Nginx', 'channel=1;stream=cam-room'))
    expect(hls.url).toBe(`${sim.url}/hls/cam-room.m3u8`)
  })

  it('PTZ: a move while pressed, stop when released, on each server type', async () => {
    sim.ptz.length = 0
    for (const type of ['RtmpServer-Nginx', 'GB28181Server-Wvp', 'HikPlatformServer-HLS'] as const) {
      const m = machine(type, 'p1')
      await client.ptz(m, 'left', 5)
      await client.ptz(m, 'stop')
    }
    expect(sim.ptz).toEqual([
      'p1 left start',
      'p1 stop stop',
      'p1_p1 left start',
      'p1_p1 stop stop',
      'p1 left start',
      'p1 left stop',
    ])
  })
})

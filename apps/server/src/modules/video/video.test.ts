import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { type MediaSimulator, startMediaSimulator } from '../../adapters/media/simulator.js'
import type { ModuleContext } from '../../core/module.js'
import { apiClient } from '../../test/client.js'
import { bearer, type Headers, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { parkMachine } from '../device/index.js'
import { Playbacks } from './playbacks.js'
import { MediaService } from './player.js'
import { videoPlayback } from './schema.js'

/**
 * Video through its routes on a real database, the demo park's cameras played from the media
 * simulator (no serviceUrl) and one camera pointed at a media server of the test's own: URL by
 * server type, non-200 refused, snapshots, recordings and the playback rules, PTZ permission and rate.
 */
const TENANT = '100001'
type Json = Record<string, unknown>
type Playback = { id: string; state: number; speed: number; position: number; url: string; kind: string }

describe('video', () => {
  let t: TestContext
  let admin: Headers
  let staff: Headers
  let own: MediaSimulator
  const { get, post } = apiClient<Json>(
    () => t,
    () => admin,
  )
  const ids = new Map<string, string>()
  const machine = async (code: string) => {
    if (!ids.has(code)) {
      const [row] = await t.database.db
        .select({ id: parkMachine.id })
        .from(parkMachine)
        .where(and(eq(parkMachine.tenantId, TENANT), eq(parkMachine.code, code)))
      ids.set(code, row?.id ?? '')
    }
    return ids.get(code) ?? ''
  }
  const playbackRow = async (id: string) =>
    (await t.database.db.select().from(videoPlayback).where(eq(videoPlayback.id, id)))[0]

  beforeAll(async () => {
    t = await startTestApp({ XPARK_DEVICE_SIMULATOR: 'on' })
    admin = bearer(await signIn(t.app, { tenantId: TENANT, account: 'admin' }))
    staff = bearer(await signIn(t.app, { tenantId: TENANT, account: 'staff' }))
    own = await startMediaSimulator()
    // the machine room's camera behind a media server at its own address
    await t.database.db
      .update(parkMachine)
      .set({ serviceUrl: own.url })
      .where(and(eq(parkMachine.tenantId, TENANT), eq(parkMachine.code, 'CAM-ROOM')))
  }, 60_000)
  afterAll(async () => {
    await own?.close()
    await t?.close()
  })

  it('answers every video call of the spec (endpoints.tsv)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/xparkApi/docs/json' })).json() as {
      paths: Record<string, unknown>
    }
    for (const p of [
      '/startPlay',
      '/park-manage/machine/getPlayerAddress',
      '/park-manage/machine/getFileUrl',
      ...['query', 'start', 'stop', 'pause', 'resume', 'seek', 'speed'].map(
        (v) => `/park-manage/player/${v}PlayBack`,
      ),
      '/park-manage/playControl/control',
      '/park-manage/playControl/frontCommandControl',
    ])
      expect(doc.paths[`/xparkApi${p}`], p).toBeDefined()
  })

  it('startPlay answers the stream URL by server type', async () => {
    const gate = await get('startPlay', { machineId: await machine('CAM-GATE') }) // HikPlatformServer-HLS
    expect(gate.status).toBe(200)
    expect(gate.body.code).toBe(200)
    expect(gate.body.data).toMatchObject({ kind: 'hls', stream: 'cam-gate' })
    expect(String(gate.body.data.url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/openUrl\/cam-gate\/live\.m3u8$/)

    const park = await get('startPlay', { machineId: await machine('CAM-PARK') }) // GB28181Server-Wvp: ws_flv
    expect(park.body.data).toMatchObject({ kind: 'flv', stream: 'cam-park_1' })
    expect(String(park.body.data.url)).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/rtp\/cam-park_1\.live\.flv$/)

    const room = await get('startPlay', { machineId: await machine('CAM-ROOM') }) // RtmpServer-Nginx: URL + path
    expect(room.body.data).toEqual({ kind: 'hls', stream: 'cam-room', url: `${own.url}/hls/cam-room.m3u8` })
    expect(own.calls.at(-1)?.body).toMatchObject({ transport: 'tcp', timeout: 60, width: 320 })

    // the URL plays: the FLV stream starts with its header
    const ws = new WebSocket(String(park.body.data.url))
    const first = await new Promise<Buffer>((resolve, reject) => {
      ws.once('message', (data: Buffer) => resolve(data))
      ws.once('error', reject)
    })
    ws.close()
    expect(first.toString('latin1', 0, 3)).toBe('FLV')
  })

  it('a machine of another type cannot play (该设备不支持视频播放); a media server not answering 200 is refused', async () => {
    const door = await get('startPlay', { machineId: await machine('DOOR-A1') })
    expect(door.status).toBe(400)
    expect(door.body.msg).toBe('该设备不支持视频播放')
    own.faults.status = 500
    const failed = await get('startPlay', { machineId: await machine('CAM-ROOM') })
    own.faults.status = 0
    expect(failed.status).toBe(502)
    expect(failed.body.msg).toBe('视频服务请求失败: HTTP 500')
    expect(failed.body.success).toBe(false)
  })

  it('getPlayerAddress answers the player fields without credentials; getFileUrl a snapshot', async () => {
    const id = await machine('CAM-GATE')
    const address = await get('park-manage/machine/getPlayerAddress', { machineId: id })
    expect(address.body.data).toMatchObject({ machineId: id, serverType: 'HikPlatformServer-HLS' })
    expect(address.body.data).not.toHaveProperty('machinePassword')
    expect(address.body.data).not.toHaveProperty('machineAccount')
    const snap = await get('park-manage/machine/getFileUrl', { machineId: id })
    const picture = await fetch(String(snap.body.data.url))
    expect(picture.headers.get('content-type')).toBe('image/jpeg')
    const unknown = await get('startPlay', { machineId: '999999999' })
    expect(unknown.status).toBe(404)
  })

  it("a day's recordings; a playback is played, paused, resumed, sought inside its recording, sped up, stopped", async () => {
    const machineId = await machine('CAM-ROOM')
    const records = await get<{ startTime: string }[]>('park-manage/player/queryPlayBack', {
      machineId,
      day: '2026-11-28',
    })
    expect(records.body.data).toHaveLength(24)
    const started = await get<Playback>('park-manage/player/startPlayBack', {
      machineId,
      startTime: '2026-11-28 08:00:00',
      endTime: '2026-11-28 08:59:59',
    })
    expect(started.status).toBe(200)
    const pb = started.body.data
    expect(pb).toMatchObject({ state: 0, speed: 1, kind: 'hls' })
    expect(pb.url.startsWith(`${own.url}/hls/playback/`)).toBe(true)
    const call = (verb: string, query: Json = {}) =>
      get<Playback>(`park-manage/player/${verb}`, { id: pb.id, ...query })

    expect((await call('pausePlayBack')).body.data.state).toBe(1)
    expect((await call('pausePlayBack')).status).toBe(409) // paused already
    expect((await call('resumePlayBack')).body.data.state).toBe(0)
    const far = await call('seekPlayBack', { time: '2026-11-28 09:30:00' })
    expect(far.status).toBe(400)
    expect(far.body.msg).toBe('超出录像范围')
    expect((await call('seekPlayBack', { time: '2026-11-28 08:10:00' })).body.data.position).toBe(600)
    expect((await call('speedPlayBack', { speed: 3 })).status).toBe(400)
    expect((await call('speedPlayBack', { speed: 4 })).body.data.speed).toBe(4)
    const streamState = own.playbacks.get((await playbackRow(pb.id))?.stream ?? '')
    expect(streamState).toMatchObject({ position: 600, speed: 4, state: 'playing' })
    const viaControl = await post<Playback>('park-manage/playControl/control', { id: pb.id, action: 'pause' })
    expect(viaControl.body.data.state).toBe(1)
    expect((await call('stopPlayBack')).body.data.state).toBe(2)
    expect(streamState?.state).toBe('stopped')
    const ended = await call('resumePlayBack')
    expect(ended.status).toBe(409)
    expect(ended.body.msg).toBe('回放已结束')
  })

  it('a playback outside the recordings is refused, and nothing is written', async () => {
    const before = (await t.database.db.select().from(videoPlayback)).length
    const reply = await get('park-manage/player/startPlayBack', {
      machineId: await machine('CAM-GATE'),
      startTime: '2026-11-28 10:00:00',
      endTime: '2026-11-28 09:00:00',
    })
    expect(reply.status).toBe(400)
    expect(reply.body.msg).toBe('开始时间须早于结束时间')
    own.faults.refuse = true
    const refused = await get('park-manage/player/startPlayBack', {
      machineId: await machine('CAM-ROOM'),
      startTime: '2026-11-28 10:00:00',
      endTime: '2026-11-28 10:30:00',
    })
    own.faults.refuse = false
    expect(refused.status).toBe(502)
    expect((await t.database.db.select().from(videoPlayback)).length).toBe(before)
  })

  it("another user's playback is 409; a playback idle 60 s has ended", async () => {
    const started = await get<Playback>(
      'park-manage/player/startPlayBack',
      {
        machineId: await machine('CAM-PARK'),
        startTime: '2026-11-28 08:00:00',
        endTime: '2026-11-28 08:30:00',
      },
      staff,
    )
    expect(started.status).toBe(200)
    const id = started.body.data.id
    const theirs = await get('park-manage/player/pausePlayBack', { id })
    expect(theirs.status).toBe(409)
    expect(theirs.body.msg).toBe('该回放不属于当前用户')
    expect((await playbackRow(id))?.state).toBe(0)
    // keepalive keeps it; then a minute and more without a call
    const kept = await post('park-manage/playControl/control', { id, action: 'keepalive' }, undefined, staff)
    expect(kept.status).toBe(200)
    await t.database.db
      .update(videoPlayback)
      .set({ lastActiveAt: new Date(Date.now() - 61_000) })
      .where(eq(videoPlayback.id, id))
    const idle = await get('park-manage/player/pausePlayBack', { id }, staff)
    expect(idle.status).toBe(409)
    expect(idle.body.msg).toBe('回放已结束')
    expect((await playbackRow(id))?.state).toBe(2)
  })

  it('the idle job stops, on the media server too, the playbacks no call touched for 60 s', async () => {
    const started = await get<Playback>('park-manage/player/startPlayBack', {
      machineId: await machine('CAM-ROOM'),
      startTime: '2026-11-28 12:00:00',
      endTime: '2026-11-28 12:30:00',
    })
    const fresh = await get<Playback>('park-manage/player/startPlayBack', {
      machineId: await machine('CAM-ROOM'),
      startTime: '2026-11-28 13:00:00',
      endTime: '2026-11-28 13:30:00',
    })
    await t.database.db
      .update(videoPlayback)
      .set({ lastActiveAt: new Date(Date.now() - 61_000) })
      .where(eq(videoPlayback.id, started.body.data.id))
    // the job's own code on this database (the app's instance is private to its module)
    const ctx = { database: t.database, config: t.config } as unknown as ModuleContext // what Playbacks reads
    const service = new MediaService(ctx)
    try {
      expect(await new Playbacks(ctx, service, service.loader()).stopIdle()).toBeGreaterThanOrEqual(1)
    } finally {
      await service.close()
    }
    expect((await playbackRow(started.body.data.id))?.state).toBe(2)
    expect((await playbackRow(fresh.body.data.id))?.state).toBe(0)
    const stream = (await playbackRow(started.body.data.id))?.stream ?? ''
    expect(own.playbacks.get(stream)?.state).toBe('stopped')
  })

  it('PTZ needs video_ptz, and at most 10 commands a second per user pass', async () => {
    const machineId = await machine('CAM-ROOM')
    const denied = await post(
      'park-manage/playControl/frontCommandControl',
      { machineId, command: 'left' },
      undefined,
      staff,
    )
    expect(denied.status).toBe(403)
    own.ptz.length = 0
    const moved = await post('park-manage/playControl/frontCommandControl', {
      machineId,
      command: 'left',
      speed: 5,
    })
    expect(moved.status).toBe(200)
    await post('park-manage/playControl/frontCommandControl', { machineId, command: 'stop' })
    expect(own.ptz).toEqual(['cam-room left start', 'cam-room stop stop'])
    expect(
      (await post('park-manage/playControl/frontCommandControl', { machineId, command: 'spin' })).status,
    ).toBe(400)
    // 25 at once land in at most two one-second windows: at most 20 pass
    const burst = await Promise.all(
      Array.from({ length: 25 }, () =>
        post('park-manage/playControl/frontCommandControl', { machineId, command: 'up' }),
      ),
    )
    const refused = burst.filter((r) => r.status === 429)
    expect(refused.length).toBeGreaterThanOrEqual(5)
    expect(refused[0]?.body.msg).toBe('云台操作过于频繁')
  })
})

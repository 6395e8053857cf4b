import {
  frontCommandCall,
  PTZ_PER_SECOND,
  pausePlaybackCall,
  playControlCall,
  playerAddressCall,
  queryPlaybackCall,
  resumePlaybackCall,
  seekPlaybackCall,
  snapshotCall,
  speedPlaybackCall,
  startPlaybackCall,
  startPlayCall,
  stopPlaybackCall,
  VIDEO_TEXT,
} from '@xpark/contract/modules/video'
import { authOf } from '../../core/auth/plugin.js'
import { AppError } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import type { ModuleContext } from '../../core/module.js'
import type { Playbacks } from './playbacks.js'
import { type MediaService, media, type PlayerMachineLoader } from './player.js'

/** WHEP endpoint of a local player: MediaMTX's default (`http://<ip>:8889/<stream>/whep`). */
function whepUrlOf(ip: string, port: number | null | undefined, stream: string): string {
  return ip ? `http://${ip}:${port ?? 8889}/${encodeURIComponent(stream)}/whep` : ''
}

export function registerVideoRoutes(
  api: Api,
  ctx: ModuleContext,
  service: MediaService,
  load: PlayerMachineLoader,
  playbacks: Playbacks,
): void {
  const guard = { preHandler: [api.scopes.api.guard] }

  handle(
    api,
    startPlayCall,
    async ({ machineId }, request) => {
      const machine = await load(authOf(request), machineId)
      return media(() => service.client.startLive(machine))
    },
    guard,
  )

  handle(
    api,
    playerAddressCall,
    async ({ machineId }, request) => {
      const m = await load(authOf(request), machineId)
      const stream = m.agreeContext?.match(/(?:^|;)\s*stream=([^;]+)/)?.[1] ?? m.code
      return {
        machineId: m.machineId,
        name: m.name,
        serviceUrl: m.serviceUrl,
        serverType: m.serverType ?? '',
        agreeContext: m.agreeContext ?? '',
        machineIp: m.machineIp ?? '',
        machinePort: m.machinePort ?? null,
        whepUrl: whepUrlOf(m.machineIp ?? '', m.machinePort, stream),
      }
    },
    guard,
  )

  handle(
    api,
    snapshotCall,
    async ({ machineId }, request) => {
      const machine = await load(authOf(request), machineId)
      return { url: await media(() => service.client.snapshot(machine)) }
    },
    guard,
  )

  handle(
    api,
    queryPlaybackCall,
    async ({ machineId, day }, request) => playbacks.recordings(authOf(request), machineId, day),
    guard,
  )
  handle(
    api,
    startPlaybackCall,
    async ({ machineId, startTime, endTime }, request) =>
      playbacks.start(authOf(request), machineId, startTime, endTime),
    guard,
  )
  handle(api, stopPlaybackCall, async ({ id }, request) => playbacks.act(authOf(request), id, 'stop'), guard)
  handle(
    api,
    pausePlaybackCall,
    async ({ id }, request) => playbacks.act(authOf(request), id, 'pause'),
    guard,
  )
  handle(
    api,
    resumePlaybackCall,
    async ({ id }, request) => playbacks.act(authOf(request), id, 'resume'),
    guard,
  )
  handle(
    api,
    seekPlaybackCall,
    async ({ id, time }, request) => playbacks.act(authOf(request), id, 'seek', { time }),
    guard,
  )
  handle(
    api,
    speedPlaybackCall,
    async ({ id, speed }, request) => playbacks.act(authOf(request), id, 'speed', { speed }),
    guard,
  )
  handle(
    api,
    playControlCall,
    async ({ id, action, time, speed }, request) =>
      playbacks.act(authOf(request), id, action, {
        ...(time !== undefined ? { time } : {}),
        ...(speed !== undefined ? { speed } : {}),
      }),
    guard,
  )

  handle(
    api,
    frontCommandCall,
    async ({ machineId, command, speed }, request) => {
      const auth = authOf(request)
      // a fixed one-second window per user in the shared cache: every node counts the same commands
      const second = Math.floor(Date.now() / 1000)
      const count = await ctx.cache.incr(`video:ptz:${auth.tenantId}:${auth.userId}:${second}`, 2)
      if (count > PTZ_PER_SECOND) throw new AppError(429, VIDEO_TEXT.tooFast)
      const machine = await load(auth, machineId)
      await media(() => service.client.ptz(machine, command, speed ?? 5))
      return {}
    },
    guard,
  )
}

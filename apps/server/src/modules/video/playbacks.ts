import {
  PLAYBACK_IDLE_SECONDS,
  PLAYBACK_STATE,
  type PlaybackReply,
  VIDEO_TEXT,
} from '@xpark/contract/modules/video'
import { and, eq, lt, ne } from 'drizzle-orm'
import type { z } from 'zod'
import type { AuthContext } from '../../core/auth/tokens.js'
import { AppError, badRequest, notFound } from '../../core/errors.js'
import type { ModuleContext } from '../../core/module.js'
import { stamped } from '../../core/tenancy.js'
import { type MediaService, media, type PlayerMachineLoader } from './player.js'
import { videoPlayback } from './schema.js'

/**
 * The playback rules (issue 28): a playback belongs to the user who started it; playing ⇄ paused →
 * stopped; a seek stays inside the recording (`超出录像范围`); another user's playback, or one that
 * ended (stopped, or idle 60 s), is 409. The media server is asked first: when it refuses, nothing
 * changes here.
 */

type Row = typeof videoPlayback.$inferSelect
export type PlaybackAction = 'pause' | 'resume' | 'stop' | 'seek' | 'speed' | 'keepalive'

const { playing, paused, stopped } = PLAYBACK_STATE
const conflict = (message: string) => new AppError(409, message)

/** `yyyy-MM-dd` alone is the day's start */
const full = (time: string) => (time.length === 10 ? `${time} 00:00:00` : time)
const seconds = (from: string, to: string) =>
  Math.round(
    (Date.parse(`${full(to).replace(' ', 'T')}Z`) - Date.parse(`${full(from).replace(' ', 'T')}Z`)) / 1000,
  )

export const replyOf = (row: Row): z.input<typeof PlaybackReply> => ({
  id: row.id,
  machineId: row.machineId,
  url: row.url,
  kind: row.kind === 'flv' ? 'flv' : 'hls',
  stream: row.stream,
  startTime: row.startTime,
  endTime: row.endTime,
  state: row.state,
  speed: row.speed,
  position: row.position,
})

/** From → to of each action; `keepalive`, `seek` and `speed` keep the state. */
const ALLOWED: Record<PlaybackAction, readonly number[]> = {
  pause: [playing],
  resume: [paused],
  stop: [playing, paused],
  seek: [playing, paused],
  speed: [playing, paused],
  keepalive: [playing, paused],
}
const NEXT: Partial<Record<PlaybackAction, number>> = { pause: paused, resume: playing, stop: stopped }

export class Playbacks {
  constructor(
    private readonly ctx: ModuleContext,
    private readonly service: MediaService,
    private readonly load: PlayerMachineLoader,
    private readonly now: () => number = Date.now,
  ) {}

  private get db() {
    return this.ctx.database.db
  }

  private idle(row: Row): boolean {
    return row.lastActiveAt.getTime() < this.now() - PLAYBACK_IDLE_SECONDS * 1000
  }

  /** a day's recordings, as the machine's media server lists them */
  async recordings(auth: AuthContext, machineId: string, day: string) {
    const machine = await this.load(auth, machineId)
    return media(() => this.service.client.queryRecords(machine, day))
  }

  async start(auth: AuthContext, machineId: string, startTime: string, endTime: string) {
    const [from, to] = [full(startTime), full(endTime)]
    if (seconds(from, to) <= 0) throw badRequest(VIDEO_TEXT.badRange)
    const machine = await this.load(auth, machineId)
    const records = await media(() => this.service.client.queryRecords(machine, from.slice(0, 10)))
    if (!records.some((r) => r.startTime <= from && from <= r.endTime))
      throw badRequest(VIDEO_TEXT.outOfRange)
    const stream = await media(() => this.service.client.startPlayback(machine, from, to))
    const values = stamped(videoPlayback, auth, {
      userId: auth.userId,
      machineId: machine.machineId,
      stream: stream.stream,
      url: stream.url,
      kind: stream.kind,
      startTime: from,
      endTime: to,
      state: playing,
      lastActiveAt: new Date(this.now()),
    })
    const [row] = await this.db
      .insert(videoPlayback)
      .values(values as typeof videoPlayback.$inferInsert)
      .returning()
    return replyOf(row as Row)
  }

  /** One control of the caller's own live playback. */
  async act(
    auth: AuthContext,
    id: string,
    action: PlaybackAction,
    input: { time?: string; speed?: number } = {},
  ) {
    const [row] = await this.db
      .select()
      .from(videoPlayback)
      .where(
        and(
          eq(videoPlayback.id, id),
          eq(videoPlayback.tenantId, auth.tenantId),
          eq(videoPlayback.isDeleted, 0),
        ),
      )
    if (!row) throw notFound('回放不存在')
    if (row.userId !== auth.userId) throw conflict(VIDEO_TEXT.notYours)
    if (row.state === stopped) throw conflict(VIDEO_TEXT.ended)
    if (this.idle(row)) {
      await this.end(row)
      throw conflict(VIDEO_TEXT.ended)
    }
    if (!ALLOWED[action].includes(row.state)) throw conflict(VIDEO_TEXT.badState)
    const change: Partial<Row> = { lastActiveAt: new Date(this.now()) }
    let value: number | undefined
    if (action === 'seek') {
      const time = full(input.time ?? '')
      if (!input.time || time < row.startTime || time > row.endTime) throw badRequest(VIDEO_TEXT.outOfRange)
      value = seconds(row.startTime, time)
      change.position = value
    }
    if (action === 'speed') {
      if (input.speed === undefined) throw badRequest('speed: required')
      value = input.speed
      change.speed = value
    }
    const next = NEXT[action]
    if (next !== undefined) change.state = next
    if (action !== 'keepalive') {
      const machine = await this.load(auth, row.machineId)
      await media(() => this.service.client.playback(machine, row.stream, action, value))
    }
    // the state read above must still hold: of two racing controls, the second is told
    const [updated] = await this.db
      .update(videoPlayback)
      .set({ ...change, updateTime: new Date(this.now()), updateUser: auth.userId })
      .where(and(eq(videoPlayback.id, id), eq(videoPlayback.state, row.state)))
      .returning()
    if (!updated) throw conflict(VIDEO_TEXT.badState)
    return replyOf(updated)
  }

  /** Stop a playback (its media stream too, best effort: the server may have dropped it already). */
  private async end(row: Row): Promise<void> {
    const machine = await this.service.byId(row.tenantId, row.machineId)
    if (machine) await this.service.client.playback(machine, row.stream, 'stop').catch(() => undefined)
    await this.db
      .update(videoPlayback)
      .set({ state: stopped, updateTime: new Date(this.now()) })
      .where(and(eq(videoPlayback.id, row.id), ne(videoPlayback.state, stopped)))
  }

  /** The idle rule, for every tenant: playbacks no call touched for 60 s are stopped. */
  async stopIdle(): Promise<number> {
    const rows = await this.db
      .select()
      .from(videoPlayback)
      .where(
        and(
          ne(videoPlayback.state, stopped),
          lt(videoPlayback.lastActiveAt, new Date(this.now() - PLAYBACK_IDLE_SECONDS * 1000)),
        ),
      )
      .limit(500)
    for (const row of rows) await this.end(row)
    return rows.length
  }
}

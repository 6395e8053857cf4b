import { TRIGGER } from '@xpark/contract/modules/meeting'
import { and, eq, gt, isNull, lt, or, type SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { isoWeekday } from '../../core/days.js'
import { type DeviceSubscription, eventEnvelope, subscription } from '../../core/devices/index.js'
import { deviceCommand } from '../../core/devices/schema.js'
import { AppError } from '../../core/errors.js'
import type { ModuleContext } from '../../core/module.js'
import type { Tx } from '../../db/client.js'
import { parkMachine } from '../device/index.js'
import { linkageRunner, runScene } from './scene-run.js'
import type { MeetingChange } from './schedule.js'
import { sceneLinkage } from './schema.js'

/**
 * Scene linkage: triggers firing scenes, each run with source LINKAGE by the linkage's author.
 * - meeting start / end of a room (or any room): fired after the state change has committed
 *   (switchMeeting, endMeeting, the meetings' clock);
 * - a schedule (time of day on weekdays, the server's time zone): a job every 30 s, once per day
 *   and linkage across server processes (`lastFiredAt` claimed by a conditional update);
 * - a device event (machine + event type): a manifest subscription, handled once per event id even
 *   when delivered twice (the device layer's repeat keys), the scene fired after the commit.
 * No loops: a linkage-started scene starts no linkage. Its commands are logged with source LINKAGE,
 * and an event from a machine that such a run commanded in the last QUIET_MS (the machine
 * reporting what the scene did) fires nothing.
 */
export const QUIET_MS = 15_000

/** The app's logger for what runs outside a request (jobs, device events), remembered by the routes. */
const logs = new WeakMap<ModuleContext, FastifyBaseLogger>()
export const rememberLog = (ctx: ModuleContext, log: FastifyBaseLogger) => void logs.set(ctx, log)
const silent = { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger
export const logOf = (ctx: ModuleContext): FastifyBaseLogger => logs.get(ctx) ?? silent

/**
 * The app the kit's action hooks fire for (`endMeeting`'s `after` has no module context): set when the
 * module's routes are registered. One app per process (tests: one per file); a second app in the same
 * process takes it over.
 */
let bound: ModuleContext | undefined
export const bindLinkage = (ctx: ModuleContext, log: FastifyBaseLogger) => {
  rememberLog(ctx, log)
  bound = ctx
}
/** Fire meeting changes for the bound app (nothing when none is bound). */
export const fireBoundMeetingChanges = (
  changes: readonly Pick<MeetingChange, 'tenantId' | 'roomId' | 'kind'>[],
) => {
  if (bound) fireMeetingChangesLater(bound, logOf(bound), changes)
}

type Linkage = { id: string; tenantId: string; sceneId: string; createUser: string | null }

const selection = {
  id: sceneLinkage.id,
  tenantId: sceneLinkage.tenantId,
  sceneId: sceneLinkage.sceneId,
  createUser: sceneLinkage.createUser,
}

const live = (...conditions: (SQL | undefined)[]) =>
  and(eq(sceneLinkage.isDeleted, 0), eq(sceneLinkage.status, 1), ...conditions)

/** Run each linkage's scene in the background; a scene already running (409) is skipped and said so. */
export function fire(
  ctx: ModuleContext,
  log: FastifyBaseLogger,
  linkages: readonly Linkage[],
): Promise<unknown> {
  return Promise.all(
    linkages.map(async (l) => {
      const who = { tenantId: l.tenantId, userId: l.createUser ?? '0', deptIds: [] as string[] }
      try {
        await runScene(ctx, { who, sceneId: l.sceneId, source: 'LINKAGE', runner: linkageRunner(ctx, who) })
      } catch (error) {
        if (error instanceof AppError)
          log.warn({ linkage: l.id, scene: l.sceneId, msg: error.message }, 'linkage: scene not run')
        else log.error({ err: error, linkage: l.id }, 'linkage: scene failed')
      }
    }),
  )
}

/** The meeting triggers of these changes (after their transaction committed). */
export async function fireMeetingChanges(
  ctx: ModuleContext,
  log: FastifyBaseLogger,
  changes: readonly Pick<MeetingChange, 'tenantId' | 'roomId' | 'kind'>[],
): Promise<void> {
  for (const c of changes) {
    const linkages = await ctx.database.db
      .select(selection)
      .from(sceneLinkage)
      .where(
        live(
          eq(sceneLinkage.tenantId, c.tenantId),
          eq(sceneLinkage.triggerType, c.kind === 'start' ? TRIGGER.meetingStart : TRIGGER.meetingEnd),
          or(isNull(sceneLinkage.roomId), eq(sceneLinkage.roomId, c.roomId)),
        ),
      )
    await fire(ctx, log, linkages)
  }
}

/** Fire without waiting (a route's answer or a job does not wait for the scenes). */
export const fireMeetingChangesLater = (
  ctx: ModuleContext,
  log: FastifyBaseLogger,
  changes: readonly Pick<MeetingChange, 'tenantId' | 'roomId' | 'kind'>[],
) => {
  if (changes.length)
    void fireMeetingChanges(ctx, log, changes).catch((error) =>
      log.error({ err: error }, 'linkage: meeting triggers'),
    )
}

const WINDOW_MS = 120_000

/** The schedule's job: linkages whose time of day fell in the last two minutes, today a chosen weekday. */
export async function fireSchedules(
  ctx: ModuleContext,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<number> {
  const db = ctx.database.db
  const rows = await db
    .select({ ...selection, timeOfDay: sceneLinkage.timeOfDay, weekdays: sceneLinkage.weekdays })
    .from(sceneLinkage)
    .where(live(eq(sceneLinkage.triggerType, TRIGGER.schedule)))
  const due: Linkage[] = []
  for (const r of rows) {
    const [h, m] = r.timeOfDay.split(':').map(Number)
    if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) continue
    const at = new Date(now)
    at.setHours(h, m, 0, 0)
    if (at > now || now.getTime() - at.getTime() >= WINDOW_MS) continue
    if (!r.weekdays.split(',').includes(String(isoWeekday(at)))) continue
    // one process, once: the first to move lastFiredAt past today's time fires it
    const [claimed] = await db
      .update(sceneLinkage)
      .set({ lastFiredAt: now })
      .where(
        and(
          eq(sceneLinkage.id, r.id),
          or(isNull(sceneLinkage.lastFiredAt), lt(sceneLinkage.lastFiredAt, at)),
        ),
      )
      .returning({ id: sceneLinkage.id })
    if (claimed) due.push(r)
  }
  void fire(ctx, log, due)
  return due.length
}

/**
 * Which events may fire a linkage, per tenant: the (machine code, event type) pairs of its live
 * device-event linkages, read once and kept TRIGGERS_MS, so that the park's other events (a thousand
 * punches a second) open no statement for the linkages. A linkage saved here is seen at the next
 * event (the index is dropped); one saved on another node within TRIGGERS_MS.
 */
const TRIGGERS_MS = 5_000
let triggersGeneration = 0
const triggerIndex = new WeakMap<
  ModuleContext,
  Map<string, { pairs: Promise<Set<string>>; at: number; generation: number }>
>()
export const linkagesChanged = () => void triggersGeneration++

async function mayFire(ctx: ModuleContext, tenantId: string, code: string, type: string): Promise<boolean> {
  const byTenant = triggerIndex.get(ctx) ?? new Map()
  triggerIndex.set(ctx, byTenant)
  let entry = byTenant.get(tenantId)
  if (!entry || entry.generation !== triggersGeneration || Date.now() - entry.at > TRIGGERS_MS) {
    const pairs = ctx.database.db
      .select({ code: parkMachine.code, type: sceneLinkage.eventType })
      .from(sceneLinkage)
      .innerJoin(parkMachine, eq(parkMachine.id, sceneLinkage.machineId))
      .where(
        live(
          eq(sceneLinkage.tenantId, tenantId),
          eq(sceneLinkage.triggerType, TRIGGER.deviceEvent),
          eq(parkMachine.isDeleted, 0),
        ),
      )
      .then((rows) => new Set(rows.map((r) => `${r.code}\u0000${r.type}`)))
    const made = { pairs, at: Date.now(), generation: triggersGeneration }
    byTenant.set(tenantId, made)
    pairs.catch(() => byTenant.get(tenantId) === made && byTenant.delete(tenantId))
    entry = made
  }
  return (await entry.pairs).has(`${code}\u0000${type}`)
}

/** A device event's linkages (in the event's transaction); what to fire once it has committed. */
async function eventLinkages(tx: Tx, tenantId: string, code: string, type: string, at: Date) {
  const [machine] = await tx
    .select({ id: parkMachine.id })
    .from(parkMachine)
    .where(and(eq(parkMachine.tenantId, tenantId), eq(parkMachine.code, code), eq(parkMachine.isDeleted, 0)))
  if (!machine) return []
  const linkages = await tx
    .select(selection)
    .from(sceneLinkage)
    .where(
      live(
        eq(sceneLinkage.tenantId, tenantId),
        eq(sceneLinkage.triggerType, TRIGGER.deviceEvent),
        eq(sceneLinkage.machineId, machine.id),
        eq(sceneLinkage.eventType, type),
      ),
    )
  if (!linkages.length) return []
  // the machine telling what a linkage's scene just did to it: no loop
  const [echo] = await tx
    .select({ id: deviceCommand.id })
    .from(deviceCommand)
    .where(
      and(
        eq(deviceCommand.tenantId, tenantId),
        eq(deviceCommand.machineId, machine.id),
        eq(deviceCommand.source, 'LINKAGE'),
        gt(deviceCommand.createTime, new Date(at.getTime() - QUIET_MS)),
      ),
    )
    .limit(1)
  return echo ? [] : linkages
}

/** The manifest's subscription: every machine event, its linkages fired once per event id. */
export function linkageSubscriptions(ctx: ModuleContext): DeviceSubscription[] {
  return [
    subscription({
      kind: 'event',
      // the type's own fields ride along; the linkage reads the envelope only
      payload: eventEnvelope.loose(),
      wants: (m) => mayFire(ctx, m.tenantId, m.machine, m.payload.type),
      handle: async (message, tx) => {
        const linkages = await eventLinkages(
          tx,
          message.tenantId,
          message.machine,
          message.payload.type,
          message.receivedAt,
        )
        if (!linkages.length) return
        await tx
          .update(sceneLinkage)
          .set({ lastFiredAt: message.receivedAt })
          .where(or(...linkages.map((l) => eq(sceneLinkage.id, l.id))))
        return async () => void (await fire(ctx, logOf(ctx), linkages))
      },
    }),
  ]
}

import { ALARM, ALARM_EVENT, ALARM_LEVEL_NAMES, ALARM_TOPIC } from '@xpark/contract/modules/alarm'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { nextId } from '../../core/ids.js'
import type { ModuleContext } from '../../core/module.js'
import { tenantChannel } from '../../core/realtime/index.js'
import type { Tx } from '../../db/client.js'
import { user } from '../identity/index.js'
import { sendMessage } from '../message/index.js'
import { resourceService } from '../resource/index.js'
import { alarm, alarmGroup, alarmNotice, alarmRule } from './schema.js'

/**
 * One record shape for every alarm (a machine's reading or event, another system's report): opened,
 * or counted on the open one of its (rule, machine) — the partial unique index decides, so two nodes
 * racing open one. Fan-out (messages, SMS, the live event) runs after the commit, once per alarm and
 * person (`xpark_alarm_notice`).
 */
export interface RaiseInput {
  tenantId: string
  ruleId: string | null
  machineId: string | null
  machineCode: string
  source: number
  alarmType: string
  level: number
  content: string
  value: number | null
  at: Date
}

export interface Raised {
  id: string
  tenantId: string
  count: number
  /** a new alarm (else a further crossing counted on the open one) */
  opened: boolean
}

const OPEN = sql`status < 2 and is_deleted = 0`

export const dedupeKeyOf = (i: Pick<RaiseInput, 'ruleId' | 'alarmType' | 'machineId' | 'machineCode'>) =>
  `${i.ruleId ? `r${i.ruleId}` : `x${i.alarmType}`}/m${i.machineId ?? i.machineCode}`.slice(0, 80)

export async function raiseAlarm(tx: Tx, input: RaiseInput): Promise<Raised> {
  const [row] = await tx
    .insert(alarm)
    .values({
      id: nextId(),
      tenantId: input.tenantId,
      dedupeKey: dedupeKeyOf(input),
      ruleId: input.ruleId,
      machineId: input.machineId,
      machineCode: input.machineCode,
      source: input.source,
      alarmType: input.alarmType,
      level: input.level,
      content: input.content.slice(0, 255),
      value: input.value,
      count: 1,
      firstTime: input.at,
      lastTime: input.at,
      status: ALARM.open,
      createTime: input.at,
      updateTime: input.at,
    })
    .onConflictDoUpdate({
      target: [alarm.tenantId, alarm.dedupeKey],
      targetWhere: OPEN,
      set: {
        count: sql`${alarm.count} + 1`,
        lastTime: input.at,
        value: input.value,
        updateTime: input.at,
      },
    })
    .returning({ id: alarm.id, count: alarm.count, opened: sql<boolean>`(xmax = 0)` })
  return { id: row!.id, tenantId: input.tenantId, count: row!.count, opened: row!.opened === true }
}

/** Tell the records' screens (and badges, big screens) that alarms changed. */
export async function publishAlarms(
  ctx: Pick<ModuleContext, 'realtime'>,
  tenantId: string,
  changes: readonly { id: string; opened?: boolean; status?: number }[],
): Promise<void> {
  if (changes.length)
    await ctx.realtime.publish(tenantChannel(tenantId, ALARM_TOPIC), { event: ALARM_EVENT, data: changes })
}

/** The people of the alarm's groups, and those of them an SMS goes to (their group's level reached). */
async function audience(ctx: ModuleContext, tenantId: string, groupIds: readonly string[], level: number) {
  if (!groupIds.length) return { members: [], sms: [] }
  const groups = await ctx.database.db
    .select({ userIds: alarmGroup.userIds, smsLevel: alarmGroup.smsLevel })
    .from(alarmGroup)
    .where(
      and(
        eq(alarmGroup.tenantId, tenantId),
        inArray(alarmGroup.id, [...groupIds]),
        eq(alarmGroup.isDeleted, 0),
      ),
    )
  const members = new Set<string>()
  const sms = new Set<string>()
  for (const g of groups)
    for (const id of g.userIds.split(',').filter(Boolean)) {
      members.add(id)
      if (g.smsLevel > 0 && level >= g.smsLevel) sms.add(id)
    }
  return { members: [...members], sms: [...sms] }
}

/** Claim the notices not yet written (one per alarm, person and channel): who is still to be told. */
async function claim(tx: Tx, tenantId: string, alarmId: string, userIds: readonly string[], channel: string) {
  if (!userIds.length) return []
  const rows = await tx
    .insert(alarmNotice)
    .values(userIds.map((userId) => ({ id: nextId(), tenantId, alarmId, userId, channel })))
    .onConflictDoNothing()
    .returning({ userId: alarmNotice.userId })
  return rows.map((r) => r.userId)
}

/**
 * After the alarm's transaction has committed: the live event, and for a new alarm a message to
 * every member of its rule's groups and an SMS to those whose group's level it reaches.
 */
export async function fanOut(ctx: ModuleContext, app: FastifyInstance, raised: Raised): Promise<void> {
  await publishAlarms(ctx, raised.tenantId, [{ id: raised.id, opened: raised.opened }])
  if (!raised.opened) return
  const [row] = await ctx.database.db
    .select({
      id: alarm.id,
      level: alarm.level,
      content: alarm.content,
      machineCode: alarm.machineCode,
      groupIds: alarmRule.groupIds,
    })
    .from(alarm)
    .leftJoin(alarmRule, eq(alarmRule.id, alarm.ruleId))
    .where(and(eq(alarm.id, raised.id), eq(alarm.tenantId, raised.tenantId)))
  if (!row) return
  const groupIds = (row.groupIds ?? '').split(',').filter(Boolean)
  const { members, sms } = await audience(ctx, raised.tenantId, groupIds, row.level)
  if (!members.length) return
  const level = ALARM_LEVEL_NAMES[row.level] ?? String(row.level)
  const title = `【${level}告警】${row.content}`.slice(0, 255)
  const texting = await ctx.database.db.transaction(async (tx) => {
    const told = await claim(tx, raised.tenantId, row.id, members, 'message')
    await sendMessage(ctx, tx, {
      tenantId: raised.tenantId,
      userIds: told,
      title,
      content: row.machineCode ? `设备 ${row.machineCode}: ${row.content}` : row.content,
      module: 'alarm',
      link: '/alarm/record',
    })
    return claim(tx, raised.tenantId, row.id, sms, 'sms')
  })
  if (!texting.length) return
  const phones = await ctx.database.db
    .select({ phone: user.phone })
    .from(user)
    .where(and(inArray(user.id, texting), eq(user.isDeleted, 0)))
  const numbers = phones.map((p) => p.phone).filter(Boolean)
  if (!numbers.length) return
  await resourceService(ctx).sendSms(
    { app, owner: { tenantId: raised.tenantId, createBy: 'alarm' } },
    raised.tenantId,
    { phones: numbers, params: { level, content: row.content.slice(0, 60) } },
  )
}

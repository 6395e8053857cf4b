import { ALARM_LEVEL_NAMES, ALARM_TOPIC, alarmContract } from '@xpark/contract/modules/alarm'
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm'
import { z } from 'zod'
import { dayBounds, dayOf } from '../../core/days.js'
import { formatDateTime } from '../../core/envelope.js'
import { defineStatistic, figure } from '../../core/statistics/index.js'
import { readerWhere, viewCode } from '../../core/statistics/parts.js'
import { parkMachine } from '../device/index.js'
import { alarms } from './resources.js'
import { alarm, alarmRule } from './schema.js'

/**
 * The alarms' statistics (docs/modules.md "Statistics"): today's by level and the latest few for a
 * ticker. Alarms are the park's, not a person's (the list has no data scope): a figure names a rule,
 * a type, a level and a machine or its place, never who claimed or closed it. `alarm.byDay` reads the
 * analysis's daily aggregates and is declared there (the analysis imports alarms, not the reverse).
 */

const VIEW = viewCode(alarmContract.permissions.view)
const LEVELS = Object.keys(ALARM_LEVEL_NAMES).map(Number)

/** The event types' names (dict `alarm_event_type`); another system's or a metric's type as sent. */
const TYPE_NAMES: Record<string, string> = { forcedOpen: '强行开门', offline: '设备离线', smoke: '烟雾告警' }

export const alarmsToday = defineStatistic({
  name: 'alarm.today',
  title: '今日告警',
  en: 'Alarms today',
  kinds: ['number', 'pie'],
  permission: VIEW,
  params: z.object({}),
  live: ALARM_TOPIC,
  run: async (_, reader) => {
    const [start, end] = dayBounds(dayOf(reader.now))
    // raised today: an alarm's last time is never before its first (the time index serves it)
    const rows = await reader.db
      .select({ level: alarm.level, count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(alarm)
      .where(
        await readerWhere(
          alarms,
          reader,
          and(gte(alarm.lastTime, start), gte(alarm.firstTime, start), lt(alarm.firstTime, end)),
        ),
      )
      .groupBy(alarm.level)
    const count = (level: number) => rows.find((r) => r.level === level)?.count ?? 0
    return figure({
      value: rows.reduce((n, r) => n + r.count, 0),
      unit: '条',
      labels: LEVELS.map((l) => ALARM_LEVEL_NAMES[l]!),
      series: [{ name: '告警', data: LEVELS.map(count) }],
    })
  },
})

export const recentAlarms = defineStatistic({
  name: 'alarm.recent',
  title: '最新告警',
  en: 'Latest alarms',
  kinds: ['ticker', 'ranking'],
  permission: VIEW,
  params: z.object({}),
  live: ALARM_TOPIC,
  run: async (_, reader) => {
    const rows = await reader.db
      .select({
        time: alarm.lastTime,
        type: alarm.alarmType,
        rule: alarmRule.name,
        level: alarm.level,
        machine: parkMachine.name,
        location: parkMachine.location,
        code: alarm.machineCode,
      })
      .from(alarm)
      .leftJoin(alarmRule, and(eq(alarmRule.id, alarm.ruleId), eq(alarmRule.tenantId, alarm.tenantId)))
      .leftJoin(
        parkMachine,
        and(eq(parkMachine.id, alarm.machineId), eq(parkMachine.tenantId, alarm.tenantId)),
      )
      .where(await readerWhere(alarms, reader))
      .orderBy(desc(alarm.lastTime), desc(alarm.id))
      .limit(20)
    const typeOf = (t: string) => TYPE_NAMES[t] ?? t
    return figure({
      columns: [
        { key: 'time', title: '时间' },
        { key: 'type', title: '类型' },
        { key: 'alarm', title: '告警' },
        { key: 'level', title: '级别' },
        { key: 'place', title: '位置' },
      ],
      rows: rows.map((r) => ({
        time: formatDateTime(r.time),
        type: typeOf(r.type),
        // the rule's name, or the type another system sent: never the free text (it may name anyone)
        alarm: r.rule ?? typeOf(r.type),
        level: ALARM_LEVEL_NAMES[r.level] ?? String(r.level),
        place: [r.location, r.machine ?? r.code].filter(Boolean).join(' ') || '',
      })),
    })
  },
})

export const ALARM_STATISTICS = [alarmsToday, recentAlarms]

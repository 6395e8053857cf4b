import { RULE_KIND, RULE_SCOPE } from '@xpark/contract/modules/alarm'
import { isoWeekday } from '../../core/days.js'
import type { alarmRule } from './schema.js'

/**
 * A rule compiled for evaluation in memory: what it watches (a metric with its comparison, or an
 * event type), which machines, and when. Pure functions: the engine feeds them readings and events.
 */
export interface CompiledRule {
  id: string
  tenantId: string
  name: string
  kind: number
  metric: string
  compare: (value: number) => boolean
  threshold: number | null
  operator: string
  holdMs: number
  eventType: string
  scopeType: number
  machineType: number | null
  roomId: string | null
  warehouseId: string | null
  machineIds: ReadonlySet<string>
  /** ISO weekdays; empty: every day */
  weekdays: ReadonlySet<number>
  /** minutes of the day; null: all day */
  from: number | null
  to: number | null
  level: number
  groupIds: readonly string[]
}

/** What a rule needs to know of a machine to say whether it watches it. */
export interface MachineFacts {
  id: string
  code: string
  name: string
  type: number
  roomId: string | null
  warehouseId: string | null
}

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '=': (a, b) => a === b,
  '!=': (a, b) => a !== b,
}

const minutes = (hhmm: string): number | null => {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm)
  return m ? Number(m[1]) * 60 + Number(m[2]) : null
}

const list = (csv: string) => csv.split(',').filter(Boolean)

export function compileRule(row: typeof alarmRule.$inferSelect): CompiledRule {
  const compare = COMPARE[row.operator]
  const threshold = row.threshold
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    kind: row.kind,
    metric: row.metric,
    compare: compare && threshold !== null ? (v) => compare(v, threshold) : () => false,
    threshold,
    operator: row.operator,
    holdMs: row.holdSeconds * 1000,
    eventType: row.eventType,
    scopeType: row.scopeType,
    machineType: row.machineType,
    roomId: row.roomId,
    warehouseId: row.warehouseId,
    machineIds: new Set(list(row.machineIds)),
    weekdays: new Set(list(row.weekdays).map(Number)),
    from: minutes(row.timeFrom),
    to: minutes(row.timeTo),
    level: row.level,
    groupIds: list(row.groupIds),
  }
}

export function watches(rule: CompiledRule, machine: MachineFacts): boolean {
  switch (rule.scopeType) {
    case RULE_SCOPE.type:
      return rule.machineType === machine.type
    case RULE_SCOPE.place:
      return (
        (rule.roomId !== null && rule.roomId === machine.roomId) ||
        (rule.warehouseId !== null && rule.warehouseId === machine.warehouseId)
      )
    case RULE_SCOPE.list:
      return rule.machineIds.has(machine.id)
    default:
      return false
  }
}

/**
 * Whether the rule is on at this moment (server time zone): a chosen weekday, inside the hours.
 * Hours from after to run over midnight (22:00–06:00); the night's early part counts for the day it
 * started on.
 */
export function inSchedule(rule: CompiledRule, at: Date): boolean {
  const now = at.getHours() * 60 + at.getMinutes()
  const { from, to } = rule
  let day = isoWeekday(at)
  if (from !== null && to !== null) {
    if (from <= to) {
      if (now < from || now >= to) return false
    } else if (now < from && now >= to) return false
    else if (now < to) day = day === 1 ? 7 : day - 1
  }
  return rule.weekdays.size === 0 || rule.weekdays.has(day)
}

/** The reading of the rule's metric in a telemetry payload, when it is a number. */
export function readingOf(
  rule: CompiledRule,
  payload: Readonly<Record<string, unknown>>,
): number | undefined {
  if (rule.kind !== RULE_KIND.metric) return undefined
  const v = payload[rule.metric]
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined
}

/** The alarm's text: `温度过高: temperature 81 > 80` / `强行开门`. */
export function describe(rule: CompiledRule, value?: number): string {
  return rule.kind === RULE_KIND.metric
    ? `${rule.name}: ${rule.metric} ${value} ${rule.operator} ${rule.threshold}`
    : `${rule.name}: ${rule.eventType}`
}

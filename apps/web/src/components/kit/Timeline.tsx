import { Empty, Tooltip } from 'antd'
import type { CSSProperties, ReactNode } from 'react'

/**
 * A time line (the kit's `timeline` widget): rows over one stretch of time, each with spans (what was
 * planned: a shift, a stay) and marks (what happened: a punch, a pass at a door). Generic: the clock
 * line of attendance and a person's track use it with their own rows. Times are instants (Date, epoch
 * ms, or `yyyy-MM-dd HH:mm:ss` as the server sends them); what falls outside `from`–`to` is clipped
 * (spans) or left out (marks).
 */

export type TimelineTone = 'default' | 'success' | 'warning' | 'error'
export type Instant = Date | number | string

export interface TimelineSpan {
  start: Instant
  end: Instant
  label?: ReactNode
  tone?: TimelineTone
}

export interface TimelineMark {
  at: Instant
  label?: ReactNode
  tone?: TimelineTone
}

export interface TimelineRow {
  key: string
  /** the row's heading (a person, a day) */
  label: ReactNode
  spans?: readonly TimelineSpan[]
  marks?: readonly TimelineMark[]
  /** beside the track (a status tag) */
  extra?: ReactNode
}

export interface TimelineProps {
  rows: readonly TimelineRow[]
  from: Instant
  to: Instant
  /** a tick every this many minutes (default: about eight ticks over the range) */
  tickMinutes?: number
  /** a tick's text (default `HH:mm`) */
  formatTick?: (at: Date) => string
  onMark?: (row: TimelineRow, mark: TimelineMark) => void
  /** what shows without rows */
  empty?: ReactNode
  labelWidth?: number
  testId?: string
}

const TONES: Record<TimelineTone, string> = {
  default: '#1677ff',
  success: '#52c41a',
  warning: '#faad14',
  error: '#ff4d4f',
}

/** An instant as epoch ms: a server text `yyyy-MM-dd HH:mm:ss` is local time. */
export function instantOf(value: Instant): number {
  if (value instanceof Date) return value.getTime()
  if (typeof value === 'number') return value
  return new Date(value.includes('T') ? value : value.replace(' ', 'T')).getTime()
}

/** Where an instant sits on the track, as a percentage (clamped to 0–100). */
export function positionOf(at: number, from: number, to: number): number {
  if (to <= from) return 0
  return Math.min(100, Math.max(0, ((at - from) / (to - from)) * 100))
}

const NICE_MINUTES = [15, 30, 60, 120, 180, 240, 360, 720, 1440]

/** The ticks between from and to (on whole multiples of the step, local time). */
export function ticksOf(from: number, to: number, tickMinutes?: number): number[] {
  if (to <= from) return []
  const span = (to - from) / 60_000
  const step = (tickMinutes ?? NICE_MINUTES.find((m) => span / m <= 8) ?? 1440) * 60_000
  const offset = new Date(from).getTimezoneOffset() * 60_000
  const ticks: number[] = []
  for (let t = Math.ceil((from - offset) / step) * step + offset; t <= to; t += step) ticks.push(t)
  return ticks
}

/** Items with keys of their own (an instant; a repeat of it numbered), not their places in the list. */
function keyed<T>(items: readonly T[], keyOf: (item: T) => string): [string, T][] {
  const seen = new Map<string, number>()
  return items.map((item) => {
    const key = keyOf(item)
    const n = seen.get(key) ?? 0
    seen.set(key, n + 1)
    return [n ? `${key}#${n}` : key, item]
  })
}

const pad = (n: number) => String(n).padStart(2, '0')
const hhmm = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`

const track: CSSProperties = {
  position: 'relative',
  flex: 1,
  height: 28,
  background: '#f5f5f5',
  borderRadius: 4,
}

export function Timeline({
  rows,
  from,
  to,
  tickMinutes,
  formatTick = hhmm,
  onMark,
  empty,
  labelWidth = 140,
  testId = 'timeline',
}: TimelineProps) {
  const start = instantOf(from)
  const end = instantOf(to)
  if (!rows.length) return <div data-testid={testId}>{empty ?? <Empty />}</div>
  const ticks = ticksOf(start, end, tickMinutes)
  return (
    <div data-testid={testId} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div style={{ display: 'flex' }}>
        <div style={{ width: labelWidth }} />
        <div style={{ position: 'relative', flex: 1, height: 18 }}>
          {ticks.map((t) => (
            <span
              key={t}
              data-testid={`${testId}-tick`}
              style={{
                position: 'absolute',
                left: `${positionOf(t, start, end)}%`,
                transform: 'translateX(-50%)',
                fontSize: 12,
                color: '#8c8c8c',
              }}
            >
              {formatTick(new Date(t))}
            </span>
          ))}
        </div>
      </div>
      {rows.map((row) => (
        <div key={row.key} data-testid={`${testId}-row`} style={{ display: 'flex', alignItems: 'center' }}>
          <div style={{ width: labelWidth, paddingRight: 8, overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {row.label}
          </div>
          <div style={track}>
            {keyed(row.spans ?? [], (s) => `s${instantOf(s.start)}-${instantOf(s.end)}`).map(
              ([key, span]) => {
                const left = positionOf(instantOf(span.start), start, end)
                const right = positionOf(instantOf(span.end), start, end)
                if (right <= left) return null
                return (
                  <Tooltip key={key} title={span.label}>
                    <div
                      data-testid={`${testId}-span`}
                      style={{
                        position: 'absolute',
                        left: `${left}%`,
                        width: `${right - left}%`,
                        top: 8,
                        height: 12,
                        borderRadius: 3,
                        background: TONES[span.tone ?? 'default'],
                        opacity: 0.35,
                      }}
                    />
                  </Tooltip>
                )
              },
            )}
            {keyed(row.marks ?? [], (m) => `m${instantOf(m.at)}`).map(([key, mark]) => {
              const at = instantOf(mark.at)
              if (at < start || at > end) return null
              return (
                <Tooltip key={key} title={mark.label}>
                  <button
                    type="button"
                    aria-label={typeof mark.label === 'string' ? mark.label : formatTick(new Date(at))}
                    data-testid={`${testId}-mark`}
                    onClick={() => onMark?.(row, mark)}
                    style={{
                      position: 'absolute',
                      left: `${positionOf(at, start, end)}%`,
                      top: 6,
                      width: 16,
                      height: 16,
                      marginLeft: -8,
                      padding: 0,
                      borderRadius: '50%',
                      border: '2px solid #fff',
                      background: TONES[mark.tone ?? 'default'],
                      cursor: onMark ? 'pointer' : 'default',
                    }}
                  />
                </Tooltip>
              )
            })}
          </div>
          {row.extra !== undefined && <div style={{ paddingLeft: 8 }}>{row.extra}</div>}
        </div>
      ))}
    </div>
  )
}

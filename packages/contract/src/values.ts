import { z } from 'zod'

/**
 * The two kinds of input value every contract shares and no client may fake: numbers and calendar
 * dates. A leaf file (zod only) so both the kit's field builders and the older system schemas use it.
 */

/** A number as text: what BladeX clients send in forms and query strings beside JSON numbers. */
const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/

/**
 * A number as BladeX clients send it: a JSON number or a numeric string (trimmed). Anything else —
 * `true`, `[1]`, `{}`, `''`, `'abc'` — is refused with `message`, never converted (`z.coerce` took
 * `true` as 1 and `[]` as 0). `inner` carries the bounds (`z.number().int().min(0)`).
 */
export function numberInput<T extends z.ZodType<number, number>>(message: string, inner: T) {
  return z
    .union([z.number({ error: message }), z.string({ error: message }).trim().regex(NUMBER_TEXT, message)], {
      error: message,
    })
    .transform((v) => Number(v))
    .pipe(z.number({ error: message }).finite(message))
    .pipe(inner)
}

/**
 * An optional number: absent, `null` or `''` (a cleared input, as Saber sends it) leave the field
 * unwritten (the column keeps its value or its default); anything else must be a number.
 */
export function optionalNumberInput<T extends z.ZodType<number, number>>(message: string, inner: T) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), numberInput(message, inner).optional())
}

/** A whole number in [min, max], as `numberInput` takes it; `message` for every failure. */
export function integerInput(message: string, min: number, max: number) {
  return numberInput(message, z.number().int(message).min(min, message).max(max, message))
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const DAY_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** A day that exists: `2026-02-30`, `2026-13-01` and `0000-01-01` do not. */
function realDay(y: number, m: number, d: number): boolean {
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m)
}

/** `yyyy-MM-dd` naming a day of the calendar. */
export function isCalendarDay(value: string): boolean {
  const m = DAY.exec(value)
  return m !== null && realDay(Number(m[1]), Number(m[2]), Number(m[3]))
}

/** `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss` naming a real day and a real time of day. */
export function isCalendarDateTime(value: string): boolean {
  const m = DAY_TIME.exec(value)
  if (!m || !realDay(Number(m[1]), Number(m[2]), Number(m[3]))) return false
  if (m[4] === undefined) return true
  return Number(m[4]) <= 23 && Number(m[5]) <= 59 && Number(m[6]) <= 59
}

/** A required day, `yyyy-MM-dd`, that exists on the calendar. */
export const dayInput = (message: string) =>
  z.string({ error: message }).trim().refine(isCalendarDay, message)

/** A required `yyyy-MM-dd HH:mm:ss` (or `yyyy-MM-dd`) that exists on the calendar. */
export const dateTimeInput = (message: string) =>
  z.string({ error: message }).trim().refine(isCalendarDateTime, message)

/** The same, optional: `''` or `null` clears it (the console's cleared date picker). */
export const optionalDateTimeInput = (message: string) =>
  z.union([dateTimeInput(message), z.literal(''), z.null()], { error: message }).optional()

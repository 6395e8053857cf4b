import { z } from 'zod'
import { idString, optionalText, requiredText } from './schemas/common.js'
import {
  dateTimeInput,
  dayInput,
  integerInput,
  numberInput,
  optionalDateTimeInput,
  optionalNumberInput,
} from './values.js'

/**
 * Field builders the business contracts share, so a money field or a code means the same thing in
 * every module. Messages are i18n keys (the console translates them) or texts.
 */

export {
  dateTimeInput,
  dayInput,
  idString,
  integerInput,
  numberInput,
  optionalDateTimeInput,
  optionalNumberInput,
  optionalText,
  requiredText,
}

/** `0` (the root) or a 64-bit id. */
export const parentId = z
  .string({ error: 'must be an id or 0' })
  .regex(/^(0|[1-9]\d{0,18})$/, 'must be an id or 0')
  .optional()

/** A required reference to another row. */
export const reference = (message: string) => z.string({ error: message }).regex(/^[1-9]\d{0,18}$/, message)

/** Money in integer cents (fen): never a float on the wire or in the database. */
export const cents = (field: string, max = 10_000_000_000) =>
  numberInput(
    `${field}: must be an amount in cents`,
    z
      .number()
      .int(`${field}: must be an amount in cents`)
      .min(0, `${field}: cannot be negative`)
      .max(max, `${field}: too large`),
  )

/** A whole number within bounds (quantities, stock, counts); `message` replaces the messages. */
export const wholeNumber = (field: string, min = 0, max = 1_000_000_000, message?: string) =>
  numberInput(
    message ?? `${field}: must be a whole number`,
    z
      .number()
      .int(message ?? `${field}: must be a whole number`)
      .min(min, message ?? `${field}: at least ${min}`)
      .max(max, message ?? `${field}: at most ${max}`),
  )

/** The same, optional (absent, `null` or `''` leave it unwritten). */
export const optionalWholeNumber = (field: string, min = 0, max = 1_000_000_000, message?: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    wholeNumber(field, min, max, message).optional(),
  )

/** A choice among whole-number codes (a status, a type of a dictionary): `min..max`. */
export const choice = (message: string, min: number, max: number) => integerInput(message, min, max)

/** The same, optional. */
export const optionalChoice = (message: string, min: number, max: number) =>
  optionalNumberInput(message, z.number().int(message).min(min, message).max(max, message))

/**
 * An exact decimal (a quantity of 2.5 kg): a string on the wire and in the database (`numeric`), never
 * a float. Numbers are accepted and written as their decimal text. At most `scale` decimals and
 * `digits` digits before the point; `positive` refuses zero.
 */
export const decimal = (
  field: string,
  options: { scale?: number; digits?: number; positive?: boolean } = {},
) => {
  const { scale = 4, digits = 12, positive = false } = options
  const shape = new RegExp(`^\\d{1,${digits}}(\\.\\d{1,${scale}})?$`)
  return z
    .union([z.string(), z.number()], { error: `${field}: must be a decimal number` })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .pipe(
      z
        .string()
        .regex(shape, `${field}: at most ${digits} digits and ${scale} decimals, not negative`)
        .refine((v) => !positive || /[1-9]/.test(v), `${field}: must be greater than 0`),
    )
}

export const sort = optionalNumberInput(
  'sort must be a number',
  z
    .number()
    .int('sort must be a whole number')
    .min(0, 'sort: at least 0')
    .max(1_000_000, 'sort: at most 1000000'),
)

/**
 * `yyyy-MM-dd HH:mm:ss` or `yyyy-MM-dd`, as the console's date pickers send it, naming a real day and
 * time (`02-30` and `13-01` are refused); '' or null clears it.
 */
export const dateTime = (field: string) => optionalDateTimeInput(`${field}: yyyy-MM-dd HH:mm:ss`)

/** A required day, `yyyy-MM-dd`, that exists on the calendar. */
export const day = (field: string) => dayInput(`${field}: yyyy-MM-dd`)

/** A required date-time, `yyyy-MM-dd HH:mm:ss` (or `yyyy-MM-dd`), that exists on the calendar. */
export const requiredDateTime = (field: string) => dateTimeInput(`${field}: yyyy-MM-dd HH:mm:ss`)

const LINK = /^(https?:\/\/[^\s"'<>()]+|\/[^\s"'<>()]*|)$/

/** A link to a picture or file: an http(s) URL or a path of ours (uploads answer `/xparkApi/…`). */
export const link = (field: string, max = 500) =>
  z
    .string({ error: `${field}: must be a link` })
    .max(max, `${field}: at most ${max} characters`)
    .regex(LINK, `${field}: must be an http(s) address or a path`)
    .optional()

/**
 * A link that must be there. Not `link(…).refine(…)`: an absent optional key skips its refinements,
 * so the form would pass without it (and the NOT NULL column answer 500).
 */
export const requiredLink = (field: string, message: string, max = 500) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${field}: at most ${max} characters`)
    .regex(LINK, `${field}: must be an http(s) address or a path`)

/** A time of day as schedules write it: `HH:mm` (00:00 to 23:59). */
export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/

/** ISO weekdays, comma-joined: `1,2,3,4,5` (1 Monday … 7 Sunday). */
export const ISO_WEEKDAYS = /^[1-7](,[1-7]){0,6}$/

/** A code: letters, digits, `_` and `-` (unique per tenant where the resource says so). */
export const code = (message: string, max = 32) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${message} (at most ${max} characters)`)
    .regex(/^[A-Za-z0-9_-]+$/, `${message} (letters, digits, _ or -)`)

/** Wire forms of a row's fields. */
export const wire = {
  id: z.string(),
  optionalId: z.string().nullable(),
  text: z.string(),
  optionalText: z.string().nullable(),
  number: z.number(),
  optionalNumber: z.number().nullable(),
  /** an exact decimal (`numeric`) as text: `12.5000` */
  decimal: z.string(),
  optionalDecimal: z.string().nullable(),
  /** `yyyy-MM-dd HH:mm:ss` */
  date: z.string(),
  optionalDate: z.string().nullable(),
}

/**
 * Ids in one comma-joined text (`machineIds=1,2,3`, as BladeX clients send a batch): every one a
 * positive 64-bit id, at most `max` of them when given.
 */
export const idList = (message: string, max?: number) =>
  z
    .string({ error: message })
    .regex(new RegExp(`^[1-9]\\d{0,18}(,[1-9]\\d{0,18})${max ? `{0,${max - 1}}` : '*'}$`), message)

/** A reference that may be left out: absent or `''` names nothing (a filter's "all"). */
export const optionalReference = (message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), reference(message).optional())

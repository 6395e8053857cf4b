import { z } from 'zod'
import { idString, optionalText, requiredText } from './schemas/common.js'

/**
 * Field builders the business contracts share, so a money field or a code means the same thing in
 * every module. Messages are i18n keys (the console translates them) or texts.
 */

export { idString, optionalText, requiredText }

/** `0` (the root) or a 64-bit id. */
export const parentId = z
  .string({ error: 'must be an id or 0' })
  .regex(/^(0|[1-9]\d{0,18})$/, 'must be an id or 0')
  .optional()

/** A required reference to another row. */
export const reference = (message: string) => z.string({ error: message }).regex(/^[1-9]\d{0,18}$/, message)

/** Money in integer cents (fen): never a float on the wire or in the database. */
export const cents = (field: string, max = 10_000_000_000) =>
  z.coerce
    .number({ error: `${field}: must be an amount in cents` })
    .int(`${field}: must be an amount in cents`)
    .min(0, `${field}: cannot be negative`)
    .max(max, `${field}: too large`)

/** A whole number within bounds (quantities, stock, counts). */
export const wholeNumber = (field: string, min = 0, max = 1_000_000_000) =>
  z.coerce
    .number({ error: `${field}: must be a whole number` })
    .int(`${field}: must be a whole number`)
    .min(min, `${field}: at least ${min}`)
    .max(max, `${field}: at most ${max}`)

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

export const sort = z.coerce.number({ error: 'sort must be a number' }).int().min(0).max(1_000_000).optional()

/** `yyyy-MM-dd HH:mm:ss` or `yyyy-MM-dd`, as the console's date pickers send it; '' or null clears it. */
export const dateTime = (field: string) =>
  z
    .union([
      z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, `${field}: yyyy-MM-dd HH:mm:ss`),
      z.literal(''),
      z.null(),
    ])
    .optional()

/** A link to a picture or file: an http(s) URL or a path of ours (uploads answer `/xparkApi/…`). */
export const link = (field: string, max = 500) =>
  z
    .string({ error: `${field}: must be a link` })
    .max(max, `${field}: at most ${max} characters`)
    .regex(/^(https?:\/\/[^\s"'<>()]+|\/[^\s"'<>()]*|)$/, `${field}: must be an http(s) address or a path`)
    .optional()

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

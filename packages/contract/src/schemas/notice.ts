import { z } from 'zod'
import { requiredText } from './common.js'

/**
 * A notice (BladeX blade_notice, `blade-desk/notice`). `category` is a number from the dict
 * `notice` (BladeX 1-6) or `notice_type` (spec 01 §3: 1000 owner, 1001 staff, 1002 community).
 * `content` is rich text: the server sanitises it on every write, and the console renders only that.
 */
export const NOTICE_TYPE = { owner: 1000, staff: 1001, community: 1002 } as const
export const NOTICE_CATEGORIES: readonly number[] = [1, 2, 3, 4, 5, 6, 1000, 1001, 1002]

/** `yyyy-MM-dd HH:mm:ss` (or `yyyy-MM-dd`), as the console's date picker sends it */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/

export const NoticeSchema = z.object({
  title: requiredText('please enter notice title', 255),
  category: z.coerce
    .number({ error: 'please select notice type' })
    .int('please select notice type')
    .refine((n) => NOTICE_CATEGORIES.includes(n), 'please select notice type'),
  releaseTime: z
    .union([z.string().regex(DATE_TIME, 'release time: yyyy-MM-dd HH:mm:ss'), z.literal(''), z.null()])
    .optional(),
  content: z
    .string({ error: 'content: must be text' })
    .max(200_000, 'content: at most 200000 characters')
    .optional(),
})
export type NoticeForm = z.infer<typeof NoticeSchema>

import { z } from 'zod'
import { wire } from '../fields.js'
import { defineContract } from '../kit.js'
import { integerInput, optionalDateTimeInput } from '../values.js'
import { requiredText } from './common.js'

/**
 * A notice (BladeX blade_notice, `blade-desk/notice`). `category` is a number from the dict
 * `notice` (BladeX 1-6) or `notice_type` (spec 01 §3: 1000 owner, 1001 staff, 1002 community).
 * `content` is rich text: the server sanitises it on every write, and the console renders only that.
 */
export const NOTICE_TYPE = { owner: 1000, staff: 1001, community: 1002 } as const
export const NOTICE_CATEGORIES: readonly number[] = [1, 2, 3, 4, 5, 6, 1000, 1001, 1002]

export const NoticeSchema = z.object({
  title: requiredText('please enter notice title', 255),
  category: integerInput('please select notice type', 1, 1_000_000_000).refine(
    (n) => NOTICE_CATEGORIES.includes(n),
    'please select notice type',
  ),
  releaseTime: optionalDateTimeInput('release time: yyyy-MM-dd HH:mm:ss'),
  content: z
    .string({ error: 'content: must be text' })
    .max(200_000, 'content: at most 200000 characters')
    .optional(),
})
export type NoticeForm = z.infer<typeof NoticeSchema>

/** blade-desk/notice as the page and detail answer it. */
export const DeskNoticeRow = z.object({
  id: wire.id,
  title: wire.text,
  category: wire.number,
  releaseTime: wire.optionalDate,
  content: wire.text,
  createTime: wire.date,
})
export type DeskNoticeRow = z.infer<typeof DeskNoticeRow>

/** blade-desk/notice: a tenant's notices (the content is sanitised on every write). The writes answer BladeX's `R.status(true)`. */
export const deskNoticeContract = defineContract({
  path: 'blade-desk/notice',
  code: 'notice',
  form: NoticeSchema,
  row: DeskNoticeRow,
  label: 'title',
  filters: { title: 'like', category: 'eq', releaseTime: 'eq' },
  sorts: ['releaseTime', 'createTime', 'title', 'category'],
  writeReply: 'status',
})

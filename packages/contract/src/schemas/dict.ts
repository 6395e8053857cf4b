import { z } from 'zod'
import { wire } from '../fields.js'
import { defineContract } from '../kit.js'
import { optionalText, requiredText } from './common.js'

/** parent_id of a root entry, and the dict_key every root carries (BladeX seed convention). */
export const DICT_ROOT_PARENT = '0'
export const DICT_ROOT_KEY = '-1'

/**
 * The dictionary form, system and business alike (spec 01 §3, §5). `dictKey` is required for a child
 * only, so that rule is checked by the server once it knows the parent (a root always gets '-1').
 */
export const DictSchema = z.object({
  /** absent, '', 0 or '0' for a root */
  parentId: z
    .union([z.string().regex(/^\d{0,19}$/, 'parentId: must be an id'), z.literal(0)], {
      error: 'parentId: must be an id',
    })
    .nullish(),
  code: requiredText('enter dictionary code', 255),
  dictKey: z
    .union([z.string().trim().max(255, 'enter dictionary key (at most 255 characters)'), z.number().int()], {
      error: 'enter dictionary key',
    })
    .nullish(),
  dictValue: requiredText('enter dictionary name', 255),
  sort: z
    .number({ error: 'enter dictionary sort' })
    .int('enter dictionary sort')
    .min(-999_999_999, 'enter dictionary sort')
    .max(999_999_999, 'enter dictionary sort'),
  isSealed: z.literal([0, 1], { error: 'select sealed' }),
  remark: optionalText('remark', 255),
})
export type DictForm = z.infer<typeof DictSchema>

/** One entry of `dictionary?code=` (the children of the root with that code). */
export interface DictItem {
  id: string
  parentId: string
  code: string
  dictKey: string
  dictValue: string
  sort: number
  remark: string
  isSealed: 0 | 1
}

/** A dictionary entry as the page and detail answer it (system and business alike). */
export const DictRow = z.object({
  id: wire.id,
  parentId: wire.id,
  code: wire.text,
  dictKey: wire.text,
  dictValue: wire.text,
  sort: wire.number,
  remark: wire.text,
  isSealed: wire.number,
})
export type DictRow = z.infer<typeof DictRow>

const DICT_FILTERS = {
  code: 'like',
  dictValue: 'like',
  dictKey: 'eq',
  parentId: 'eq',
  isSealed: 'eq',
} as const
const DICT_SORTS = ['sort', 'code', 'dictKey', 'createTime']

/**
 * blade-system/dict: the system dictionary (global; the module answers `list` as the tree). The
 * screen's reads need `dict_view`. The writes answer BladeX's `R.status(true)`.
 */
export const dictContract = defineContract({
  path: 'blade-system/dict',
  code: 'dict',
  form: DictSchema,
  row: DictRow,
  label: 'dictValue',
  filters: DICT_FILTERS,
  sorts: DICT_SORTS,
  writeReply: 'status',
})

/** blade-system/dict-biz: the business dictionary, per tenant (codes `dictbiz_*`). The writes answer BladeX's `R.status(true)`. */
export const dictBizContract = defineContract({
  path: 'blade-system/dict-biz',
  code: 'dictbiz',
  form: DictSchema,
  row: DictRow,
  label: 'dictValue',
  filters: DICT_FILTERS,
  sorts: DICT_SORTS,
  writeReply: 'status',
})

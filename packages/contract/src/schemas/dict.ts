import { z } from 'zod'
import { defineCall, SIGNED_IN } from '../calls.js'
import { wire } from '../fields.js'
import { defineContract, type ResourceContract } from '../kit.js'
import { pageOf, treeNodeReply } from '../replies.js'
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

// —— the reads that are not a flat page (BladeX DictController / DictBizController): the tree,
// parents, children, and one dictionary by code for every screen's lookups ——

/** An entry of `dictionary?code=`. */
export const DictItemReply: z.ZodType<DictItem> = z.object({
  id: wire.id,
  parentId: wire.id,
  code: wire.text,
  dictKey: wire.text,
  dictValue: wire.text,
  sort: wire.number,
  remark: wire.text,
  isSealed: z.literal([0, 1]),
})

const DictTreeRow = DictRow.extend({
  hasChildren: z.boolean(),
  get children(): z.ZodOptional<z.ZodArray<typeof DictTreeRow>> {
    return z.array(DictTreeRow).optional()
  },
})

const filter = (what: string) => z.string().optional().describe(what)
/** the bare filters (operators: the contract's `filters`) and any `<field>_<operator>` beside them */
const DictFilters = z
  .object({
    code: filter('like; also code_equal …'),
    dictValue: filter('like'),
    dictKey: filter('eq'),
    isSealed: filter('eq (0 or 1)'),
  })
  .loose()
const DictPage = DictFilters.extend({
  current: filter('page, from 1'),
  size: filter('rows per page (default 10)'),
})
const ID = 'must be a 64-bit id'
const DictCode = z.object({
  code: z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(255),
})

/** The reads of one dictionary kind: its screen's (the kind's `view` code) and everyone's lookups. */
function dictCallsFor(contract: ResourceContract) {
  const path = (name: string) => `${contract.path}/${name}`
  const tag = contract.path.split('/').at(-1) ?? contract.code
  const view = { method: 'GET', permission: contract.permissions.view, tag } as const
  return {
    list: defineCall({
      ...view,
      path: path('list'),
      params: DictFilters,
      reply: z.array(DictTreeRow),
      summary: `${tag}: every entry as a tree (not paged)`,
    }),
    parentList: defineCall({
      ...view,
      path: path('parent-list'),
      params: DictPage,
      reply: pageOf(DictRow),
      summary: `${tag}: the roots (dictionaries), paged`,
    }),
    childList: defineCall({
      ...view,
      path: path('child-list'),
      params: DictPage.extend({
        parentId: z
          .string({ error: ID })
          .regex(/^[1-9]\d{0,18}$/, ID)
          .refine((v) => v.length < 19 || v <= '9223372036854775807', ID),
      }),
      reply: pageOf(DictRow),
      summary: `${tag}: the entries under one parent, paged`,
    }),
    tree: defineCall({
      ...view,
      path: path('tree'),
      reply: z.array(treeNodeReply),
      summary: `${tag}: TreeNode forest of every entry`,
    }),
    dictionary: defineCall({
      method: 'GET',
      tag,
      path: path('dictionary'),
      permission: SIGNED_IN,
      params: DictCode,
      reply: z.array(DictItemReply),
      summary: `${tag}: the entries of one dictionary code (cached)`,
    }),
    dictionaryTree: defineCall({
      method: 'GET',
      tag,
      path: path('dictionary-tree'),
      permission: SIGNED_IN,
      params: DictCode,
      reply: z.array(DictTreeRow),
      summary: `${tag}: the entries of one dictionary code as a tree`,
    }),
  }
}

/** By kind, as the console names the two dictionaries (`DictKind`). */
export const dictCalls = { dict: dictCallsFor(dictContract), 'dict-biz': dictCallsFor(dictBizContract) }

import { z } from 'zod'
import { defineCall, SIGNED_IN } from '../calls.js'
import { wire } from '../fields.js'
import { defineContract } from '../kit.js'
import { optionalNumberInput } from '../values.js'
import { idString, requiredText } from './common.js'

/**
 * A desk shortcut of the signed-in user (`blade-desk/shortcut`): a name, the console route (a menu
 * path such as `/system/user`) or an http(s) address it opens, an icon and a sort.
 */
export const ShortcutSchema = z.object({
  name: requiredText('please enter shortcut name', 64),
  path: requiredText('please enter shortcut path', 255).refine(
    (v) => /^\/[^\s]*$/.test(v) || /^https?:\/\/\S+$/i.test(v),
    'shortcut path must be a console path (/…) or an http(s) address',
  ),
  menuId: z.union([idString, z.literal(''), z.null()]).optional(),
  source: z.string({ error: 'source: must be text' }).max(255, 'source: at most 255 characters').optional(),
  sort: optionalNumberInput(
    'sort must be a number',
    z
      .number()
      .int('sort must be a whole number')
      .min(0, 'sort: at least 0')
      .max(1_000_000, 'sort: at most 1000000'),
  ),
})
export type ShortcutForm = z.infer<typeof ShortcutSchema>

/** blade-desk/shortcut as the page and detail answer it (the owner is not sent). */
export const ShortcutRow = z.object({
  id: wire.id,
  name: wire.text,
  path: wire.text,
  menuId: wire.optionalId,
  source: wire.text,
  sort: wire.number,
})
export type ShortcutRow = z.infer<typeof ShortcutRow>

/** blade-desk/shortcut: each user's own shortcuts. The writes answer BladeX's `R.status(true)`. */
export const shortcutContract = defineContract({
  path: 'blade-desk/shortcut',
  code: 'shortcut',
  form: ShortcutSchema,
  row: ShortcutRow,
  filters: { name: 'like', path: 'like' },
  sorts: ['sort', 'name', 'createTime'],
  writeReply: 'status',
})

/** The welcome page's quick links: the caller's own shortcuts, by sort. */
export const myShortcutsCall = defineCall({
  path: 'blade-desk/shortcut/select',
  method: 'GET',
  permission: SIGNED_IN,
  reply: z.array(ShortcutRow),
  summary: "shortcut: the caller's own shortcuts, by sort (the welcome page)",
})

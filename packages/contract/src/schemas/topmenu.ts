import { z } from 'zod'
import { defineContract } from '../kit.js'
import { numberInput } from '../values.js'
import { idString, optionalText, requiredText } from './common.js'
import { TopMenuRow } from './rows.js'

/** A top menu (BladeX blade_top_menu): a tenant's shortcut onto a subset of the menu tree. */
export const TopMenuSchema = z.object({
  code: requiredText('enter top menu code', 255),
  name: requiredText('enter top menu name', 255),
  source: optionalText('icon', 255),
  sort: numberInput('enter top menu sort', z.number().int('enter top menu sort')),
})
export type TopMenuForm = z.infer<typeof TopMenuSchema>

/** `POST blade-system/topmenu/grant`: the menus each of these top menus shows (replaces the old set). */
export const TopMenuGrantSchema = z.object({
  topMenuIds: z.array(idString, { error: 'topMenuIds: a list of ids' }).min(1, 'select a top menu').max(100),
  menuIds: z.array(idString, { error: 'menuIds: a list of ids' }).max(5000),
})
export type TopMenuGrant = z.infer<typeof TopMenuGrantSchema>

/** blade-system/topmenu: a tenant's top menus. The writes answer BladeX's `R.status(true)`. */
export const topMenuContract = defineContract({
  path: 'blade-system/topmenu',
  code: 'topmenu',
  form: TopMenuSchema,
  row: TopMenuRow,
  filters: { code: 'like', name: 'like' },
  sorts: ['sort', 'code', 'name', 'createTime'],
  writeReply: 'status',
})

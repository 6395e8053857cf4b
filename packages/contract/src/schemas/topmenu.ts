import { z } from 'zod'
import { defineCall } from '../calls.js'
import { defineContract } from '../kit.js'
import { doneReply, treeNodeReply } from '../replies.js'
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

// —— 菜单配置 (menu grant) of top menus; BladeX serves the two reads from MenuController, so both
// the menu's path and the top menu's answer them ——

const SETTING = 'topmenu_setting'

export const topMenuGrantCall = defineCall({
  path: 'blade-system/topmenu/grant',
  method: 'POST',
  in: 'body',
  permission: SETTING,
  params: TopMenuGrantSchema,
  reply: doneReply,
  summary: 'topmenu: set the menus of these top menus (replaces their old set)',
})

export const grantTopTreeCall = defineCall({
  path: 'blade-system/menu/grant-top-tree',
  also: ['blade-system/topmenu/grant-top-tree'],
  method: 'GET',
  permission: SETTING,
  reply: z.object({ menu: z.array(treeNodeReply) }),
  summary: 'topmenu grant dialog: the menus the caller may place, as TreeNodes',
  tag: 'topmenu',
})

export const topTreeKeysCall = defineCall({
  path: 'blade-system/menu/top-tree-keys',
  also: ['blade-system/topmenu/top-tree-keys'],
  method: 'GET',
  permission: SETTING,
  params: z.object({
    topMenuIds: z
      .string({ error: 'topMenuIds is required' })
      .regex(/^\d{1,19}(,\d{1,19}){0,99}$/, 'topMenuIds: a comma-separated list of ids'),
  }),
  reply: z.object({ menu: z.array(z.string()) }),
  summary: 'topmenu grant dialog: the menu ids already granted to these top menus',
  tag: 'topmenu',
})

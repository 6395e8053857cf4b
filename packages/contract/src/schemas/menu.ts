import { z } from 'zod'
import { ADMINISTRATOR, defineCall, SIGNED_IN } from '../calls.js'
import { wire } from '../fields.js'
import { defineContract, type ResourceContract } from '../kit.js'
import type { MenuNode } from '../menu.js'
import { treeNodeReply } from '../replies.js'
import { integerInput } from '../values.js'
import { idString } from './common.js'
import { TopMenuRow } from './rows.js'

/** The menu management screens (blade-system/menu, blade-system/menuApp): one form over either tree. */

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${message} (at most ${max} characters)`)
const optionalText = (field: string, max: number) =>
  z.string({ error: `${field}: must be text` }).max(max, `${field}: at most ${max} characters`)

/** null (Saber sends empty fields as null) reads as "not sent". */
const nullable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null ? undefined : v), schema.optional())
const smallEnum = (field: string, values: readonly number[]) =>
  integerInput(
    `${field} must be one of ${values.join(', ')}`,
    Math.min(...values),
    Math.max(...values),
  ).refine((v) => values.includes(v), `${field} must be one of ${values.join(', ')}`)
const flag = (field: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === 1 ? true : v === 'false' || v === 0 ? false : v),
    z.boolean({ error: `${field} must be true or false` }),
  )

/** `administrator,admin`: the role aliases that see a menu (empty: every role granted it). */
const ROLES_MESSAGE = 'roles: comma-separated role aliases'
const roles = z.preprocess(
  (v) => (Array.isArray(v) ? v.join(',') : v),
  z
    .string({ error: ROLES_MESSAGE })
    .max(255, 'roles: at most 255 characters')
    .regex(/^([\w-]+(,[\w-]+)*)?$/, ROLES_MESSAGE),
)

/** The menu form. category 1 menu / 2 button; action 0 none, 1 toolbar, 2 row, 3 both; isOpen 1 no / 2 yes. */
export const MenuSchema = z.object({
  parentId: nullable(z.union([idString, z.literal('0')], { error: 'parentId: must be an id or 0' })),
  code: requiredText('please enter menu code', 255),
  name: requiredText('please enter menu name', 255),
  alias: nullable(requiredText('please enter menu alias', 255)),
  path: nullable(optionalText('path', 255)),
  source: nullable(optionalText('source', 255)),
  sort: nullable(integerInput('sort must be a number', 0, 1_000_000)),
  category: smallEnum('category', [1, 2]),
  action: nullable(smallEnum('action', [0, 1, 2, 3])),
  isOpen: nullable(smallEnum('isOpen', [1, 2])),
  remark: nullable(optionalText('remark', 255)),
  hidden: nullable(flag('hidden')),
  roles: nullable(roles),
  keepAlive: nullable(flag('keepAlive')),
})
export type MenuForm = z.infer<typeof MenuSchema>

/** A menu as the detail answers it. */
export const MenuRow = z.object({
  id: wire.id,
  parentId: wire.id,
  code: wire.text,
  name: wire.text,
  alias: wire.text,
  path: wire.text,
  source: wire.text,
  sort: wire.number,
  category: wire.number,
  action: wire.number,
  isOpen: wire.number,
  remark: wire.text,
  hidden: z.boolean(),
  roles: wire.text,
  keepAlive: z.boolean(),
})
export type MenuRow = z.infer<typeof MenuRow>

/**
 * The management resource of a menu tree (codes `<code>_add/_edit/_delete`; the module answers
 * `list` and `page` as the tree). Menus are platform data: reads too are the platform
 * administrator's (`view: ADMINISTRATOR`). The writes answer BladeX's `R.status(true)`.
 */
const menuTreeContract = (path: string, code: string) =>
  defineContract({
    path,
    code,
    form: MenuSchema,
    row: MenuRow,
    filters: { name: 'like', code: 'like', category: 'eq', parentId: 'eq' },
    sorts: ['sort', 'name', 'code'],
    permissions: { view: ADMINISTRATOR },
    writeReply: 'status',
  })

/** blade-system/menu: the console's menus. */
export const menuContract = menuTreeContract('blade-system/menu', 'menu')
/** blade-system/menuApp: the mobile app's menus. */
export const menuAppContract = menuTreeContract('blade-system/menuApp', 'menuapp')

// —— the reads of a menu tree beside its resource routes (BladeX MenuController), and the signed-in
// user's own menus and buttons (the shell's) ——

/** A management row with its parent's name (`list`, `menu-list`: nested; `lazy-list`: one level). */
const MenuListRow = MenuRow.extend({ parentName: wire.text, hasChildren: z.boolean() })
const MenuTreeRow = MenuListRow.extend({
  get children(): z.ZodOptional<z.ZodArray<typeof MenuTreeRow>> {
    return z.array(MenuTreeRow).optional()
  },
})

const MenuFilters = z
  .object({ name: z.string().max(255).optional(), code: z.string().max(255).optional() })
  .loose()
const MenuLevel = MenuFilters.extend({
  parentId: z
    .string()
    .regex(/^(0|[1-9]\d{0,18})$/, 'parentId: must be an id or 0')
    .optional(),
})

/** The management reads of one menu tree (the platform administrator's, like its resource). */
function menuTreeCalls(contract: ResourceContract, tag: string) {
  const path = (name: string) => `${contract.path}/${name}`
  const read = { method: 'GET', permission: ADMINISTRATOR, tag } as const
  return {
    list: defineCall({
      ...read,
      path: path('list'),
      params: MenuFilters,
      reply: z.array(MenuTreeRow),
      summary: `${tag}: the whole tree, menus and buttons (filters name, code: like)`,
    }),
    lazyList: defineCall({
      ...read,
      path: path('lazy-list'),
      params: MenuLevel,
      reply: z.array(MenuListRow),
      summary: `${tag}: children of one parent, each with hasChildren`,
    }),
    menuList: defineCall({
      ...read,
      path: path('menu-list'),
      params: MenuFilters,
      reply: z.array(MenuTreeRow),
      summary: `${tag}: the tree of menus only (category 1)`,
    }),
    lazyMenuList: defineCall({
      ...read,
      path: path('lazy-menu-list'),
      params: MenuLevel,
      reply: z.array(MenuListRow),
      summary: `${tag}: menus (category 1) under one parent, with hasChildren`,
    }),
    tree: defineCall({
      ...read,
      path: path('tree'),
      reply: z.array(treeNodeReply),
      summary: `${tag}: TreeNode tree of the menus (category 1), for parent pickers`,
    }),
  }
}

export const menuCalls = menuTreeCalls(menuContract, 'menu')
export const menuAppCalls = menuTreeCalls(menuAppContract, 'menuApp')

/** A node of the signed-in user's menus (`routes`) and buttons (`buttons`): BladeX MenuVO. */
export const MenuNodeReply: z.ZodType<MenuNode> = z.object({
  id: wire.id,
  parentId: wire.id,
  code: wire.text,
  name: wire.text,
  alias: wire.text,
  path: wire.text,
  source: wire.text,
  sort: wire.number,
  category: z.literal([1, 2]),
  action: wire.number,
  isOpen: z.literal([1, 2]),
  remark: wire.text,
  hidden: z.boolean(),
  roles: z.array(z.string()),
  keepAlive: z.boolean(),
  hasChildren: z.boolean(),
  get children() {
    return z.array(MenuNodeReply).optional()
  },
})

export const menuRoutesCall = defineCall({
  path: 'blade-system/menu/routes',
  method: 'GET',
  permission: SIGNED_IN,
  params: z.object({ topMenuId: z.string().regex(/^\d+$/).optional() }),
  reply: z.array(MenuNodeReply),
  summary: "menu: the caller's console menus (category 1) as a tree, optionally one top menu's",
})

export const menuButtonsCall = defineCall({
  path: 'blade-system/menu/buttons',
  method: 'GET',
  permission: SIGNED_IN,
  reply: z.array(MenuNodeReply),
  summary: "menu: the caller's buttons under their menus",
})

/** Top menus group the console's menus; the app reads the same list (menu and menuApp share their verbs). */
export const topMenusCall = defineCall({
  path: 'blade-system/menu/top-menu',
  also: ['blade-system/menuApp/top-menu'],
  method: 'GET',
  permission: SIGNED_IN,
  reply: z.array(TopMenuRow),
  summary: "menu: the caller's tenant's top menus",
})

export const appRoutesCall = defineCall({
  path: 'blade-system/menuApp/routes',
  method: 'GET',
  permission: SIGNED_IN,
  reply: z.array(MenuNodeReply),
  summary: "menuApp: the caller's app menus (category 1) as a tree",
})

export const appButtonsCall = defineCall({
  path: 'blade-system/menuApp/buttons',
  method: 'GET',
  permission: SIGNED_IN,
  reply: z.array(MenuNodeReply),
  summary: "menuApp: the caller's app buttons under their menus",
})

/**
 * The button codes the caller holds, sorted: what every route is checked against. The path is
 * blade-user's (spec 01 §7), the codes are the menus'.
 */
export const permissionCodesCall = defineCall({
  path: 'blade-user/queryPermission',
  method: 'GET',
  permission: SIGNED_IN,
  reply: z.array(z.string()),
  summary: "user: the caller's permission codes, sorted",
  tag: 'user',
})

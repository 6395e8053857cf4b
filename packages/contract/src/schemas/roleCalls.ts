import { z } from 'zod'
import { defineCall } from '../calls.js'
import { wire } from '../fields.js'
import { doneReply, forestReply, treeNodeReply } from '../replies.js'
import { idCsv, idString, parentIdString, RoleGrantForm, RoleRow } from './org.js'
import { ROLE_PICKER } from './orgCalls.js'

/**
 * The role resource's hand-written routes: the roles as a table (`list`, a forest), as TreeNodes for
 * pickers (`tree`, `tree-by-id`), flat for BladeX SearchController's `search/role`, the alias check,
 * and the grant: what the caller may grant (`menu/grant-tree`), what roles hold (`menu/role-tree-keys`)
 * and the grant itself (`role/grant`).
 */

export const roleListCall = defineCall({
  path: 'blade-system/role/list',
  method: 'GET',
  permission: 'role_view',
  params: z.object({ roleName: z.string().optional(), roleAlias: z.string().optional() }).loose(),
  reply: z.array(forestReply(RoleRow.extend({ parentName: wire.text }))),
  summary: 'role: the tenant roles as a tree (filters roleName, roleAlias: like)',
  tag: 'role',
})

export const roleTreeCall = defineCall({
  path: 'blade-system/role/tree',
  method: 'GET',
  permission: ROLE_PICKER,
  params: z.object({ tenantId: z.string().max(12).optional() }),
  reply: z.array(treeNodeReply),
  summary: 'role: TreeNode tree of a tenant (another tenant only for the administrator)',
  tag: 'role',
})

export const roleTreeByIdCall = defineCall({
  path: 'blade-system/role/tree-by-id',
  method: 'GET',
  permission: ROLE_PICKER,
  params: z.object({ roleId: idString }),
  reply: z.array(treeNodeReply),
  summary: "role: TreeNode tree of the roles of this role's tenant",
  tag: 'role',
})

/** A role as the search answers it. */
export const RolePick = RoleRow.pick({ id: true, parentId: true, roleName: true, roleAlias: true })
export type RolePick = z.infer<typeof RolePick>

export const roleSearchCall = defineCall({
  path: 'blade-system/search/role',
  method: 'GET',
  permission: ROLE_PICKER,
  params: z.object({
    roleName: z.string().max(255).optional(),
    parentId: z.union([parentIdString, z.literal('')]).optional(),
  }),
  reply: z.array(RolePick),
  summary: 'role search: id, parentId, roleName, roleAlias of the tenant roles (roleName like, parentId)',
  tag: 'role',
})

export const roleAliasFreeCall = defineCall({
  path: 'blade-system/role/soleAlias',
  method: 'GET',
  permission: ['role_add', 'role_edit'],
  params: z.object({ roleAlias: z.string().min(1).max(255), id: idString.optional() }),
  reply: z.boolean(),
  summary: 'role: true when the alias is free in the caller tenant (id: the role being edited)',
  tag: 'role',
})

export const roleGrantCall = defineCall({
  path: 'blade-system/role/grant',
  method: 'POST',
  permission: 'role_grant',
  params: RoleGrantForm,
  in: 'body',
  reply: doneReply,
  summary:
    'role: replace the menus, app menus, data scopes and API scopes of roles (child roles are trimmed)',
  tag: 'role',
})

/** What the caller may grant, per tree (`menuApp`: the mobile app's menus). */
export const GrantTrees = z.object({
  menu: z.array(treeNodeReply),
  dataScope: z.array(treeNodeReply),
  apiScope: z.array(treeNodeReply),
  menuApp: z.array(treeNodeReply),
})
export type GrantTrees = z.infer<typeof GrantTrees>

/** The ids roles hold, per tree. */
export const GrantKeys = z.object({
  menu: z.array(wire.id),
  dataScope: z.array(wire.id),
  apiScope: z.array(wire.id),
  menuApp: z.array(wire.id),
})
export type GrantKeys = z.infer<typeof GrantKeys>

export const grantTreeCall = defineCall({
  path: 'blade-system/menu/grant-tree',
  method: 'GET',
  permission: ['role_grant', 'datascope_view', 'apiscope_view'],
  reply: GrantTrees,
  summary: 'menu: what the caller may grant, as {menu, dataScope, apiScope, menuApp} trees',
  tag: 'menu',
})

export const roleTreeKeysCall = defineCall({
  path: 'blade-system/menu/role-tree-keys',
  method: 'GET',
  permission: 'role_grant',
  params: z.object({ roleIds: idCsv }),
  reply: GrantKeys,
  summary: 'menu: the granted menu, data scope, api scope and app menu ids of roles of the caller tenant',
  tag: 'menu',
})

import { z } from 'zod'
import { defineCall } from '../calls.js'
import { wire } from '../fields.js'
import { forestReply, treeNodeReply } from '../replies.js'
import { DeptRow, parentIdString } from './org.js'
import { PostRow } from './rows.js'

/**
 * The organisation's hand-written routes beside the dept and post resources: the dept tree as a
 * table (`list`, `lazy-list`), as TreeNodes for pickers (`tree`, `lazy-tree`), flat for selects and
 * searches (`select`, BladeX SearchController's `search/dept`, `search/post`).
 */

/**
 * Who may read the organisation's pickers (trees and selects of names): the screen that manages the
 * data, and the user screen, whose form picks departments, posts and roles.
 */
export const DEPT_PICKER = ['dept_view', 'user_view'] as const
export const POST_PICKER = ['post_view', 'user_view'] as const
export const ROLE_PICKER = ['role_view', 'user_view'] as const

/** Another tenant's tree: the platform administrator's only (`tree?tenantId=`). */
const tenantParam = z.string().max(12).optional()

const deptFilters = z.object({ deptName: z.string().optional(), fullName: z.string().optional() }).loose()

export const deptListCall = defineCall({
  path: 'blade-system/dept/list',
  method: 'GET',
  permission: 'dept_view',
  params: deptFilters,
  reply: z.array(forestReply(DeptRow.extend({ parentName: wire.text }))),
  summary: 'dept: the tenant tree (filters deptName, fullName: like)',
  tag: 'dept',
})

/** One level of the dept table (or, with search filters, the matching depts at any level). */
export const DeptLevelRow = DeptRow.extend({ tenantId: wire.text, hasChildren: z.boolean() })
export type DeptLevelRow = z.infer<typeof DeptLevelRow>

export const deptLazyListCall = defineCall({
  path: 'blade-system/dept/lazy-list',
  method: 'GET',
  permission: 'dept_view',
  params: deptFilters.extend({ parentId: parentIdString.optional() }),
  reply: z.array(DeptLevelRow),
  summary: 'dept: children of one parent, each with hasChildren',
  tag: 'dept',
})

export const deptTreeCall = defineCall({
  path: 'blade-system/dept/tree',
  method: 'GET',
  permission: DEPT_PICKER,
  params: z.object({ tenantId: tenantParam }),
  reply: z.array(treeNodeReply),
  summary: 'dept: TreeNode tree of a tenant (another tenant only for the administrator)',
  tag: 'dept',
})

export const deptLazyTreeCall = defineCall({
  path: 'blade-system/dept/lazy-tree',
  method: 'GET',
  permission: DEPT_PICKER,
  params: z.object({ parentId: parentIdString.optional(), tenantId: tenantParam }),
  reply: z.array(treeNodeReply),
  summary: 'dept: TreeNodes under one parent',
  tag: 'dept',
})

/** A dept as the selects and the search answer it. */
export const DeptPick = z.object({
  id: wire.id,
  parentId: wire.id,
  deptName: wire.text,
  fullName: wire.text,
})
export type DeptPick = z.infer<typeof DeptPick>

export const deptSelectCall = defineCall({
  path: 'blade-system/dept/select',
  method: 'GET',
  permission: DEPT_PICKER,
  reply: z.array(DeptPick),
  summary: 'dept: every dept of the tenant, flat (for selects)',
  tag: 'dept',
})

export const deptSearchCall = defineCall({
  path: 'blade-system/search/dept',
  method: 'GET',
  permission: DEPT_PICKER,
  params: z.object({
    deptName: z.string().max(45).optional(),
    parentId: z.union([parentIdString, z.literal('')]).optional(),
  }),
  reply: z.array(DeptPick),
  summary: 'dept search: id, parentId, deptName, fullName of the tenant depts (deptName like, parentId)',
  tag: 'dept',
})

/** A post as the select and the search answer it. */
export const PostPick = PostRow.pick({ id: true, postCode: true, postName: true, category: true })
export type PostPick = z.infer<typeof PostPick>

export const postSelectCall = defineCall({
  path: 'blade-system/post/select',
  method: 'GET',
  permission: POST_PICKER,
  reply: z.array(PostPick),
  summary: 'post: every post of the tenant (for selects)',
  tag: 'post',
})

export const postSearchCall = defineCall({
  path: 'blade-system/search/post',
  method: 'GET',
  permission: POST_PICKER,
  params: z.object({ postName: z.string().max(64).optional() }),
  reply: z.array(PostPick),
  summary: 'post search: id, postCode, postName, category of the tenant posts (postName like)',
  tag: 'post',
})

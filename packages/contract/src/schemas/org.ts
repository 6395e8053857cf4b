import { z } from 'zod'
import { wire } from '../fields.js'
import { defineContract } from '../kit.js'
import { passwordProblem, phoneProblem } from '../validation.js'
import { integerInput, optionalNumberInput } from '../values.js'
import { idString, optionalText, requiredText } from './common.js'
import { PostRow } from './rows.js'

export { idString }

/**
 * Forms of the organisation screens (departments, posts, roles, users, role grant), shared by the
 * server (which validates every body with them) and the console (which builds its forms from them).
 */

/** A parent id: `0` is the root. */
export const parentIdString = z
  .string({ error: 'must be an id or 0' })
  .regex(/^(0|[1-9]\d{0,18})$/, 'must be an id or 0')
/** `1,2,3` (BladeX keeps a user's roles, depts and posts as comma-joined ids). */
export const idCsv = z
  .string({ error: 'must be comma-separated ids' })
  .regex(/^([1-9]\d{0,18})(,[1-9]\d{0,18}){0,99}$/, 'must be comma-separated ids')

const required = requiredText
const sort = optionalNumberInput(
  'sort must be a number',
  z
    .number()
    .int('sort must be a whole number')
    .min(0, 'sort: at least 0')
    .max(1_000_000, 'sort: at most 1000000'),
)
const smallEnum = (field: string, values: readonly number[]) =>
  integerInput(
    `${field} must be one of ${values.join(', ')}`,
    Math.min(...values),
    Math.max(...values),
  ).refine((v) => values.includes(v), `${field} must be one of ${values.join(', ')}`)

/** `blade-system/dept` form. deptCategory: 1 company, 2 department, 3 group, 4 community (property services). */
export const DeptForm = z.object({
  parentId: parentIdString.optional(),
  deptName: required('please enter dept name', 45),
  fullName: optionalText('fullName', 45),
  deptCategory: smallEnum('deptCategory', [1, 2, 3, 4]).optional(),
  sort,
  remark: optionalText('remark', 255),
})
export type DeptForm = z.infer<typeof DeptForm>

/** `blade-system/post` form. category: 1 senior, 2 middle, 3 junior, 4 other. */
export const PostForm = z.object({
  category: smallEnum('category', [1, 2, 3, 4]),
  postCode: required('please enter post code', 12),
  postName: required('please enter post name', 64),
  sort,
  remark: optionalText('remark', 255),
})
export type PostForm = z.infer<typeof PostForm>

/** A role alias: a code other code checks (`admin`, `hr`), so letters, digits, `_` and `-` only. */
export const roleAlias = z
  .string({ error: 'please enter role alias' })
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'role alias: a letter, then letters, digits, _ or - (at most 64)')

/** `blade-system/role` form. */
export const RoleForm = z.object({
  parentId: parentIdString.optional(),
  roleName: required('please enter role name', 255),
  roleAlias,
  sort,
})
export type RoleForm = z.infer<typeof RoleForm>

const idList = z.array(idString).max(5000)

/** `POST blade-system/role/grant` (BladeX GrantVO). Every list replaces what the roles had. */
export const RoleGrantForm = z.object({
  roleIds: z.array(idString).min(1, 'please select at least one role').max(100),
  menuIds: idList.default([]),
  /** app menus (`blade_menu_app`); absent leaves the roles' app menus unchanged (clients unaware of them) */
  menuAppIds: idList.optional(),
  dataScopeIds: idList.default([]),
  apiScopeIds: idList.default([]),
})
export type RoleGrantForm = z.infer<typeof RoleGrantForm>

/** An avatar: an http(s) URL, or a path on this server (an uploaded file). */
export const avatarUrl = z
  .string()
  .max(500, 'avatar: at most 500 characters')
  .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v) || /^\/[^\s/]\S*$/.test(v), {
    message: 'avatar URL must start with http or https',
  })

const email = z
  .string()
  .max(45, 'email: at most 45 characters')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'please enter a valid email address')

/** A phone that obeys spec 01 §5 (empty, length, format), each with the spec's message. */
export const phone = z.string({ error: 'phone number cannot be empty' }).superRefine((v, ctx) => {
  const problem = phoneProblem(v)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})
/** The same, or nothing: an admin may leave a user's phone empty. */
const optionalPhone = z.string().superRefine((v, ctx) => {
  const problem = v === '' ? null : phoneProblem(v)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

/** A password typed in plain text: spec 01 §5 strength (8+, letters digits @-_=, 3 of 4 classes). */
export const strongPassword = z.string({ error: 'please enter password' }).superRefine((v, ctx) => {
  const problem = passwordProblem(v)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

/** `blade-user/submit` fields (besides `id` and the password pair). */
export const UserForm = z.object({
  account: z
    .string({ error: 'please enter account' })
    .trim()
    .regex(/^[A-Za-z0-9_.@-]{2,45}$/, 'account: 2 to 45 letters, digits or _ . @ -'),
  name: optionalText('name', 20),
  realName: required('please enter real name', 20),
  code: optionalText('code', 12),
  userType: smallEnum('userType', [1, 2, 3]).optional(),
  email: email.optional(),
  phone: optionalPhone.optional(),
  avatar: avatarUrl.optional(),
  sex: smallEnum('sex', [-1, 0, 1, 2]).optional(),
  roleId: idCsv.describe('comma-separated role ids of the caller tenant'),
  deptId: idCsv.describe('comma-separated dept ids of the caller tenant'),
  postId: z.union([idCsv, z.literal('')]).optional(),
  /** 1 normal, 0 disabled (停用: sign-in refuses the account) */
  status: smallEnum('status', [0, 1]).optional(),
  /** a staff type of the caller tenant; '' or null clears it */
  staffTypeId: z.union([idString, z.literal(''), z.null()]).optional(),
})
export type UserForm = z.infer<typeof UserForm>

/** `blade-user/update-info`: the signed-in user's own profile (spec 01 §3 user profile). */
export const UserInfoForm = z.object({
  name: optionalText('name', 20),
  realName: optionalText('realName', 20),
  phone,
  email: email.optional(),
  avatar: avatarUrl.optional(),
})
export type UserInfoForm = z.infer<typeof UserInfoForm>

/** blade-system/dept as the page and detail answer it. */
export const DeptRow = z.object({
  id: wire.id,
  parentId: wire.id,
  ancestors: wire.text,
  deptCategory: wire.number,
  deptName: wire.text,
  fullName: wire.text,
  sort: wire.number,
  remark: wire.text,
})
export type DeptRow = z.infer<typeof DeptRow>

/**
 * blade-system/dept: a tenant's organisation tree (the module answers `list` as the tree itself).
 * The writes answer BladeX's `R.status(true)`.
 */
export const deptContract = defineContract({
  path: 'blade-system/dept',
  code: 'dept',
  form: DeptForm,
  row: DeptRow,
  label: 'deptName',
  filters: { deptName: 'like', fullName: 'like', deptCategory: 'eq', parentId: 'eq' },
  sorts: ['sort', 'deptName', 'createTime'],
  writeReply: 'status',
})

/** blade-system/post: a tenant's posts (job titles). The writes answer BladeX's `R.status(true)`. */
export const postContract = defineContract({
  path: 'blade-system/post',
  code: 'post',
  form: PostForm,
  row: PostRow,
  label: 'postName',
  filters: { category: 'eq', postCode: 'like', postName: 'like' },
  sorts: ['sort', 'postCode', 'postName', 'createTime'],
  writeReply: 'status',
})

/** blade-system/role as the page and detail answer it. */
export const RoleRow = z.object({
  id: wire.id,
  parentId: wire.id,
  roleName: wire.text,
  roleAlias: wire.text,
  sort: wire.number,
})
export type RoleRow = z.infer<typeof RoleRow>

/** blade-system/role (the module answers `list` as the tree). The writes answer `R.status(true)`. */
export const roleContract = defineContract({
  path: 'blade-system/role',
  code: 'role',
  form: RoleForm,
  row: RoleRow,
  label: 'roleName',
  filters: { roleName: 'like', roleAlias: 'like', parentId: 'eq' },
  sorts: ['sort', 'roleName', 'roleAlias'],
  writeReply: 'status',
})

/** The user list's filters: the searched text columns carry trigram indexes (the user table builds them). */
export const USER_FILTERS = {
  account: { op: 'like', index: 'trigram' },
  realName: { op: 'like', index: 'trigram' },
  name: { op: 'like', index: 'trigram' },
  phone: { op: 'like', index: 'trigram' },
  userType: 'eq',
} as const

/** blade-user as the page and detail answer it (the password is never read back). */
export const UserRow = z.object({
  id: wire.id,
  tenantId: wire.text,
  code: wire.text,
  userType: wire.number,
  account: wire.text,
  name: wire.text,
  realName: wire.text,
  avatar: wire.text,
  email: wire.text,
  phone: wire.text,
  sex: wire.number,
  roleId: wire.text,
  deptId: wire.text,
  postId: wire.text,
  staffTypeId: wire.optionalId,
  status: wire.number,
  // the names of roleId, deptId, postId and sex (BladeX UserVO)
  roleName: wire.text,
  deptName: wire.text,
  postName: wire.text,
  sexName: wire.text.nullish(),
})
export type UserRow = z.infer<typeof UserRow>

/** blade-user: a tenant's accounts (the module writes `submit`, `save` and `update` by hand: passwords). */
export const userContract = defineContract({
  path: 'blade-user',
  code: 'user',
  form: UserForm,
  row: UserRow,
  label: 'realName',
  filters: USER_FILTERS,
  sorts: ['account', 'realName', 'createTime'],
  excel: {
    export: 'export-user',
    template: 'export-template',
    import: { path: 'import-user', also: ['blade-user/importExcel'] },
  },
})

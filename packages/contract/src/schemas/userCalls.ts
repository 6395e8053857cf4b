import { z } from 'zod'
import { defineCall, SIGNED_IN } from '../calls.js'
import { wire } from '../fields.js'
import { doneReply, pageOf } from '../replies.js'
import { integerInput } from '../values.js'
import { idString, md5Hex } from './common.js'
import { idCsv, strongPassword, UserForm, UserInfoForm } from './org.js'

/**
 * blade-user's hand-written routes: the signed-in user's own record (info, avatar, password,
 * profile), the writes that carry passwords (`submit`, `reset-password`), the batch writes of the
 * user screen (roles, staff type, list order), the platform settings, the avatar import and the
 * user picker's search. The resource's page, detail and remove are the kit's (`userContract`).
 */

const tag = 'user'

/** Either the MD5 hex BladeX clients send, or the password itself (JSON body only, checked, spec 01 §5). */
export const passwordFields = {
  password: md5Hex
    .optional()
    .describe('MD5 hex of the password (BladeX wire format; strength not checkable)'),
  passwordPlain: strongPassword.optional().describe('the password itself, checked against spec 01 §5'),
}

/** `GET blade-user/info`: the signed-in user, for the top bar (the type is `UserInfo` of the contract). */
export const UserInfoReply = z.object({
  id: wire.id,
  tenantId: wire.text,
  tenantName: wire.text,
  tenantLogo: wire.text,
  account: wire.text,
  name: wire.text,
  realName: wire.text,
  avatar: wire.text,
  email: wire.text,
  phone: wire.text,
  roleName: wire.text,
  roleAliases: z.array(wire.text),
  deptName: wire.text,
  defaultPassword: z.boolean(),
  passwordChangeRequired: z.boolean().optional(),
})

// `info1` is the name the original's app used for the same record (spec 01 §7)
export const userInfoCall = defineCall({
  path: 'blade-user/info',
  also: ['blade-user/info1'],
  method: 'GET',
  permission: SIGNED_IN,
  reply: UserInfoReply,
  summary: 'user: the signed-in user (top bar: names, tenant and its logo, roles, depts, password state)',
  tag,
})

/** spec 01 §5: a jpg or png of at most 500 KB; the profile form saves the link with its other fields. */
export const avatarCall = defineCall({
  path: 'blade-user/avatar',
  method: 'POST',
  upload: true,
  permission: SIGNED_IN,
  reply: z.object({ link: wire.text, name: wire.text, attachId: wire.id }),
  summary: 'user: upload an avatar (multipart `file`: jpg/png ≤ 500 KB), returns its link',
  tag,
})

export const updatePasswordCall = defineCall({
  path: 'blade-user/update-password',
  method: 'POST',
  permission: SIGNED_IN,
  in: 'query',
  params: z.object({ oldPassword: md5Hex, newPassword: md5Hex, newPassword1: md5Hex }),
  reply: doneReply,
  summary: 'user: change own password (all three values are the MD5 hex of the typed password)',
  tag,
})

export const updateInfoCall = defineCall({
  path: 'blade-user/update-info',
  method: 'POST',
  permission: SIGNED_IN,
  in: 'body',
  params: UserInfoForm,
  reply: doneReply,
  summary: 'user: the signed-in user edits own profile fields',
  tag,
})

export const userSubmitCall = defineCall({
  path: 'blade-user/submit',
  method: 'POST',
  // user_add without an id, user_edit with one (the server chooses per request)
  permission: ['user_add', 'user_edit'],
  in: 'body',
  params: UserForm.extend({
    id: z.union([idString, z.literal('')]).nullish(),
    ...passwordFields,
  }).loose(),
  reply: doneReply,
  summary: 'user: insert (no id; a password is required) or update (with id; the password is not changed)',
  tag,
})

export const userUpdateCall = defineCall({
  path: 'blade-user/update',
  method: 'POST',
  permission: 'user_edit',
  in: 'body',
  params: UserForm.partial().extend({ id: idString }),
  reply: doneReply,
  summary: 'user: update the fields sent',
  tag,
})

export const resetPasswordCall = defineCall({
  path: 'blade-user/reset-password',
  also: ['blade-user/resetNewPassword'],
  method: 'POST',
  permission: 'user_reset',
  params: z.object({ userIds: idCsv.optional(), ...passwordFields }),
  reply: doneReply,
  summary: 'user: set a new password for users (userIds); passwordPlain only in the JSON body',
  tag,
})

// `updaterole` (spec 01 §7) is the same grant for one account, named `userId`
export const userGrantCall = defineCall({
  path: 'blade-user/grant',
  also: ['blade-user/updaterole'],
  method: 'POST',
  permission: 'user_role',
  params: z.object({ userIds: idCsv.optional(), userId: idString.optional(), roleIds: idCsv.optional() }),
  reply: doneReply,
  summary: 'user: set the roles of users (userIds or userId, roleIds: roles of the caller tenant)',
  tag,
})

export const employeeTypeCall = defineCall({
  path: 'blade-user/updateEmployeeType',
  method: 'POST',
  permission: 'user_edit',
  params: z.object({
    userIds: idCsv.optional(),
    staffTypeId: z.union([idString, z.literal('')]).optional(),
  }),
  reply: doneReply,
  summary: 'user: set the staff type of users (userIds; staffTypeId of the caller tenant, empty clears)',
  tag,
})

/** An account's platform type (1 to 3) and extension data (a JSON object as text). */
export const PlatformDetail = z.object({
  id: wire.id,
  account: wire.text,
  realName: wire.text,
  userType: wire.number,
  userExt: wire.text,
})
export type PlatformDetail = z.infer<typeof PlatformDetail>

export const platformDetailCall = defineCall({
  path: 'blade-user/platform-detail',
  method: 'GET',
  permission: 'user_view',
  params: z.object({ id: idString }),
  reply: PlatformDetail,
  summary: 'user: platform type and extension data',
  tag,
})

const userExt = z
  .string()
  .max(4000)
  .refine((v) => {
    if (v === '') return true
    try {
      const parsed = JSON.parse(v)
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    } catch {
      return false
    }
  }, 'userExt must be a JSON object')

export const updatePlatformCall = defineCall({
  path: 'blade-user/update-platform',
  method: 'POST',
  permission: 'user_edit',
  in: 'body',
  params: z.object({
    userId: idString,
    userType: integerInput('userType: 1 to 3', 1, 3),
    userExt: userExt.optional(),
  }),
  reply: doneReply,
  summary: 'user: set platform type and extension data (a JSON object)',
  tag,
})

/** What a drag-sorted table sends: each account's place. */
const placesBody = z
  .array(z.object({ id: idString, sort: integerInput('sort: a whole number 0 to 1000000', 0, 1_000_000) }))
  .min(1)
  .max(5_000)

export const attendanceOrderCall = defineCall({
  path: 'blade-user/updateOrder',
  method: 'POST',
  permission: 'user_edit',
  in: 'body',
  params: placesBody,
  reply: doneReply,
  summary: "user: set each account's place in the attendance lists ([{id, sort}])",
  tag,
})

export const meetingOrderCall = defineCall({
  path: 'blade-user/updateMeetingOrder',
  method: 'POST',
  permission: 'user_edit',
  in: 'body',
  params: placesBody,
  reply: doneReply,
  summary: "user: set each account's place in the meeting lists ([{id, sort}])",
  tag,
})

/** Every file of an avatar import gets a verdict: the ones refused, with why. */
export const PhotoReport = z.object({
  imported: z.number(),
  errors: z.array(z.object({ file: wire.text, message: wire.text })),
})
export type PhotoReport = z.infer<typeof PhotoReport>

export const importPhotosCall = defineCall({
  path: 'blade-user/import-user-photo',
  also: ['blade-user/uploadPhotos'],
  method: 'POST',
  upload: true,
  permission: 'user_import',
  reply: PhotoReport,
  summary:
    'user: import avatars — a .zip of `<account>.jpg|png` images or several image files (multipart); ' +
    'each at most 500 KB, JPEG or PNG; answers {imported, errors:[{file, message}]}',
  tag,
})

/** One person as the user picker lists them (spec 01 §3 "User (picker)"). */
export const PickedUser = z.object({
  id: wire.id,
  account: wire.text,
  realName: wire.text,
  phone: wire.text,
  deptId: wire.text,
  deptName: wire.text,
})
export type PickedUser = z.infer<typeof PickedUser>

export const userSearchCall = defineCall({
  path: 'blade-user/search/user',
  method: 'GET',
  permission: 'user_view',
  params: z.object({
    current: z.string().optional(),
    size: z.string().optional(),
    realName: z.string().max(45).optional(),
    name: z.string().max(45).optional(),
    phone: z.string().max(45).optional(),
    deptId: z.union([idString, z.literal('')]).optional(),
  }),
  reply: pageOf(PickedUser),
  summary: 'user picker: id, account, realName, deptName, phone (realName/name/phone like, deptId)',
  tag,
})

import type { UserInfo } from '@xpark/contract'
import { avatarCall, updatePasswordCall, userInfoCall } from '@xpark/contract/schemas'
import { eq } from 'drizzle-orm'
import { hashPassword, verifyPassword } from '../../core/auth/passwords.js'
import { authOf } from '../../core/auth/plugin.js'
import { badRequest, notFound } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import { readUpload } from '../../core/http/uploads.js'
import type { ModuleContext } from '../../core/module.js'
import { scoped } from '../../core/tenancy.js'
import { user } from '../identity/index.js'
import { resourceService } from '../resource/index.js'
import { tenantFace } from '../tenant/index.js'
import { deptNames } from './accounts.js'
import { imageTypeOf, MAX_PHOTO_BYTES } from './photos.js'

/** The signed-in user's own record: top-bar info, avatar upload and own password change. */
export async function profileRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  handle(
    api,
    userInfoCall,
    async (_params, request) => {
      const auth = authOf(request)
      const [row] = await db
        .select()
        .from(user)
        .where(scoped(user, auth, eq(user.id, auth.userId)))
      if (!row) throw notFound('用户不存在')
      // the tenant's logo, else its agent's (the top bar shows it)
      const face = await tenantFace(db, auth.tenantId)
      const info: UserInfo = {
        id: row.id,
        tenantId: row.tenantId,
        tenantName: face?.tenantName ?? '',
        tenantLogo: face?.logo ?? '',
        account: row.account,
        name: row.name,
        realName: row.realName,
        avatar: row.avatar,
        email: row.email,
        phone: row.phone,
        roleName: auth.roleAliases.join(','),
        roleAliases: auth.roleAliases,
        deptName: (await deptNames(db, auth.tenantId, auth.deptIds)).join(','),
        defaultPassword: row.passwordDefault || row.mustChangePassword,
        passwordChangeRequired: row.mustChangePassword,
      }
      return info
    },
    { config: { beforePasswordChange: true } },
  )

  // spec 01 §5: the avatar is a jpg or png of at most 500 KB; the bytes decide, not the name. The
  // link is returned for the profile form, which saves it with the other fields (update-info).
  handle(api, avatarCall, async (_params, request) => {
    const auth = authOf(request)
    const file = await readUpload(request)
    const type = imageTypeOf(file.buffer)
    if (!type) throw badRequest('头像只能是 JPG/PNG 格式')
    if (file.buffer.length > MAX_PHOTO_BYTES) throw badRequest('头像大小不能超过 500KB')
    const stored = await resourceService(ctx).storeFile(auth, file.buffer, {
      originalName: file.filename || `avatar.${type === 'image/png' ? 'png' : 'jpg'}`,
      contentType: type,
    })
    return { link: stored.link, name: stored.name, attachId: stored.attachId }
  })

  handle(
    api,
    updatePasswordCall,
    async (q, request) => {
      const auth = authOf(request)
      if (q.newPassword !== q.newPassword1) throw badRequest('请输入正确的确认密码!')
      if (q.newPassword === q.oldPassword) throw badRequest('新密码不能与原密码相同')
      const [row] = await db
        .select()
        .from(user)
        .where(scoped(user, auth, eq(user.id, auth.userId)))
      if (!row) throw notFound('用户不存在')
      if (!(await verifyPassword(row.password, q.oldPassword))) throw badRequest('原密码不正确!')
      await db
        .update(user)
        .set({
          password: await hashPassword(q.newPassword),
          passwordDefault: false,
          mustChangePassword: false,
          updateTime: new Date(),
          updateUser: auth.userId,
        })
        .where(scoped(user, auth, eq(user.id, auth.userId)))
      // whoever else holds a session of this account (the old password's) is signed out; this one stays
      await request.server.sessionControl.endUsers([auth.userId], { keepFamily: auth.familyId })
      return {}
    },
    { config: { beforePasswordChange: true } },
  )
}

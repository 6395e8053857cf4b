import type { UserInfo } from '@xpark/contract'
import { md5Hex } from '@xpark/contract/schemas'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { ModuleContext } from '../../app.js'
import { isAdministrator } from '../../core/auth/guards.js'
import { hashPassword, verifyPassword } from '../../core/auth/passwords.js'
import { authOf } from '../../core/auth/plugin.js'
import { ok, success } from '../../core/envelope.js'
import { badRequest, forbidden, notFound } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { scoped } from '../../core/tenancy.js'
import { deptNames } from './accounts.js'
import { tenant, user } from './schema.js'

/** The signed-in user's own record: top-bar info and own password change. */
export async function profileRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  const tags = ['user']

  api.get('/blade-user/info', { schema: { tags } }, async (request) => {
    const auth = authOf(request)
    const [row] = await db
      .select()
      .from(user)
      .where(scoped(user, auth, eq(user.id, auth.userId)))
    if (!row) throw notFound('用户不存在')
    const [t] = await db
      .select({ name: tenant.tenantName, logo: tenant.logo })
      .from(tenant)
      .where(and(eq(tenant.tenantId, auth.tenantId), eq(tenant.isDeleted, 0)))
    const info: UserInfo = {
      id: row.id,
      tenantId: row.tenantId,
      tenantName: t?.name ?? '',
      tenantLogo: t?.logo ?? '',
      account: row.account,
      name: row.name,
      realName: row.realName,
      avatar: row.avatar,
      email: row.email,
      phone: row.phone,
      roleName: auth.roleAliases.join(','),
      roleAliases: auth.roleAliases,
      deptName: (await deptNames(db, auth.tenantId, auth.deptIds)).join(','),
      defaultPassword: row.passwordDefault,
    }
    return ok(info)
  })

  // spec 01 §7 logo lookup: a tenant's name and logo, for the caller's own tenant (or any, for the platform administrator)
  api.get(
    '/blade-system/proxyTenant/getTenant',
    { schema: { tags: ['tenant'], querystring: z.object({ tenantId: z.string().max(12) }) } },
    async (request) => {
      const auth = authOf(request)
      const { tenantId } = request.query
      if (tenantId !== auth.tenantId && !isAdministrator(auth)) throw forbidden()
      const [row] = await db
        .select({ tenantId: tenant.tenantId, tenantName: tenant.tenantName, logo: tenant.logo })
        .from(tenant)
        .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)))
      if (!row) throw notFound('租户不存在')
      return ok(row)
    },
  )

  api.post(
    '/blade-user/update-password',
    {
      schema: {
        tags,
        description: 'Change own password. All three values are the MD5 hex of the typed password.',
        querystring: z.object({ oldPassword: md5Hex, newPassword: md5Hex, newPassword1: md5Hex }),
      },
    },
    async (request) => {
      const auth = authOf(request)
      const q = request.query
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
          updateTime: new Date(),
          updateUser: auth.userId,
        })
        .where(scoped(user, auth, eq(user.id, auth.userId)))
      return success()
    },
  )
}

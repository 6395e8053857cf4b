import { tenantOwnSettingCall, tenantOwnSettingSubmitCall } from '@xpark/contract/schemas'
import { and, eq } from 'drizzle-orm'
import { authOf } from '../../core/auth/plugin.js'
import { notFound } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import type { ModuleContext } from '../../core/module.js'
import { tenant } from './schema.js'

/**
 * blade-system/tenantSetting (spec 01 §7 "Tenant setting detail and submit", fields not shown): the
 * caller's own tenant, read by anyone signed in to it and changed by its administrator. Only the face
 * and contact fields; the licence, domain and agent are the platform's. See docs/architecture.md.
 */
export async function tenantOwnSettingRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  const own = (tenantId: string) => and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0))

  handle(api, tenantOwnSettingCall, async (_params, request) => {
    const [row] = await db
      .select({
        tenantId: tenant.tenantId,
        tenantName: tenant.tenantName,
        domain: tenant.domain,
        linkman: tenant.linkman,
        contactNumber: tenant.contactNumber,
        address: tenant.address,
        logo: tenant.logo,
        backgroundUrl: tenant.backgroundUrl,
        accountNumber: tenant.accountNumber,
        expireTime: tenant.expireTime,
      })
      .from(tenant)
      .where(own(authOf(request).tenantId))
    if (!row) throw notFound('租户不存在')
    return row
  })

  handle(api, tenantOwnSettingSubmitCall, async (values, request) => {
    const auth = authOf(request)
    const done = await db
      .update(tenant)
      .set({ ...values, updateUser: auth.userId, updateTime: new Date() })
      .where(own(auth.tenantId))
      .returning({ id: tenant.id })
    if (!done.length) throw notFound('租户不存在')
    return {}
  })
}

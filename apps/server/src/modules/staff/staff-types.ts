import { staffTypeContract, staffTypeSelectCall } from '@xpark/contract/schemas'
import { asc, eq, ne } from 'drizzle-orm'
import { authOf } from '../../core/auth/plugin.js'
import { BLADEX_SYSTEM_SCOPES, defineResource, registerResource } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import type { ModuleContext } from '../../core/module.js'
import { scoped } from '../../core/tenancy.js'
import { staffType } from './schema.js'

/**
 * blade-system/staff/type (员工类型): a tenant's staff types, CRUD plus `select` (id, name, code in
 * sort order) for the pickers of other screens, open to every signed-in user of the tenant.
 */
export const staffTypeResource = defineResource({
  contract: staffTypeContract,
  table: staffType,
  tag: 'staffType',
  tenant: true,
  ...BLADEX_SYSTEM_SCOPES,
  beforeWrite: async ({ tx, auth, values, id }) => {
    if (values.code === undefined) return
    const [clash] = await tx
      .select({ id: staffType.id })
      .from(staffType)
      .where(scoped(staffType, auth, eq(staffType.code, values.code), id ? ne(staffType.id, id) : undefined))
      .limit(1)
    if (clash) throw badRequest(`员工类型编号已存在: ${values.code}`)
  },
})

export async function staffTypeRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  await registerResource(api, db, staffTypeResource)
  handle(api, staffTypeSelectCall, async (_params, request) =>
    db
      .select({ id: staffType.id, name: staffType.name, code: staffType.code })
      .from(staffType)
      .where(scoped(staffType, authOf(request)))
      .orderBy(asc(staffType.sort), asc(staffType.id)),
  )
}

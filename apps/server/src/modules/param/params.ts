import { paramContract } from '@xpark/contract/schemas'
import { and, eq, ne, sql } from 'drizzle-orm'
import { isAdministrator } from '../../core/auth/guards.js'
import { CREDENTIAL_REGEX } from '../../core/credentials.js'
import { defineResource, registerResource } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import type { ModuleContext } from '../../core/module.js'
import { param } from './schema.js'

/** blade-system/param: global system parameters; everyone with param_view reads, the platform administrator writes. */
export const paramResource = defineResource({
  contract: paramContract,
  table: param,
  tenant: false, // global table: writes are platform-administrator only (the factory's default for it)
  // platform parameters are read by every tenant's param_view holder: never the ones holding a
  // credential (named so: core/credentials.ts), which only the platform administrator sees
  scope: (auth) =>
    isAdministrator(auth)
      ? undefined
      : sql`lower(regexp_replace(${param.paramKey}, '[_.-]', '', 'g')) !~ ${CREDENTIAL_REGEX}`,
  beforeWrite: async ({ tx, values, id }) => {
    // code reads parameters by key, so a key names one parameter
    if (values.paramKey === undefined) return
    const [clash] = await tx
      .select({ id: param.id })
      .from(param)
      .where(
        and(eq(param.paramKey, values.paramKey), eq(param.isDeleted, 0), id ? ne(param.id, id) : undefined),
      )
      .limit(1)
    if (clash) throw badRequest(`参数键已存在: ${values.paramKey}`)
  },
})

export async function paramRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  await registerResource(api, ctx.database.db, paramResource)
}

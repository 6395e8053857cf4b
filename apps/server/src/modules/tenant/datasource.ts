import { DATASOURCE_DRIVER, datasourceContract, datasourceSelectCall } from '@xpark/contract/schemas'
import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import { defineResource, registerResource } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import type { ModuleContext } from '../../core/module.js'
import { datasource, tenant } from './schema.js'

/**
 * blade-system/datasource (BladeX blade_datasource): PostgreSQL databases a tenant may be bound to
 * (`tenant/datasource`). xpark keeps every tenant in its one database: the binding is stored and
 * shown, not routed. The server never connects to a URL given here (BladeX #36: its "test
 * connection" was an SSRF and file-read hole), so there is no test-connection route. The password
 * is write-only: never read back; an edit without one keeps the stored one.
 */
export const datasourceResource = defineResource({
  // platform data: reads answer the platform administrator only, like writes (the contract's `view`)
  contract: datasourceContract,
  table: datasource,
  omit: ['password'],
  tenant: false,
  beforeWrite: async ({ tx, values, id }) => {
    if (values.name !== undefined) {
      const [clash] = await tx
        .select({ id: datasource.id })
        .from(datasource)
        .where(
          and(
            eq(datasource.name, values.name),
            eq(datasource.isDeleted, 0),
            id ? ne(datasource.id, id) : undefined,
          ),
        )
        .limit(1)
      if (clash) throw badRequest(`数据源名称已存在: ${values.name}`)
    }
    if (!id) values.driverClass ??= DATASOURCE_DRIVER
    if (values.password === undefined || values.password === '') {
      if (id) delete values.password
      else values.password = ''
    }
  },
  beforeRemove: async ({ tx, ids }) => {
    const [bound] = await tx
      .select({ tenantId: tenant.tenantId })
      .from(tenant)
      .where(and(inArray(tenant.datasourceId, [...ids]), eq(tenant.isDeleted, 0)))
      .limit(1)
    if (bound) throw badRequest(`数据源仍绑定租户,不能删除: ${bound.tenantId}`)
  },
})

export async function datasourceRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  await registerResource(api, db, datasourceResource)
  handle(api, datasourceSelectCall, () =>
    db
      .select({ id: datasource.id, name: datasource.name })
      .from(datasource)
      .where(eq(datasource.isDeleted, 0))
      .orderBy(asc(datasource.name)),
  )
}

import { apiScopeContract, dataScopeContract, parseCustomScope } from '@xpark/contract/schemas'
import { and, eq, inArray } from 'drizzle-orm'
import { defineResource, registerResource } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import type { ModuleContext } from '../../core/module.js'
import { SCOPE_CACHE_PREFIX, SCOPE_CUSTOM } from '../../core/scope/index.js'
import { menu } from '../menu/index.js'
import { roleScope, scopeApi, scopeData } from './schema.js'
import { API_SCOPE, DATA_SCOPE } from './scope-source.js'

/**
 * blade-system/data-scope and blade-system/api-scope: the rule definitions (global tables, written by
 * the platform administrator only; tenants grant them to their roles through role/grant).
 * Listed per menu with `?menuId=`.
 */
export async function scopeRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  const forget = () => ctx.cache.clearPrefix(SCOPE_CACHE_PREFIX)

  await registerResource(
    api,
    db,
    defineResource({
      contract: dataScopeContract,
      table: scopeData,
      tag: 'data-scope',
      tenant: false,
      references: { menuId: { to: menu, message: '菜单不存在' } },
      beforeWrite: async ({ tx, values, id }) => {
        let type = values.scopeType
        let value = values.scopeValue
        if (id && (type === undefined || value === undefined)) {
          const [row] = await tx
            .select({ scopeType: scopeData.scopeType, scopeValue: scopeData.scopeValue })
            .from(scopeData)
            .where(eq(scopeData.id, id))
          type ??= row?.scopeType
          value ??= row?.scopeValue
        }
        if (type === SCOPE_CUSTOM && !parseCustomScope(value ?? ''))
          throw badRequest(
            `scopeValue: a custom scope needs a JSON rule, e.g. [{"column":"create_dept","op":"in","values":["\${deptIds}"]}]`,
          )
        await forget()
      },
      beforeRemove: async ({ tx, ids }) => {
        await tx
          .delete(roleScope)
          .where(and(eq(roleScope.scopeCategory, DATA_SCOPE), inArray(roleScope.scopeId, [...ids])))
        await forget()
      },
    }),
  )

  await registerResource(
    api,
    db,
    defineResource({
      contract: apiScopeContract,
      table: scopeApi,
      tag: 'api-scope',
      tenant: false,
      references: { menuId: { to: menu, message: '菜单不存在' } },
      beforeWrite: async () => forget(),
      beforeRemove: async ({ tx, ids }) => {
        await tx
          .delete(roleScope)
          .where(and(eq(roleScope.scopeCategory, API_SCOPE), inArray(roleScope.scopeId, [...ids])))
        await forget()
      },
    }),
  )
}

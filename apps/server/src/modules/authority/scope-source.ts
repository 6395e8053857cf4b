import { and, eq, inArray } from 'drizzle-orm'
import type { ScopeSource } from '../../core/scope/index.js'
import type { Database } from '../../db/client.js'
import { user, userDept } from '../identity/index.js'
import { deptSubtree } from '../org/index.js'
import { roleScope, scopeApi, scopeData } from './schema.js'

/** role_scope.scope_category */
export const DATA_SCOPE = 1
export const API_SCOPE = 2

/** The system module's answer to core/scope: rules from blade_scope_data / blade_scope_api via blade_role_scope. */
export function systemScopeSource(database: Pick<Database, 'db'>): ScopeSource {
  const { db } = database
  return {
    // blade_user.dept_id is matched through blade_user_dept (kept equal to it for live users by triggers)
    links: [
      { column: user.deptId, owner: userDept.userId, value: userDept.deptId, tenant: userDept.tenantId },
    ],
    async dataRules(roleIds, resourceCode) {
      if (!roleIds.length) return []
      return db
        .selectDistinct({
          scopeType: scopeData.scopeType,
          scopeColumn: scopeData.scopeColumn,
          scopeValue: scopeData.scopeValue,
        })
        .from(scopeData)
        .innerJoin(
          roleScope,
          and(eq(roleScope.scopeId, scopeData.id), eq(roleScope.scopeCategory, DATA_SCOPE)),
        )
        .where(
          and(
            inArray(roleScope.roleId, [...roleIds]),
            eq(scopeData.resourceCode, resourceCode),
            eq(scopeData.isDeleted, 0),
          ),
        )
    },
    deptSubtree: (tenantId, deptIds) => deptSubtree(db, tenantId, deptIds),
    async apiPaths(roleIds) {
      if (roleIds === null) {
        const rows = await db
          .selectDistinct({ path: scopeApi.scopePath })
          .from(scopeApi)
          .where(eq(scopeApi.isDeleted, 0))
        return rows.map((r) => r.path)
      }
      if (!roleIds.length) return []
      const rows = await db
        .selectDistinct({ path: scopeApi.scopePath })
        .from(scopeApi)
        .innerJoin(roleScope, and(eq(roleScope.scopeId, scopeApi.id), eq(roleScope.scopeCategory, API_SCOPE)))
        .where(and(inArray(roleScope.roleId, [...roleIds]), eq(scopeApi.isDeleted, 0)))
      return rows.map((r) => r.path)
    },
  }
}

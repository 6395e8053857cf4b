import {
  communitiesCall,
  getDictCall,
  getTroubleCall,
  PROPERTY_DICTS,
  type PropertyDictCode,
  propertyDictContract,
  queryTypeCall,
} from '@xpark/contract/modules/property'
import { DICT_ROOT_KEY, DICT_ROOT_PARENT } from '@xpark/contract/schemas'
import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import { authOf } from '../../../core/auth/plugin.js'
import type { AuthContext } from '../../../core/auth/tokens.js'
import { defineResource, registerResource } from '../../../core/crud/index.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { scoped, stamped } from '../../../core/tenancy.js'
import type { Tx } from '../../../db/client.js'
import { BIZ_DICT, dictBiz, dictBizResource } from '../../dict/index.js'
import { dept } from '../../org/index.js'
import { isCommunity } from '../communities.js'

/**
 * The property dictionaries on 服务类型 and in the app: entries of the tenant's business dictionary
 * under the `property_*` codes, written through the dict module's own rules (a key once per code),
 * the dictionary's root made on a tenant's first entry; the communities for the selects.
 */

const CODES = Object.keys(PROPERTY_DICTS) as PropertyDictCode[]

/** The root of a property dictionary in the caller's tenant, made when it has none yet. */
async function rootOf(tx: Tx, auth: AuthContext, code: PropertyDictCode): Promise<string> {
  const where = scoped(dictBiz, auth, eq(dictBiz.code, code), eq(dictBiz.parentId, DICT_ROOT_PARENT))
  const [root] = await tx.select({ id: dictBiz.id }).from(dictBiz).where(where).limit(1)
  if (root) return root.id
  const row = stamped(dictBiz, auth, {
    parentId: DICT_ROOT_PARENT,
    code,
    dictKey: DICT_ROOT_KEY,
    dictValue: PROPERTY_DICTS[code],
    sort: CODES.indexOf(code) + 1,
    isSealed: 1,
  })
  await tx.insert(dictBiz).values(row as never)
  return String(row.id)
}

/** 服务类型's resource: the entries (never the roots) of the property codes, with the dict rules. */
export function propertyDicts(ctx: ModuleContext) {
  return defineResource({
    contract: propertyDictContract,
    table: dictBiz,
    // the tenant's dictionary: no role data scope (as the business dictionary), only these codes
    scope: async () => and(inArray(dictBiz.code, CODES), ne(dictBiz.parentId, DICT_ROOT_PARENT)),
    beforeWrite: async (w) => {
      const v = w.values as Record<string, unknown>
      if (v.code !== undefined) v.parentId = await rootOf(w.tx, w.auth, v.code as PropertyDictCode)
      else if (w.id) {
        const [current] = await w.tx
          .select({ parentId: dictBiz.parentId })
          .from(dictBiz)
          .where(scoped(dictBiz, w.auth, eq(dictBiz.id, w.id)))
        if (current) v.parentId = current.parentId
      }
      v.isSealed = 0
      await dictBizResource.beforeWrite?.(w as never)
    },
    beforeRemove: (r) => dictBizResource.beforeRemove?.(r) ?? Promise.resolve(),
    // the dictionaries' cached lookups (`dictionary?code=`) follow
    afterCommit: async ({ auth }) => ctx.cache.clearPrefix(BIZ_DICT.cachePrefix(auth)),
  })
}

export async function registerLookupRoutes(api: Api, ctx: ModuleContext) {
  const db = ctx.database.db
  await registerResource(api, db, propertyDicts(ctx))

  const entries = async (auth: AuthContext, code: PropertyDictCode) =>
    db
      .select({ dictKey: dictBiz.dictKey, dictValue: dictBiz.dictValue, sort: dictBiz.sort })
      .from(dictBiz)
      .where(scoped(dictBiz, auth, eq(dictBiz.code, code), ne(dictBiz.parentId, DICT_ROOT_PARENT)))
      .orderBy(asc(dictBiz.sort), asc(dictBiz.id))
      .limit(1000)

  handle(api, queryTypeCall, async ({ kind }, request) =>
    entries(authOf(request), kind === 'clean' ? 'property_clean_type' : 'property_repair_type'),
  )
  handle(api, getTroubleCall, async (_, request) => entries(authOf(request), 'property_trouble'))
  handle(api, getDictCall, async ({ code }, request) => entries(authOf(request), code))

  handle(api, communitiesCall, async (_, request) =>
    db
      .select({ id: dept.id, deptName: dept.deptName, parentId: dept.parentId })
      .from(dept)
      .where(scoped(dept, authOf(request), isCommunity))
      .orderBy(asc(dept.sort), asc(dept.id)),
  )
}

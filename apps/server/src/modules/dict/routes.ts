import { DICT_ROOT_PARENT, type DictItem, dictCalls } from '@xpark/contract/schemas'
import { and, asc, eq, ne } from 'drizzle-orm'
import { authOf } from '../../core/auth/plugin.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { listRows, type Resource, registerResource } from '../../core/crud/index.js'
import { toWireJson } from '../../core/envelope.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import { sendCachedData } from '../../core/http/prepared.js'
import type { ModuleContext } from '../../core/module.js'
import { scoped } from '../../core/tenancy.js'
import { bySort, forestOf, treeOf } from '../../core/tree.js'
import type { DictKind, DictRow } from './resource.js'

/**
 * The routes of BladeX's DictController / DictBizController: the factory's detail, page, submit,
 * save, update and remove (rules in resource.ts), and by hand the reads that are not a flat page —
 * `list` (a tree, bladex-conventions §2), `parent-list`, `child-list`, `tree`, `dictionary?code=`.
 */

/** short enough that a read racing a write cannot keep a stale answer for long */
const CACHE_TTL = 600
/** dictionaries are small; a bound keeps a runaway table from answering megabytes */
const MAX_ROWS = 20_000

type Query = Record<string, unknown>

function toItem(row: DictRow): DictItem {
  return {
    id: row.id,
    parentId: row.parentId,
    code: row.code,
    dictKey: row.dictKey,
    dictValue: row.dictValue,
    sort: row.sort,
    remark: row.remark,
    isSealed: row.isSealed === 1 ? 1 : 0,
  }
}

export async function dictRoutes(api: Api, ctx: ModuleContext, k: DictKind): Promise<void> {
  // in a scope of their own: a write drops this kind's cached lookups once it has committed
  await api.register(async (scope) => {
    scope.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'POST' && reply.statusCode === 200 && request.auth)
        await ctx.cache.clearPrefix(k.cachePrefix(request.auth))
      return payload
    })
    await dictRoutesIn(scope as Api, ctx, k)
  })
}

async function dictRoutesIn(api: Api, ctx: ModuleContext, k: DictKind): Promise<void> {
  const { resource: r, table: t } = k
  const db = ctx.database.db
  await registerResource(api, db, r)
  const calls = dictCalls[k.kind === 'sys' ? 'dict' : 'dict-biz']
  const roots: Resource = {
    ...r,
    scope: async (auth) => and(await r.scope?.(auth), eq(t.parentId, DICT_ROOT_PARENT)),
  }

  const rowsWhere = async (auth: AuthContext, query: Query) =>
    db
      .select()
      .from(t)
      .where(scoped(t, auth, ...r.filterSet.conditions(query)))
      .orderBy(asc(t.sort), asc(t.id))
      .limit(MAX_ROWS)

  /**
   * `dictionary?code=`: the entries under the root with that code, cached as wire JSON until the next
   * write (every screen with a dictionary column asks for it: sent as cached, core/http/prepared.ts).
   */
  const dictionaryJson = async (auth: AuthContext, code: string): Promise<{ key: string; json: string }> => {
    const key = `${k.cachePrefix(auth)}${code}`
    const hit = await ctx.cache.get(key)
    if (hit !== null) return { key, json: hit }
    const rows = await db
      .select()
      .from(t)
      .where(scoped(t, auth, eq(t.code, code), ne(t.parentId, DICT_ROOT_PARENT)))
      .orderBy(asc(t.sort), asc(t.id))
      .limit(MAX_ROWS)
    const json = toWireJson(rows.map(toItem))
    await ctx.cache.set(key, json, CACHE_TTL)
    return { key, json }
  }
  // a fresh copy: the tree is built in it
  const dictionary = async (auth: AuthContext, code: string): Promise<DictItem[]> =>
    JSON.parse((await dictionaryJson(auth, code)).json) as DictItem[]

  handle(api, calls.list, async (query, request) => forestOf(bySort(await rowsWhere(authOf(request), query))))
  handle(api, calls.parentList, async (query, request) => listRows(db, roots, authOf(request), query))
  handle(api, calls.childList, async (query, request) => listRows(db, r, authOf(request), query))
  handle(api, calls.tree, async (_, request) =>
    treeOf(bySort(await rowsWhere(authOf(request), {})).map((row) => ({ ...row, title: row.dictValue }))),
  )
  handle(api, calls.dictionary, async ({ code }, request, reply) => {
    const { key, json } = await dictionaryJson(authOf(request), code)
    return sendCachedData(request, reply, key, json)
  })
  handle(api, calls.dictionaryTree, async ({ code }, request) =>
    forestOf(bySort(await dictionary(authOf(request), code))),
  )
}

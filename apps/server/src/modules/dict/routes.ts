import { DICT_ROOT_PARENT, type DictItem } from '@xpark/contract/schemas'
import { and, asc, eq, ne } from 'drizzle-orm'
import { z } from 'zod'
import { authOf } from '../../core/auth/plugin.js'
import { SIGNED_IN } from '../../core/auth/route-permissions.js'
import type { AuthContext } from '../../core/auth/tokens.js'
import { listRows, type Resource, registerResource } from '../../core/crud/index.js'
import { ok, toWireJson } from '../../core/envelope.js'
import type { Api } from '../../core/http/api.js'
import { sendCachedData } from '../../core/http/prepared.js'
import { isId } from '../../core/ids.js'
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

const ID = 'must be a 64-bit id'
const idSchema = z
  .string({ error: ID })
  .regex(/^[1-9]\d{0,18}$/, ID)
  .refine(isId, ID)
const codeSchema = z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(255)

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
  const base = `/${r.path}`
  const tags = [r.tag]
  const view = r.permissions.view
  const filterText = (what: string) => z.string().optional().describe(what)
  const filters = {
    code: filterText('like; also code_equal …'),
    dictValue: filterText('like'),
    dictKey: filterText('eq'),
    isSealed: filterText('eq (0 or 1)'),
  }
  const pageQuery = z
    .object({
      current: filterText('page, from 1'),
      size: filterText('rows per page (default 10)'),
      ...filters,
    })
    .loose()
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

  api.get(
    `${base}/list`,
    {
      config: { permission: view },
      schema: {
        tags,
        summary: `${r.tag}: every entry as a tree (not paged)`,
        querystring: z.object(filters).loose(),
      },
    },
    async (request) => ok(forestOf(bySort(await rowsWhere(authOf(request), request.query)))),
  )
  api.get(
    `${base}/parent-list`,
    {
      config: { permission: view },
      schema: { tags, summary: `${r.tag}: the roots (dictionaries), paged`, querystring: pageQuery },
    },
    async (request) => ok(await listRows(db, roots, authOf(request), request.query)),
  )
  api.get(
    `${base}/child-list`,
    {
      config: { permission: view },
      schema: {
        tags,
        summary: `${r.tag}: the entries under one parent, paged`,
        querystring: pageQuery.extend({ parentId: idSchema }),
      },
    },
    async (request) => ok(await listRows(db, r, authOf(request), request.query)),
  )
  api.get(
    `${base}/tree`,
    { config: { permission: view }, schema: { tags, summary: `${r.tag}: TreeNode forest of every entry` } },
    async (request) =>
      ok(
        treeOf(bySort(await rowsWhere(authOf(request), {})).map((row) => ({ ...row, title: row.dictValue }))),
      ),
  )
  api.get(
    `${base}/dictionary`,
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: `${r.tag}: the entries of one dictionary code (cached)`,
        querystring: z.object({ code: codeSchema }),
      },
    },
    async (request, reply) => {
      const { key, json } = await dictionaryJson(authOf(request), request.query.code)
      return sendCachedData(request, reply, key, json)
    },
  )
  api.get(
    `${base}/dictionary-tree`,
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: `${r.tag}: the entries of one dictionary code as a tree`,
        querystring: z.object({ code: codeSchema }),
      },
    },
    async (request) => ok(forestOf(bySort(await dictionary(authOf(request), request.query.code)))),
  )
}

import {
  type ActionContract,
  type HttpMethod,
  liveCallOf,
  type RouteSpec,
  routeUrl,
} from '@xpark/contract/kit'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Db } from '../../db/client.js'
import { can } from '../auth/guards.js'
import { authOf } from '../auth/plugin.js'
import { ADMINISTRATOR } from '../auth/route-permissions.js'
import { ok, status } from '../envelope.js'
import { badRequest } from '../errors.js'
import type { Api } from '../http/api.js'
import { handle, parsed } from '../http/calls.js'
import { envelopeOf, pageOf, writeReply } from '../http/wire.js'
import { isId } from '../ids.js'
import { tenantChannel } from '../realtime/index.js'
import { kitScopeHook } from '../scope/registry.js'
import { actionSchema, runAction } from './actions.js'
import { registerExcelRoutes } from './excel-routes.js'
import { readLines, removeLines, saveWithLines, withLinesSchema } from './lines.js'
import { listQuerySchema } from './list-query.js'
import type { Resource, Verb } from './resource.js'
import { type Access, type Body, type Handler, toSpec } from './route-parts.js'
import { findRow, insertRow, listRows, removeRows, updateRow } from './store.js'
import { levelRows, treeNodes, treeRows } from './tree.js'
import { sealWriteOnly } from './write-only.js'

/** Turn a resource declaration into its routes on the API scope. */

const MAX_IDS = 1000
const SELECT_LIMIT = 1000
const ID_MESSAGE = 'must be a 64-bit id'
const idSchema = z
  .string({ error: ID_MESSAGE })
  .regex(/^[1-9]\d{0,18}$/, ID_MESSAGE)
  .refine(isId, ID_MESSAGE)
/** `ids=1,2,3`, as Saber sends it on `remove` */
const idListSchema = z
  .string({ error: 'ids is required' })
  .refine((s) => {
    const ids = s.split(',')
    return ids.length <= MAX_IDS && ids.every(isId)
  }, `must be a comma-separated list of at most ${MAX_IDS} 64-bit ids`)
  .describe('comma-separated ids')

/**
 * What a write needs (core/auth/route-permissions.ts): its button code, or for platform data (a
 * global table) the platform administrator, who alone holds every code there.
 */
function writePermission(r: Resource, code: string): string {
  return r.writeGuard === 'administrator' ? ADMINISTRATOR : code
}

/** An empty or null `id` in a submit body means "new row" (Saber sends the form as it stands). */
const optionalId = z.union([idSchema, z.literal('')]).nullish()

export async function registerResource(api: Api, db: Db, r: Resource): Promise<void> {
  const tags = [r.tag]
  // a resource of a tenant table is narrowed by the role × resource rules of its code and guarded
  // by API scope, unless it says why not (its own `scope` or `scope: false`, `apiScope: false`); the
  // hook is the same for every app of the process (it finds the app's scopes through the caller), so
  // setting it once is enough
  if (r.scopeByRules && !r.scope) r.scope = kitScopeHook(r.contract.code, r.table)
  const guards = [...(r.apiScope ? [api.scopes.api.guard] : []), ...(r.guards ?? [])]
  /** what a route requires (core/auth/route-permissions.ts) and its extra guards */
  const read: Access = { permission: r.permissions.view, guards }
  const writeWith = (codeFor: (request: FastifyRequest) => string): Access => ({
    permission: (request) => writePermission(r, codeFor(request)),
    guards,
  })
  const needs = (code: string): Access => ({ permission: code, guards })
  const row = r.contract.row
  const replyOf = <T extends z.ZodType>(data: T) => ({ response: { 200: envelopeOf(data) } })

  /** One route (several methods and paths where the spec names them). */
  function route(
    spec: RouteSpec & { methods: readonly HttpMethod[] },
    summary: string,
    schema: Record<string, unknown>,
    access: Access,
    handler: Handler,
    extra: Record<string, unknown> = {},
  ) {
    const urls = [routeUrl(r, spec), ...(spec.also ?? [])].map((u) => `/${u.replace(/^\/+/, '')}`)
    for (const url of urls)
      api.route({
        method: [...spec.methods],
        url,
        schema: { tags, summary: `${r.tag}: ${summary}`, ...schema },
        config: { permission: access.permission, resource: r },
        preHandler: access.guards,
        handler,
        ...extra,
      } as never)
  }
  const at = (verb: Verb) => r.routes[verb]

  // what the reader is shown of the rows (the resource's `present`, else the rows as read)
  const shown = async (rows: Body[], q: FastifyRequest) => {
    if (!r.present) return rows
    const auth = authOf(q)
    return r.present(rows, { auth, can: (code) => can(q.server, auth, code) })
  }
  const pageShown = async (q: FastifyRequest) => {
    const found = await listRows(db, r, authOf(q), q.query as Body)
    return ok({ ...found, records: await shown(found.records, q) })
  }
  const list = at('list')
  if (list)
    route(list, 'paged list', { querystring: listQuerySchema(r), ...replyOf(pageOf(row)) }, read, pageShown)
  const page = at('page')
  if (page)
    route(page, 'paged list', { querystring: listQuerySchema(r), ...replyOf(pageOf(row)) }, read, pageShown)

  const detail = at('detail')
  if (detail) {
    const lines = r.contract.lines
    const detailRow = lines ? row.extend({ [lines.field]: z.array(lines.row) }) : row
    route(
      detail,
      'one row',
      { querystring: z.object({ [detail.idParam]: idSchema }), ...replyOf(detailRow) },
      read,
      async (q) => {
        const id = String((q.query as Body)[detail.idParam])
        const auth = authOf(q)
        const [found] = await shown([await findRow(db, r, auth, id)], q)
        if (lines) found![lines.field] = await readLines(db, r, auth, id)
        return ok(found)
      },
    )
  }

  const remove = at('remove')
  if (remove)
    route(
      remove,
      'soft delete',
      { querystring: z.object({ [remove.idParam]: idListSchema }) },
      writeWith(() => r.permissions.delete),
      async (q) => {
        await removeRows(db, r, authOf(q), String((q.query as Body)[remove.idParam]).split(','))
        return status(true)
      },
    )

  // writes: a lines resource saves the header and its lines together
  const form = r.contract.lines ? withLinesSchema(r) : r.schema
  const save = async (request: FastifyRequest, id: string | undefined, values: Body) => {
    const auth = authOf(request)
    if (r.contract.writeOnly) sealWriteOnly(r, values, id !== undefined, request.server.secrets)
    if (r.contract.lines && (!id || r.contract.lines.field in values))
      return saveWithLines(db, r, auth, id, values)
    if (id) {
      await updateRow(db, r, auth, id, values)
      return id
    }
    return insertRow(db, r, auth, values)
  }
  // what the writes answer: the row's id, or BladeX's `R.status(true)` (the contract's `writeReply`)
  const byId = r.contract.writeReply === 'id'
  const answer = (id: string) => (byId ? ok({ id }, '操作成功') : status(true))
  const answerSchema = byId ? { response: { 200: writeReply } } : {}

  const submit = at('submit')
  if (submit)
    route(
      submit,
      'insert (no id) or update (with id); every required field is checked',
      { body: form.extend({ id: optionalId }), ...answerSchema },
      writeWith((request) =>
        (request.body as Body | undefined)?.id ? r.permissions.edit : r.permissions.add,
      ),
      async (q) => {
        const { id, ...values } = q.body as Body
        return answer(await save(q, id ? String(id) : undefined, values))
      },
    )

  const insert = at('save')
  if (insert)
    route(
      insert,
      'insert',
      { body: form, ...answerSchema },
      writeWith(() => r.permissions.add),
      async (q) => answer(await save(q, undefined, q.body as Body)),
    )

  const update = at('update')
  if (update)
    route(
      update,
      'update the fields sent',
      // BladeX updateById: only the fields sent change
      { body: form.partial().extend({ id: idSchema }), ...answerSchema },
      writeWith(() => r.permissions.edit),
      async (q) => {
        const { id, ...values } = q.body as Body
        return answer(await save(q, String(id), values))
      },
    )

  // a live list: its viewers' stream of the tenant topic (machines going on and off line)
  const live = liveCallOf(r.contract)
  if (live && r.contract.live) {
    const topic = r.contract.live.topic
    handle(
      api,
      live,
      async (_, request, reply) => {
        const auth = authOf(request)
        // ends when the token does: the console reconnects with its refreshed token
        await request.server.realtime.stream(reply, {
          channels: [tenantChannel(auth.tenantId, topic)],
          until: auth.exp * 1000,
        })
      },
      { preHandler: guards },
    )
  }

  const select = at('select')
  if (select)
    route(
      select,
      `rows for a select (at most ${SELECT_LIMIT})`,
      { querystring: listQuerySchema(r), ...replyOf(z.array(row)) },
      read,
      async (q) =>
        ok(
          (
            await listRows(db, r, authOf(q), {
              ...(q.query as Body),
              current: '1',
              size: String(SELECT_LIMIT),
            })
          ).records,
        ),
    )

  registerTree(r, route, read)
  registerLines(r, route, read, writeWith)
  registerActions(r, route)
  registerExcelRoutes(db, r, route, needs)

  function registerTree(res: Resource, add: typeof route, guard: Access) {
    const treeRow = row.extend({ hasChildren: z.boolean(), children: z.array(z.unknown()).optional() })
    const treeList = at('treeList')
    if (treeList)
      add(
        treeList,
        'the tree (filters keep their hits under the nearest listed ancestor)',
        { querystring: listQuerySchema(res), ...replyOf(z.array(treeRow)) },
        guard,
        async (q) => ok(await treeRows(db, res, authOf(q), q.query as Body)),
      )
    const tree = at('tree')
    if (tree)
      add(
        tree,
        'the tree as TreeNodes (title, key, value) for tree selects',
        { querystring: listQuerySchema(res) },
        guard,
        async (q) => ok(await treeNodes(db, res, authOf(q), q.query as Body)),
      )
    for (const verb of ['lazyList', 'uplist'] as const) {
      const level = at(verb)
      if (level)
        add(
          level,
          'one level under parentId (default the root), with hasChildren',
          {
            querystring: listQuerySchema(res, {
              parentId: z.string().optional().describe('parent id, 0 the root'),
            }),
            ...replyOf(z.array(row.extend({ hasChildren: z.boolean() }))),
          },
          guard,
          async (q) => ok(await levelRows(db, res, authOf(q), q.query as Body)),
        )
    }
  }

  function registerLines(res: Resource, add: typeof route, guard: Access, write: typeof writeWith) {
    const lines = res.contract.lines
    if (!lines) return
    if (lines.read) {
      add(
        { methods: ['GET'], ...toSpec(lines.read) },
        `the lines of a header (by ${lines.key} or id)`,
        {
          querystring: z.object({ [lines.key]: idSchema.optional(), id: idSchema.optional() }),
          ...replyOf(z.array(lines.row)),
        },
        guard,
        async (q) => {
          const query = q.query as Body
          const headerId = query[lines.key] ?? query.id
          if (!headerId) throw badRequest(`参数校验失败: ${lines.key}: Required`)
          return ok(await readLines(db, res, authOf(q), String(headerId)))
        },
      )
    }
    if (lines.remove) {
      const spec = { methods: ['POST'] as const, idParam: 'ids', ...toSpec(lines.remove) }
      add(
        spec,
        'remove lines by id (headers that may still change only)',
        { querystring: z.object({ [spec.idParam]: idListSchema }) },
        write(() => res.permissions.edit),
        async (q) => {
          await removeLines(db, res, authOf(q), String((q.query as Body)[spec.idParam]).split(','))
          return status(true)
        },
      )
    }
  }

  function registerActions(res: Resource, add: typeof route) {
    for (const [name, a] of Object.entries(res.contract.actions ?? {}) as [string, ActionContract][]) {
      const spec = { methods: ['POST'] as const, ...toSpec(a.route ?? name) }
      const params = actionSchema(a)
      const code = a.permission ?? `${res.contract.code}_${name}`
      const post = spec.methods.includes('POST')
      add(
        spec,
        `${name}: ${a.transitions.map((t) => `${t.from.join('|')} → ${t.to}`).join(', ')}`,
        {
          querystring: params.partial().loose(),
          ...(post ? { body: params.partial().loose().nullish() } : {}),
        },
        writeWith(() => code),
        async (q) => {
          const values = parsed(params, { ...(q.query as Body), ...((q.body as Body | undefined) ?? {}) })
          const auth = authOf(q)
          await runAction(db, res, auth, name, values, (c) => can(q.server, auth, c))
          return status(true)
        },
      )
    }
  }
}

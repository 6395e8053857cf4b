import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Db } from '../../db/client.js'
import { authOf } from '../auth/plugin.js'
import { ADMINISTRATOR } from '../auth/route-permissions.js'
import { ok, status } from '../envelope.js'
import type { Api } from '../http/api.js'
import { isId } from '../ids.js'
import type { Resource, Verb } from './resource.js'
import { findRow, insertRow, listRows, removeRows, updateRow } from './store.js'

/** Turn a resource declaration into its BladeX routes on the API scope. */

const MAX_IDS = 1000
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

type Body = Record<string, unknown>

/**
 * What a write needs (core/auth/route-permissions.ts): its button code, or for platform data (a
 * global table) the platform administrator, who alone holds every code there.
 */
function writePermission(r: Resource, code: string): string {
  return r.writeGuard === 'administrator' ? ADMINISTRATOR : code
}

function listQuerySchema(r: Resource) {
  const text = (description: string) => z.string().optional().describe(description)
  const shape: Record<string, z.ZodOptional<z.ZodString>> = {
    current: text('page number, from 1 (default 1)'),
    size: text('rows per page, 1 to 1000 (default 10)'),
    ascs: text(`comma list of sort fields, ascending: ${['id', ...(r.sorts ?? [])].join(', ')}`),
    descs: text('comma list of sort fields, descending'),
  }
  for (const name of r.filterSet.names()) {
    const kind = r.filterSet.kindOf(name)
    const suffixes = ['_equal', '_notequal', '_gt', '_ge', '_lt', '_le', '_in']
    if (kind === 'text') suffixes.push('_like', '_notlike', '_likeleft', '_likeright')
    if (kind === 'date') suffixes.push('_dategt', '_datege', '_datelt', '_datele (yyyy-MM-dd[ HH:mm:ss])')
    shape[name] = text(`${r.filters?.[name] ?? 'eq'} filter; also ${name}${suffixes.join(', ')}`)
  }
  // BladeX clients send extra parameters; they pass through and are ignored unless they name a filter
  return z.object(shape).loose()
}

/** An empty or null `id` in a submit body means "new row" (Saber sends the form as it stands). */
const optionalId = z.union([idSchema, z.literal('')]).nullish()

export async function registerResource(api: Api, db: Db, r: Resource): Promise<void> {
  const base = `/${r.path}`
  const tags = [r.tag]
  const guards = [...(r.guards ?? [])]
  const read = { permission: r.permissions.view }
  const made = (verb: Verb) => !r.skip?.includes(verb)
  const querystring = listQuerySchema(r)
  const editable = r.schema

  for (const verb of ['list', 'page'] as const) {
    if (!made(verb)) continue
    api.get(
      `${base}/${verb}`,
      { schema: { tags, summary: `${r.tag}: paged ${verb}`, querystring }, config: read, preHandler: guards },
      async (request) => ok(await listRows(db, r, authOf(request), request.query)),
    )
  }

  if (made('detail'))
    api.get(
      `${base}/detail`,
      {
        schema: { tags, summary: `${r.tag}: one row`, querystring: z.object({ id: idSchema }) },
        config: read,
        preHandler: guards,
      },
      async (request) => ok(await findRow(db, r, authOf(request), request.query.id)),
    )

  if (made('remove'))
    api.post(
      `${base}/remove`,
      {
        schema: { tags, summary: `${r.tag}: soft delete`, querystring: z.object({ ids: idListSchema }) },
        config: { permission: writePermission(r, r.permissions.delete) },
        preHandler: guards,
      },
      async (request) => {
        await removeRows(db, r, authOf(request), request.query.ids.split(','))
        return status(true)
      },
    )

  if (made('submit'))
    api.post(
      `${base}/submit`,
      {
        schema: {
          tags,
          summary: `${r.tag}: insert (no id) or update (with id); every required field is checked`,
          body: editable.extend({ id: optionalId }),
        },
        config: {
          permission: (request: FastifyRequest) =>
            writePermission(
              r,
              (request.body as Body | undefined)?.id ? r.permissions.edit : r.permissions.add,
            ),
        },
        preHandler: guards,
      },
      async (request) => {
        const { id, ...values } = request.body as Body
        const auth = authOf(request)
        if (id) await updateRow(db, r, auth, String(id), values)
        else await insertRow(db, r, auth, values)
        return status(true)
      },
    )

  if (r.aliases === false) return

  if (made('save'))
    api.post(
      `${base}/save`,
      {
        schema: { tags, summary: `${r.tag}: insert`, body: editable },
        config: { permission: writePermission(r, r.permissions.add) },
        preHandler: guards,
      },
      async (request) => {
        await insertRow(db, r, authOf(request), request.body as Body)
        return status(true)
      },
    )

  if (made('update'))
    api.post(
      `${base}/update`,
      {
        // BladeX updateById: only the fields sent change
        schema: {
          tags,
          summary: `${r.tag}: update the fields sent`,
          body: editable.partial().extend({ id: idSchema }),
        },
        config: { permission: writePermission(r, r.permissions.edit) },
        preHandler: guards,
      },
      async (request) => {
        const { id, ...values } = request.body as Body
        await updateRow(db, r, authOf(request), String(id), values)
        return status(true)
      },
    )
}

import { ATTACH_UPLOAD, attachContract, minioObjectUrlCall, minioUploadCall } from '@xpark/contract/schemas'
import { eq, inArray } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { authOf } from '../../core/auth/plugin.js'
import { BLADEX_SYSTEM_SCOPES, defineResource, registerResource, removeRows } from '../../core/crud/index.js'
import { ok, status } from '../../core/envelope.js'
import { badRequest, notFound } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import { readUpload } from '../../core/http/uploads.js'
import { isId } from '../../core/ids.js'
import type { ModuleContext } from '../../core/module.js'
import { contentTypeOf, FILE_ROUTE, isInlineType, isObjectKey } from '../../core/storage/index.js'
import { scoped } from '../../core/tenancy.js'
import { attach } from './schema.js'
import { resourceService } from './service.js'

/**
 * blade-resource/attach: the tenant's stored files (read and remove; rows are made by uploads),
 * `put-file` (BladeX OssEndpoint) and the signed route every stored object is read through.
 */
/** What storing a file needs (`put-file`): the attachment screen's 上传 button. */
export const UPLOAD_PERMISSION = ATTACH_UPLOAD

export const attachResource = defineResource({
  // rows are made by uploads; `submit` with an id renames one (the name shown and downloaded)
  contract: attachContract,
  table: attach,
  tag: 'attach',
  tenant: true,
  ...BLADEX_SYSTEM_SCOPES,
  skip: ['save', 'update', 'remove'],
  beforeWrite: async ({ id }) => {
    if (!id) throw badRequest('附件只能通过上传新增')
  },
})

const idList = z
  .string({ error: 'ids is required' })
  .refine(
    (s) => s.split(',').length <= 1000 && s.split(',').every(isId),
    'must be a comma-separated list of at most 1000 64-bit ids',
  )

/** RFC 6266 / 5987: an ASCII fallback and the UTF-8 name */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

export async function attachRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  const service = resourceService(ctx)
  await registerResource(api, db, attachResource)

  api.post(
    '/blade-resource/attach/remove',
    {
      schema: {
        tags: ['attach'],
        summary: 'attach: remove the rows and their stored objects',
        querystring: z.object({ ids: idList }),
      },
      config: { permission: 'attach_delete' },
    },
    async (request) => {
      const auth = authOf(request)
      const ids = [...new Set(request.query.ids.split(','))]
      const rows = await db
        .select()
        .from(attach)
        .where(scoped(attach, auth, inArray(attach.id, ids)))
      await removeRows(db, attachResource, auth, ids)
      // after the commit: an object without a row is harmless, a row without its object is not
      await service.removeObjects(rows, request.log)
      return status(true)
    },
  )

  const putQuery = z.object({ code: z.string().max(32, 'code: at most 32 characters').optional() }).loose()
  const store = async (request: FastifyRequest) => {
    const upload = await readUpload(request)
    return service.storeFile(authOf(request), upload.buffer, { originalName: upload.filename })
  }
  for (const path of [
    '/blade-resource/oss/endpoint/put-file',
    '/blade-resource/oss/endpoint/put-file-attach',
  ])
    api.post(
      path,
      {
        schema: {
          tags: ['attach'],
          summary:
            'upload one file (multipart field `file`) to the enabled OSS configuration, else the local disk (`code` is accepted and ignored); answers BladeFile',
          querystring: putQuery,
          consumes: ['multipart/form-data'],
        },
        config: { permission: UPLOAD_PERMISSION },
      },
      async (request) => ok(await store(request)),
    )
  // the spec's "minio upload" (spec 01 §7): the same upload, whichever store is enabled
  handle(api, minioUploadCall, (_, request) => store(request))

  // the spec's "minio getObjectUrl": a signed link for a stored object of the caller's tenant
  handle(api, minioObjectUrlCall, async ({ objectName }, request) => {
    const [row] = await db
      .select({ name: attach.name })
      .from(attach)
      .where(scoped(attach, authOf(request), eq(attach.name, objectName)))
    if (!row) throw notFound('文件不存在')
    return service.links.link(row.name)
  })

  // Public: the signature in the link is the permission (links sit in <img src>, which sends no token)
  api.get(
    `${FILE_ROUTE}/*`,
    {
      config: { public: true },
      schema: {
        tags: ['attach'],
        summary: 'read a stored file through its signed link (`download=1` sends it as an attachment)',
        querystring: z.object({ sign: z.string().max(64).optional(), download: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*']
      const { sign, download } = request.query
      if (!isObjectKey(key) || !sign || !service.links.verify(key, sign)) throw notFound('文件不存在')
      const file = await service.openFile(key)
      if (!file) throw notFound('文件不存在')
      const type = contentTypeOf(key)
      const inline = isInlineType(type) && download !== '1' && download !== 'true'
      reply
        .header('content-type', type)
        .header(
          'content-disposition',
          disposition(inline ? 'inline' : 'attachment', file.row.originalName || key),
        )
        .header('cache-control', 'private, max-age=86400')
        // whatever was uploaded, it never runs as a page of our origin
        .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
        .header('x-content-type-options', 'nosniff')
      if (file.body.size !== undefined) reply.header('content-length', file.body.size)
      return reply.send(file.body.stream)
    },
  )
}

import {
  attachContract,
  attachRemoveCall,
  fileCall,
  minioObjectUrlCall,
  minioUploadCall,
  putFileCall,
} from '@xpark/contract/schemas'
import { eq, inArray } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { authOf } from '../../core/auth/plugin.js'
import { BLADEX_SYSTEM_SCOPES, defineResource, registerResource, removeRows } from '../../core/crud/index.js'
import { badRequest, notFound } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { handle } from '../../core/http/calls.js'
import { readUpload } from '../../core/http/uploads.js'
import type { ModuleContext } from '../../core/module.js'
import { contentTypeOf, FILE_ROUTE, isInlineType, isObjectKey } from '../../core/storage/index.js'
import { scoped } from '../../core/tenancy.js'
import { attach } from './schema.js'
import { resourceService } from './service.js'

/**
 * blade-resource/attach: the tenant's stored files (read and remove; rows are made by uploads),
 * `put-file` (BladeX OssEndpoint) and the signed route every stored object is read through.
 */
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

/** RFC 6266 / 5987: an ASCII fallback and the UTF-8 name */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

export async function attachRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  const service = resourceService(ctx)
  await registerResource(api, db, attachResource)

  handle(api, attachRemoveCall, async (query, request) => {
    const auth = authOf(request)
    const ids = [...new Set(query.ids.split(','))]
    const rows = await db
      .select()
      .from(attach)
      .where(scoped(attach, auth, inArray(attach.id, ids)))
    await removeRows(db, attachResource, auth, ids)
    // after the commit: an object without a row is harmless, a row without its object is not
    await service.removeObjects(rows, request.log)
    return {}
  })

  // `put-file`, `put-file-attach` and the spec's "minio upload" (spec 01 §7): the same upload,
  // whichever store is enabled
  const store = async (_: unknown, request: FastifyRequest) => {
    const upload = await readUpload(request)
    return service.storeFile(authOf(request), upload.buffer, { originalName: upload.filename })
  }
  handle(api, putFileCall, store)
  handle(api, minioUploadCall, store)

  // the spec's "minio getObjectUrl": a signed link for a stored object of the caller's tenant
  handle(api, minioObjectUrlCall, async ({ objectName }, request) => {
    const [row] = await db
      .select({ name: attach.name })
      .from(attach)
      .where(scoped(attach, authOf(request), eq(attach.name, objectName)))
    if (!row) throw notFound('文件不存在')
    return service.links.link(row.name)
  })

  // the signature in the link is the permission (links sit in <img src>, which sends no token); the
  // links are made under FILE_ROUTE (core/storage): the declared route must be where they point
  if (fileCall.path !== `${FILE_ROUTE.slice(1)}/*`)
    throw new Error(`${fileCall.path}: links point to ${FILE_ROUTE}`)
  handle(api, fileCall, async ({ sign, download }, request, reply) => {
    const key = (request.params as { '*': string })['*']
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
  })
}

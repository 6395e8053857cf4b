import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Db } from '../../db/client.js'
import { authOf } from '../auth/plugin.js'
import { ok } from '../envelope.js'
import { columnFields, exportIds, logDownload, sendTemplate, sendWorkbook } from '../excel/index.js'
import { readUpload } from '../http/uploads.js'
import { importMessage, importRows, readImportSheet } from './excel.js'
import { resourceBatches } from './export.js'
import { listQuerySchema } from './list-query.js'
import type { Resource } from './resource.js'
import { type Access, type AddRoute, type Body, toSpec } from './route-parts.js'

/** A resource's Excel routes: the export (GET and POST), the template, the import (contract `excel`). */
export function registerExcelRoutes(db: Db, res: Resource, add: AddRoute, needs: (code: string) => Access) {
  const wire = res.contract.excel
  const server = res.excel
  if (!wire || !server) return
  const exportCode = `${res.contract.code}_export`
  const importCode = `${res.contract.code}_import`
  if (wire.export) {
    const spec = toSpec(wire.export)
    const fields = {
      ids: z.string().optional().describe('only these rows (the ticked ones), comma-separated'),
      title: z.string().max(100).optional().describe('file and sheet name (default: the time)'),
    }
    const send = async (q: FastifyRequest, reply: FastifyReply, params: Body) => {
      const { ids, title, ...query } = params
      const idList = exportIds(ids)
      const batches = await resourceBatches(db, res, authOf(q), query, {
        ...(idList ? { ids: idList } : {}),
        fields: columnFields(server.columns),
      })
      return sendWorkbook(reply, {
        title: (title as string | undefined) ?? server.title,
        columns: server.columns,
        batches,
      })
    }
    const guard = needs(exportCode)
    add(
      { ...spec, methods: ['GET'] },
      'xlsx of the rows the page lists (same filters and scope), or of the ticked ids',
      { querystring: listQuerySchema(res, fields) },
      guard,
      (q, reply) => send(q, reply, q.query as Body),
      { onResponse: logDownload },
    )
    add(
      { ...spec, methods: ['POST'] },
      'the same, ids and title in the JSON body (a long selection does not fit a request line)',
      { querystring: listQuerySchema(res), body: z.object(fields) },
      guard,
      (q, reply) => send(q, reply, { ...(q.query as Body), ...(q.body as Body) }),
      { onResponse: logDownload },
    )
  }
  if (wire.template) {
    const spec = toSpec(wire.template)
    add(
      { ...spec, methods: ['GET'] },
      'the import template (xlsx: header row, notes sheet)',
      {},
      needs(importCode),
      async (_q, reply) =>
        sendTemplate(reply, {
          title: server.import?.templateTitle ?? `${server.title ?? res.tag}导入模板`,
          columns: (server.import?.columns ?? server.columns) as never,
        }),
    )
  }
  if (wire.import) {
    const spec = toSpec(wire.import)
    add(
      { ...spec, methods: ['POST'] },
      'import an xlsx (multipart field `file`): all rows or none; bad rows reported by row number',
      {
        consumes: ['multipart/form-data'],
        querystring: z.object({
          isCovered: z.enum(['0', '1']).optional().describe('1: update rows that already exist'),
        }),
      },
      needs(importCode),
      async (q) => {
        const upload = await readUpload(q)
        const covered = (q.query as Body).isCovered === '1'
        const auth = authOf(q)
        const sheet = await readImportSheet(db, res, auth, upload.buffer)
        const write = server.import?.write
        if (write) {
          const { data, msg } = await write({ request: q, auth, sheet, covered })
          return ok(data, msg)
        }
        const summary = await importRows(db, res, auth, sheet, covered)
        return ok(summary, importMessage(summary))
      },
    )
  }
}

import { doorPassRecordCall, facePhotoCall, personTrackCall } from '@xpark/contract/modules/visitor'
import { and, asc, desc, eq, gte, lte } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { can } from '../../../core/auth/guards.js'
import { authOf } from '../../../core/auth/plugin.js'
import { rowSelection, whereOf } from '../../../core/crud/index.js'
import { addDays } from '../../../core/days.js'
import { formatDateTime } from '../../../core/envelope.js'
import { badRequest, notFound } from '../../../core/errors.js'
import type { Api } from '../../../core/http/api.js'
import { handle } from '../../../core/http/calls.js'
import type { ModuleContext } from '../../../core/module.js'
import { readPaging, selectPage } from '../../../core/query/index.js'
import { photoKey, type Reader } from '../present.js'
import { doorRecords, faceRecords, presentRecords } from '../resources.js'
import { accessRecord, facePhoto } from '../schema.js'

/** A person's track, the passes through doors, and a snapshot by its signed link. */
export function registerRecordRoutes(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  const guards = [api.scopes.api.guard]
  const readerOf = (request: FastifyRequest): Reader => {
    const auth = authOf(request)
    return { auth, can: (code) => can(request.server, auth, code) }
  }
  const wire = (rows: Record<string, unknown>[]) =>
    rows.map((r) => ({
      ...r,
      passTime: r.passTime instanceof Date ? formatDateTime(r.passTime) : r.passTime,
    }))

  handle(
    api,
    personTrackCall,
    async ({ personId, personName, startDay, endDay }, request) => {
      if (!personId && !personName) throw badRequest('请选择人员')
      if (endDay < startDay || addDays(startDay, 31) < endDay) throw badRequest('查询时间范围不能超过31天')
      const reader = readerOf(request)
      const rows = await db
        .select(rowSelection(faceRecords))
        .from(accessRecord)
        .where(
          await whereOf(
            faceRecords,
            reader.auth,
            personId ? eq(accessRecord.personId, personId) : eq(accessRecord.personName, personName ?? ''),
            gte(accessRecord.day, startDay),
            lte(accessRecord.day, endDay),
          ),
        )
        .orderBy(asc(accessRecord.passTime), asc(accessRecord.id))
        .limit(1000)
      return wire(await presentRecords(rows as Record<string, unknown>[], reader)) as never
    },
    { preHandler: guards },
  )

  handle(
    api,
    doorPassRecordCall,
    async ({ current, size, machineId, personName, startDay, endDay }, request) => {
      const reader = readerOf(request)
      const where = await whereOf(
        doorRecords,
        reader.auth,
        eq(accessRecord.passed, 1),
        ...(machineId ? [eq(accessRecord.machineId, machineId)] : []),
        ...(personName ? [eq(accessRecord.personName, personName)] : []),
        ...(startDay ? [gte(accessRecord.day, startDay)] : []),
        ...(endDay ? [lte(accessRecord.day, endDay)] : []),
      )
      const page = await selectPage<Record<string, unknown>>(db, {
        table: accessRecord,
        where: and(where),
        orderBy: [desc(accessRecord.id)],
        paging: readPaging({ current, size }),
        columns: rowSelection(doorRecords) as never,
      })
      return { ...page, records: wire(await presentRecords(page.records, reader)) } as never
    },
    { preHandler: guards },
  )

  handle(api, facePhotoCall, async ({ id, sign }, _request, reply) => {
    if (!ctx.files.verify(photoKey(id), sign)) throw notFound('照片不存在或已过期')
    const [photo] = await db.select().from(facePhoto).where(eq(facePhoto.id, id))
    if (!photo) throw notFound('照片不存在或已过期')
    return reply
      .header('content-type', photo.contentType)
      .header('cache-control', 'private, max-age=86400')
      .send(photo.content)
  })
}

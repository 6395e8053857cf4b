import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError, badRequest } from '../errors.js'
import { assertNoNul } from './text-guard.js'

/**
 * File uploads (multipart/form-data), registered once for every module: one file per request, at
 * most `XPARK_UPLOAD_MAX_BYTES`. Nothing is written to disk: a module reads the file into memory
 * with `readUpload` (bounded by that limit) and parses it.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** the upload size limit in bytes (config `XPARK_UPLOAD_MAX_BYTES`) */
    uploadMaxBytes: number
  }
}

export async function registerUploads(app: FastifyInstance, maxBytes: number): Promise<void> {
  app.decorate('uploadMaxBytes', maxBytes)
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 10_000, parts: 25 },
    throwFileSizeLimit: true,
  })
}

export interface Upload {
  filename: string
  mimetype: string
  buffer: Buffer
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`

/** The request's file in `field` (default `file`): 400 when there is none, 413 when it is too large. */
export async function readUpload(request: FastifyRequest, field = 'file'): Promise<Upload> {
  const missing = `请上传文件 (multipart/form-data, 字段 ${field})`
  if (!request.isMultipart()) throw badRequest(missing)
  const part = await request.file()
  if (!part || part.fieldname !== field) throw badRequest(missing)
  assertNoNul(part.filename, part.mimetype)
  try {
    const buffer = await part.toBuffer()
    return { filename: part.filename, mimetype: part.mimetype, buffer }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, `文件过大, 不能超过 ${megabytes(request.server.uploadMaxBytes)}`)
    throw err
  }
}

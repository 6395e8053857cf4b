import { basename } from 'node:path'
import { importPhotosCall, type PhotoReport } from '@xpark/contract/schemas'
import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { authOf } from '../../core/auth/plugin.js'
import { AppError, badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { Answer, handle } from '../../core/http/calls.js'
import { assertNoNul } from '../../core/http/text-guard.js'
import type { ModuleContext } from '../../core/module.js'
import { ApiScopes, DataScopes } from '../../core/scope/index.js'
import { scoped, touched } from '../../core/tenancy.js'
import {
  InflateBudget,
  readEntry,
  ZipDamaged,
  type ZipEntry,
  ZipTooLarge,
  zipEntries,
} from '../../core/zip/index.js'
import { systemScopeSource } from '../authority/index.js'
import { user } from '../identity/index.js'
import { resourceService } from '../resource/index.js'
import { mayManage, NOT_GOVERNED, roleAuthority } from './authority.js'
import { USER_RESOURCE } from './user.js'

/**
 * Avatar import (`import-user-photo`, alias `uploadPhotos`): a .zip of images named
 * `<account>.jpg|png`, or several such image files. Each image is at most 500 KB and must be a
 * JPEG or PNG by its first bytes (the name alone proves nothing); it is stored through the
 * resource module (blade_attach + the tenant's object store) and becomes the user's `avatar`.
 * Only users the caller may edit (tenant and data scope) are touched. Every file gets a verdict.
 */

export const MAX_PHOTO_BYTES = 500 * 1024
/** files in one request, and images in one zip */
export const MAX_PHOTOS = 1000
/** what the images of one zip may add up to once inflated (counted as inflated, see unzipPhotos) */
export const MAX_ZIP_INFLATED = 50 * 1024 * 1024

export type PhotoError = PhotoReport['errors'][number]

interface Photo {
  file: string
  bytes: Uint8Array
}

const JPEG = [0xff, 0xd8, 0xff]
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const ZIP = [0x50, 0x4b, 0x03, 0x04]
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b)

/** the image type by magic bytes, or null */
export function imageTypeOf(bytes: Uint8Array): 'image/jpeg' | 'image/png' | null {
  if (startsWith(bytes, JPEG)) return 'image/jpeg'
  if (startsWith(bytes, PNG)) return 'image/png'
  return null
}

const tooLarge = () => `图片不能超过 ${MAX_PHOTO_BYTES / 1024} KB`

/**
 * The images of a zip. Declared sizes are checked from the directory first (a cheap refusal of an
 * honest oversized file); then each image is really inflated and counted (core/zip: off the event
 * loop, stopped at the first limit passed), so a zip that lies about its sizes costs no more.
 */
export async function unzipPhotos(
  zip: Uint8Array,
  name: string,
): Promise<{ photos: Photo[]; errors: PhotoError[] }> {
  const errors: PhotoError[] = []
  const photos: Photo[] = []
  let entries: ZipEntry[]
  try {
    entries = zipEntries(zip)
  } catch {
    return { photos: [], errors: [{ file: name, message: '压缩包无法读取' }] }
  }
  const totalProblem = `压缩包内图片合计不能超过 ${MAX_ZIP_INFLATED / 1024 / 1024} MB`
  const budget = new InflateBudget(MAX_PHOTO_BYTES, MAX_ZIP_INFLATED)
  let seen = 0
  let declared = 0
  for (const entry of entries) {
    const base = basename(entry.name)
    if (entry.name.endsWith('/') || entry.name.startsWith('__MACOSX/') || base.startsWith('.')) continue
    if (++seen > MAX_PHOTOS) {
      if (seen === MAX_PHOTOS + 1)
        errors.push({ file: name, message: `压缩包内图片不能超过 ${MAX_PHOTOS} 张` })
      continue
    }
    if (entry.declaredSize > MAX_PHOTO_BYTES) {
      errors.push({ file: base, message: tooLarge() })
      continue
    }
    declared += entry.declaredSize
    if (declared > MAX_ZIP_INFLATED) {
      errors.push({ file: base, message: totalProblem })
      continue
    }
    try {
      photos.push({ file: base, bytes: await readEntry(zip, entry, budget) })
    } catch (error) {
      if (error instanceof ZipTooLarge)
        errors.push({ file: base, message: error.limit === MAX_PHOTO_BYTES ? tooLarge() : totalProblem })
      else if (error instanceof ZipDamaged) errors.push({ file: base, message: '压缩包无法读取' })
      else throw error
    }
  }
  return { photos, errors }
}

/** `<account>.jpg|jpeg|png` → the account, or null */
export function accountOfFile(file: string): string | null {
  const match = /^(.{1,45})\.(jpe?g|png)$/i.exec(file)
  return match ? match[1]!.trim() || null : null
}

/** Read every file of the request: zips are opened, images taken as they are. */
async function readPhotos(request: FastifyRequest): Promise<{ photos: Photo[]; errors: PhotoError[] }> {
  if (!request.isMultipart()) throw badRequest('请上传图片或压缩包 (multipart/form-data, 字段 file)')
  const photos: Photo[] = []
  const errors: PhotoError[] = []
  const tooLargeRequest = () =>
    new AppError(413, `文件过大, 不能超过 ${Math.round(request.server.uploadMaxBytes / 1024 / 1024)} MB`)
  // the files of one request together are held to the one-upload limit, so memory stays bounded
  let total = 0
  try {
    for await (const part of request.files({ limits: { files: MAX_PHOTOS } })) {
      assertNoNul(part.filename)
      const name = basename(part.filename || 'file')
      // a part must be read to its end before the next one arrives
      const bytes = await part.toBuffer()
      total += bytes.length
      if (total > request.server.uploadMaxBytes) throw tooLargeRequest()
      if (startsWith(bytes, ZIP) || /\.zip$/i.test(name)) {
        const unzipped = await unzipPhotos(bytes, name)
        photos.push(...unzipped.photos)
        errors.push(...unzipped.errors)
      } else photos.push({ file: name, bytes })
    }
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLargeRequest()
    if (code === 'FST_FILES_LIMIT') throw new AppError(413, `一次最多上传 ${MAX_PHOTOS} 个文件`)
    throw err
  }
  if (!photos.length && !errors.length)
    throw badRequest('请上传图片或压缩包 (multipart/form-data, 字段 file)')
  return { photos, errors }
}

export async function userPhotoRoutes(api: Api, ctx: ModuleContext): Promise<void> {
  const db = ctx.database.db
  const source = systemScopeSource(ctx.database)
  const data = new DataScopes(source, ctx.cache)
  const apis = new ApiScopes(source, ctx.cache)
  const files = resourceService(ctx)

  handle(
    api,
    importPhotosCall,
    async (_params, request) => {
      const auth = authOf(request)
      const { photos, errors } = await readPhotos(request)
      const scope = await data.condition(auth, USER_RESOURCE, user)
      const authority = await roleAuthority(db, auth)
      const done = new Set<string>()
      let imported = 0
      for (const photo of photos) {
        const fail = (message: string) => errors.push({ file: photo.file, message })
        const account = accountOfFile(photo.file)
        if (!account) {
          fail('文件名应为 <账号>.jpg 或 <账号>.png')
          continue
        }
        if (photo.bytes.length > MAX_PHOTO_BYTES) {
          fail(tooLarge())
          continue
        }
        const type = imageTypeOf(photo.bytes)
        if (!type) {
          fail('不是 JPG 或 PNG 图片')
          continue
        }
        if (done.has(account)) {
          fail(`账号重复: ${account}`)
          continue
        }
        const [target] = await db
          .select({ id: user.id, roleId: user.roleId })
          .from(user)
          .where(scoped(user, auth, scope, eq(user.account, account)))
        if (!target) {
          fail(`账号不存在: ${account}`)
          continue
        }
        if (!mayManage(auth, authority, target)) {
          fail(NOT_GOVERNED(account))
          continue
        }
        let stored: Awaited<ReturnType<typeof files.storeFile>>
        try {
          stored = await files.storeFile(auth, Buffer.from(photo.bytes), {
            originalName: photo.file,
            contentType: type,
          })
        } catch (error) {
          // the store refused (502): this photo fails, the report of the others is kept
          if (!(error instanceof AppError)) throw error
          fail(error.message)
          continue
        }
        await db
          .update(user)
          .set(touched(user, auth, { avatar: stored.link }))
          .where(and(scoped(user, auth), eq(user.id, target.id)))
        done.add(account)
        imported++
      }
      const report: PhotoReport = { imported, errors }
      return new Answer(
        report,
        errors.length ? `导入完成: ${imported} 张成功, ${errors.length} 个有误` : `导入成功: ${imported} 张`,
      )
    },
    { preHandler: [apis.guard] },
  )
}

import { randomBytes } from 'node:crypto'

/**
 * Object keys are made here and nowhere else: `<tenantId>/upload/<yyyyMMdd>/<32 hex>[.<ext>]`
 * (BladeX's `upload/<date>/<uuid>.<ext>` with the tenant in front). Nothing of a client's file
 * name gets in but a short lower-case extension, so a key can never climb out of its folder.
 */
export const OBJECT_KEY = /^[0-9A-Za-z]{1,12}\/upload\/\d{8}\/[0-9a-f]{32}(\.[a-z0-9]{1,10})?$/

/** The extension of a file name as keys carry it (lower case, letters and digits, at most 10), or ''. */
export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName.trim())
  return match ? match[1]!.toLowerCase() : ''
}

export function newObjectKey(tenantId: string, originalName: string, now = new Date()): string {
  if (!/^[0-9A-Za-z]{1,12}$/.test(tenantId)) throw new Error(`not a tenant id: ${tenantId}`)
  const day = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`
  const ext = extensionOf(originalName)
  return `${tenantId}/upload/${day}/${randomBytes(16).toString('hex')}${ext ? `.${ext}` : ''}`
}

export function isObjectKey(key: string): boolean {
  return OBJECT_KEY.test(key)
}

/** The tenant a key belongs to. */
export function tenantOfKey(key: string): string {
  return key.slice(0, key.indexOf('/'))
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  zip: 'application/zip',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
}

/** The content type served for a key, from its extension (the store's own metadata is not trusted). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[extensionOf(key)] ?? 'application/octet-stream'
}

/** Types a browser may show in place; anything else is sent as a download (no HTML or SVG on our origin). */
export function isInlineType(contentType: string): boolean {
  return /^(image\/(png|jpeg|gif|webp|bmp)|application\/pdf|text\/plain|video\/mp4|audio\/mpeg)/.test(
    contentType,
  )
}

import { API_BASE } from '@xpark/contract'
import { VISITOR_PHONE } from '@xpark/contract/modules/visitor'
import type { AuthContext } from '../../core/auth/tokens.js'
import type { FileLinks } from '../../core/storage/index.js'

/**
 * What a reader is shown of visits and records: phone numbers in full only to holders of
 * `visitor_phone` (park staff see `138****5678`), snapshots only through signed links, while kept.
 */

/** `13812345678` → `138****5678`; short numbers keep their first and last character. */
export function maskPhone(phone: string): string {
  if (!phone) return phone
  if (phone.length >= 7) return `${phone.slice(0, 3)}****${phone.slice(-4)}`
  return `${phone.slice(0, 1)}****${phone.slice(-1)}`
}

/** The signed link of a snapshot (no token needed: an `<img src>`), or '' when none is kept. */
export function photoLink(files: FileLinks, photoId: string | null | undefined): string {
  if (!photoId) return ''
  return `${API_BASE}/park-face/photo/${photoId}?sign=${files.sign(photoKey(photoId))}`
}

/** What the signature covers: the photo's id under a prefix of its own (never a stored object's key). */
export const photoKey = (photoId: string) => `face-photo/${photoId}`

export interface Reader {
  auth: AuthContext
  can: (code: string) => Promise<boolean>
}

/** Rows with their phone fields masked unless the reader may see them. */
export async function maskedFor<R extends Record<string, unknown>>(
  rows: R[],
  reader: Reader,
  fields: readonly (keyof R & string)[],
): Promise<R[]> {
  if (await reader.can(VISITOR_PHONE)) return rows
  return rows.map((row) => {
    const out: Record<string, unknown> = { ...row }
    for (const f of fields) if (typeof out[f] === 'string') out[f] = maskPhone(out[f] as string)
    return out as R
  })
}

/** Spec 01 §5: the avatar is a jpg or png of at most 500 KB; the server checks the same. */
import './i18n'
export const AVATAR_MAX_BYTES = 500 * 1024
const AVATAR_TYPES = ['image/jpeg', 'image/png']

/** The i18n key of what is wrong with a chosen avatar file, or null when it may be uploaded. */
export function avatarProblem(file: { type: string; size: number }): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return 'profile.avatarType'
  if (file.size > AVATAR_MAX_BYTES) return 'profile.avatarSize'
  return null
}

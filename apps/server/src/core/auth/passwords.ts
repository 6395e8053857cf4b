import { createHash, randomInt } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

/**
 * Passwords arrive as the MD5 hex the console computes (BladeX wire format) and are stored as
 * argon2id of that value: a leaked table gives neither the password nor a replayable MD5.
 */
export function hashPassword(md5Hex: string): Promise<string> {
  return hash(md5Hex, { algorithm: 2 /* Argon2id */ })
}

export async function verifyPassword(stored: string, md5Hex: string): Promise<boolean> {
  try {
    return await verify(stored, md5Hex)
  } catch {
    return false
  }
}

export function md5(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex')
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

const CLASSES = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '@-_='] as const

/**
 * A random initial password that passes the strength rule (spec 01 §5: every class present), without
 * look-alike characters (0/O, 1/l/I) since a person types it once from what an administrator hands on.
 */
export function randomPassword(length = 14): string {
  const all = CLASSES.join('')
  const chars = CLASSES.map((set) => set[randomInt(set.length)]!)
  while (chars.length < length) chars.push(all[randomInt(all.length)]!)
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j]!, chars[i]!]
  }
  return chars.join('')
}

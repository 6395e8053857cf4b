import { createHash } from 'node:crypto'
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

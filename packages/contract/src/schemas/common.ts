import { z } from 'zod'

/** A required text field whose every failure (missing, wrong type, blank, too long) reads as one message. */
export const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${message} (at most ${max} characters)`)

export const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field}: must be text` })
    .max(max, `${field}: at most ${max} characters`)
    .optional()

/** A password as BladeX clients send it: the MD5 hex of what was typed. */
export const md5Hex = z.string().regex(/^[0-9a-f]{32}$/, 'must be the MD5 hex of the password')

/** A 64-bit id as the wire carries it (a decimal string). */
export const idString = z
  .string()
  .regex(/^[1-9]\d{0,18}$/, 'must be a 64-bit id')
  // 19 digits may still pass bigint's top (9223372036854775807); equal lengths compare as numbers
  .refine((v) => v.length < 19 || v <= '9223372036854775807', 'must be a 64-bit id')

/** BladeX TreeNode (`tree`, `lazy-tree`, `grant-top-tree`): ids as strings. */
export interface TreeNode {
  id: string
  parentId: string
  title: string
  key: string
  value: string
  hasChildren?: boolean
  children?: TreeNode[]
}

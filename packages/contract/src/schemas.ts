import { z } from 'zod'

/** zod schemas shared by server and console (kept apart from index.ts so the login page need not load zod). */
export const md5Hex = z.string().regex(/^[0-9a-f]{32}$/, 'must be the MD5 hex of the password')

import { z } from 'zod'

/** zod schemas shared by server and console (kept apart from index.ts so the login page need not load zod). */
export const md5Hex = z.string().regex(/^[0-9a-f]{32}$/, 'must be the MD5 hex of the password')
export * from './schemas/app.js'
export * from './schemas/client.js'
export type { TreeNode } from './schemas/common.js'
export * from './schemas/dict.js'
export * from './schemas/log.js'
export * from './schemas/notice.js'
export * from './schemas/org.js'
export * from './schemas/region.js'
export * from './schemas/resource.js'
export * from './schemas/rows.js'
export * from './schemas/scope.js'
export * from './schemas/shortcut.js'
export * from './schemas/staff.js'
export * from './schemas/tenant.js'
export * from './schemas/topmenu.js'

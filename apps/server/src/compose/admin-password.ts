import { and, eq } from 'drizzle-orm'
import type { Config } from '../config.js'
import { hashPassword, md5 } from '../core/auth/passwords.js'
import type { Db } from '../db/client.js'
import { user } from '../modules/identity/schema.js'
import { DEMO_PASSWORD } from './seed/demo.js'

export class DemoPasswordInProductionError extends Error {
  constructor() {
    super(
      'xpark: refusing to start in production with the demo password. Set XPARK_ADMIN_PASSWORD to another ' +
        'password (it replaces the demo password of the seeded accounts).',
    )
  }
}

/**
 * Production never runs with the published demo password: with XPARK_ADMIN_PASSWORD the accounts
 * still on it get that password instead; without it the start is refused.
 */
export async function enforceAdminPassword(config: Config, db: Db): Promise<void> {
  if (config.env !== 'production') return
  const onDemo = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.passwordDefault, true), eq(user.isDeleted, 0)))
  if (!onDemo.length) return
  if (!config.adminPassword || config.adminPassword === DEMO_PASSWORD)
    throw new DemoPasswordInProductionError()
  const hashed = await hashPassword(md5(config.adminPassword))
  await db
    .update(user)
    .set({ password: hashed, passwordDefault: false, updateTime: new Date() })
    .where(and(eq(user.passwordDefault, true), eq(user.isDeleted, 0)))
}

import { resolve } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { hashPassword, md5 } from './core/auth/passwords.js'
import { loadSigningSecret } from './core/auth/secret.js'
import { openCache } from './core/cache/index.js'
import { openConfiguredDatabase } from './db/open.js'
import { DEMO_PASSWORD } from './db/seed/demo.js'
import { user } from './modules/system/schema.js'

async function main(): Promise<void> {
  const started = performance.now()
  const config = loadConfig()
  const opened = await openConfiguredDatabase(config)
  const { db } = opened.database

  // Production never runs with the published demo password.
  const stillDemo = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.passwordDefault, true), eq(user.isDeleted, 0)))
  if (config.env === 'production' && stillDemo.length) {
    if (!config.adminPassword || config.adminPassword === DEMO_PASSWORD) {
      await opened.close()
      console.error(
        'xpark: refusing to start in production with the demo password. ' +
          'Set XPARK_ADMIN_PASSWORD to another password (it replaces the demo password of the seeded accounts).',
      )
      process.exit(1)
    }
    const hashed = await hashPassword(md5(config.adminPassword))
    await db
      .update(user)
      .set({ password: hashed, passwordDefault: false })
      .where(eq(user.passwordDefault, true))
  }

  const cache = await openCache(config.redisUrl)
  const app = await buildApp({
    config,
    database: opened.database,
    cache,
    signingSecret: loadSigningSecret(config.jwtSecret, resolve(config.dataDir)),
  })

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    try {
      await app.close() // stops accepting, waits for in-flight requests
      await cache.close()
      await opened.close()
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  app.log.info(
    {
      database: opened.database.kind,
      cache: cache.kind,
      seeded: opened.seeded,
      startupMs: Math.round(performance.now() - started),
    },
    `xpark is serving on http://localhost:${config.port}`,
  )
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})

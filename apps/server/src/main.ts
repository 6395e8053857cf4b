import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { buildApp } from './app.js'
import { enforceAdminPassword } from './compose/admin-password.js'
import { seedOrSync } from './compose/seed/index.js'
import { loadConfig } from './config.js'
import { loadSigningSecret } from './core/auth/secret.js'
import { openCache } from './core/cache/index.js'
import { openConfiguredDatabase } from './db/open.js'
import { applyHeapGrowth } from './heap.js'

async function main(): Promise<void> {
  const started = performance.now()
  const config = loadConfig()
  applyHeapGrowth(config.heapGrowthPercent)
  const opened = await openConfiguredDatabase(config, seedOrSync(config.adminPassword))
  const { db } = opened.database

  try {
    await enforceAdminPassword(config, db)
  } catch (error) {
    await opened.close()
    throw error
  }

  const cache = await openCache(config.redisUrl, config.redisPrefix)
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
    // the step a slow close is in, named when it times out (a CI run once waited out the 10 s)
    let step = "in-flight requests and the modules' close hooks"
    const force = setTimeout(() => {
      app.log.error({ step }, 'shutdown took longer than 10 s: exiting anyway')
      process.exit(1)
    }, 10_000)
    force.unref()
    // a keep-alive connection whose request finishes after the close began would stay open (and keep
    // the close waiting) until the client drops it: close each one as soon as it falls idle
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 50)
    closeIdle.unref()
    try {
      await app.close() // stops accepting, waits for in-flight requests
      clearInterval(closeIdle)
      step = 'the cache'
      await cache.close()
      step = 'the database'
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
  // the port bound, which PORT=0 leaves to the system (tests read it from this line)
  const { port } = app.server.address() as AddressInfo
  app.log.info(
    {
      database: opened.database.kind,
      cache: cache.kind,
      seeded: opened.seeded,
      startupMs: Math.round(performance.now() - started),
    },
    `xpark is serving on http://localhost:${port}`,
  )
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})

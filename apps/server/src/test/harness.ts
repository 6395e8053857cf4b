import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { TokenReply } from '@xpark/contract'
import pg from 'pg'
import { type App, buildApp } from '../app.js'
import { DEMO_PASSWORD } from '../compose/seed/demo.js'
import { type Config, loadConfig } from '../config.js'
import { md5 } from '../core/auth/passwords.js'
import { type Cache, MemoryCache, openCache } from '../core/cache/index.js'
import { type Database, openDatabase } from '../db/client.js'

export { DEMO_PASSWORD }

export interface TestContext {
  app: App
  database: Database
  cache: Cache
  config: Config
  /** the token signing secret of this app (tests forge expired tokens with it) */
  signingSecret: string
  /**
   * A second server process as far as the tests can tell: another app on the same database, with its
   * own connection to the shared cache (Redis under the same prefix when REDIS_URL is set; otherwise
   * the one in-memory cache, which is all one process has). Closed with the context.
   */
  peer(): Promise<App>
  close(): Promise<void>
}

/** A fresh copy of the seeded database (PGlite dump, or a PostgreSQL database from the template). */
async function freshDatabase(
  onQuery?: (sql: string) => void,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = process.env.XPARK_TEST_TEMPLATE
  const baseUrl = process.env.DATABASE_URL
  if (template && baseUrl) {
    const name = `xpark_t_${randomUUID().replaceAll('-', '').slice(0, 12)}`
    const admin = new pg.Client({ connectionString: baseUrl })
    await admin.connect()
    await admin.query(`create database ${name} template ${template}`)
    const url = new URL(baseUrl)
    url.pathname = `/${name}`
    const database = await openDatabase({ url: url.toString(), logQuery: onQuery && ((q) => onQuery(q)) })
    return {
      database,
      drop: async () => {
        await admin.query(`drop database if exists ${name} with (force)`)
        await admin.end()
      },
    }
  }
  const dump = process.env.XPARK_TEST_DUMP
  if (!dump) throw new Error('global setup did not prepare a database dump')
  const database = await openDatabase({
    loadDataDir: new Blob([readFileSync(dump)]),
    logQuery: onQuery && ((q) => onQuery(q)),
  })
  return { database, drop: async () => {} }
}

/** Build the real app on a fresh seeded database. Captcha off unless a test turns it on. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { onQuery?: (sql: string) => void } = {},
): Promise<TestContext> {
  const config = loadConfig({
    XPARK_CAPTCHA: 'off',
    XPARK_LOG_LEVEL: 'silent',
    XPARK_JOBS: 'off',
    // each app its own embedded broker on a free port; the simulated machines only where a test asks
    XPARK_MQTT_PORT: '0',
    XPARK_DEVICE_SIMULATOR: 'off',
    NODE_ENV: 'test',
    ...env,
  })
  const { database, drop } = await freshDatabase(options.onQuery)
  // REDIS_URL in the environment runs the same tests on Redis (prefix keeps runs apart)
  const cachePrefix = `xpark-test:${randomUUID()}:`
  const redisUrl = process.env.REDIS_URL
  const cache = redisUrl ? await openCache(redisUrl, cachePrefix) : new MemoryCache()
  const signingSecret = randomUUID() + randomUUID()
  const app = await buildApp({ config, database, cache, signingSecret, logger: false })
  await app.ready()
  const peers: { app: App; cache: Cache }[] = []
  return {
    app,
    database,
    cache,
    config,
    signingSecret,
    peer: async () => {
      const shared = redisUrl ? await openCache(redisUrl, cachePrefix) : cache
      const other = await buildApp({ config, database, cache: shared, signingSecret, logger: false })
      await other.ready()
      peers.push({ app: other, cache: shared })
      return other
    },
    close: async () => {
      for (const p of peers) {
        await p.app.close()
        if (p.cache !== cache) await p.cache.close()
      }
      await app.close()
      await cache.close()
      await database.close()
      await drop()
    },
  }
}

export const CONSOLE_BASIC = `Basic ${Buffer.from('xpark:').toString('base64')}`

/** Sign in through the real token endpoint; returns the bare token reply. */
export async function signIn(
  app: App,
  { tenantId = '000000', account = 'admin', password = DEMO_PASSWORD } = {},
): Promise<TokenReply> {
  const res = await app.inject({
    method: 'POST',
    url: '/xparkApi/blade-auth/oauth/token',
    query: { tenantId, username: account, password: md5(password), grant_type: 'password', scope: 'all' },
    headers: { authorization: CONSOLE_BASIC, 'tenant-id': tenantId },
  })
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`)
  return res.json() as TokenReply
}

export function bearer(token: TokenReply | string): Record<string, string> {
  return { 'blade-auth': `bearer ${typeof token === 'string' ? token : token.access_token}` }
}

export type Headers = Record<string, string>

/** GET and POST helpers for one resource path (`/xparkApi/blade-system/param` …), as the resource tests call them. */
export function resourceCalls(context: () => TestContext, base: string) {
  return {
    get: (url: string, headers: Headers, query: Record<string, string> = {}) =>
      context().app.inject({ method: 'GET', url: `${base}/${url}`, query, headers }),
    post: (url: string, headers: Headers, body?: object, query: Record<string, string> = {}) =>
      context().app.inject({
        method: 'POST',
        url: `${base}/${url}`,
        query,
        headers,
        ...(body ? { payload: body } : {}),
      }),
  }
}

/** The boot data the server wrote into a served index.html (core/http/console.ts), or null when none. */
export function bootOf(html: string): unknown {
  const match = html.match(/<script type="application\/json" id="xpark-boot">(.*?)<\/script>/)
  return match ? JSON.parse(match[1] ?? '') : null
}

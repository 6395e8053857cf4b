import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, call, type Node, type Reply, signIn, startNode, stopNode } from './nodes.js'
import { PrivatePostgres, PrivateRedis, postgresBinaries, redisBinary } from './services.js'

/**
 * Issue 13, faults of the services: a server process on a private PostgreSQL cluster and a private
 * Redis (test/services.ts), under load. PostgreSQL restarted: while it is down every request that
 * needs it gets a clear 503 in the envelope with Retry-After (never a 500, never a hang), the process
 * survives and reconnects by itself, and every write it acknowledged is in the database. Redis
 * stopped: sign-ins and pages keep working on the process's own cache, /health says degraded, and
 * Redis is used again when it returns.
 */

const pgBin = postgresBinaries()
const redisBin = redisBinary()
const skipped = process.env.DATABASE_URL
  ? 'the PostgreSQL pass: it starts its own servers, the embedded pass ran it'
  : !pgBin
    ? 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin (Debian: apt-get install postgresql)'
    : !redisBin
      ? 'no redis-server on the PATH (Debian: apt-get install redis-server)'
      : ''
if (skipped) console.log(`service fault tests skipped: ${skipped}`)

const UNAVAILABLE = '数据库暂时不可用,请稍后再试'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Outcome {
  status: number
  body: { code?: number; success?: boolean; msg?: string }
  retryAfter: string | null
}

const outcomeOf = (reply: Reply): Outcome => ({
  status: reply.status,
  body: reply.body as Outcome['body'],
  retryAfter: reply.headers.get('retry-after'),
})

describe.skipIf(skipped)(
  'faults of PostgreSQL and Redis under a running server',
  { timeout: 600_000 },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'xpark-services-'))
    let postgres: PrivatePostgres
    let redis: PrivateRedis
    let node: Node
    let from = 0
    const address = () => `198.51.100.${++from}`

    const signedIn = async () => {
      const res = await signIn(node, { from: address() })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.access_token as string
    }

    beforeAll(async () => {
      postgres = await PrivatePostgres.create(pgBin as string, dir)
      await postgres.query('postgres', 'create database xpark')
      redis = await PrivateRedis.create(redisBin as string)
      node = await startNode({
        DATABASE_URL: postgres.url('xpark'),
        REDIS_URL: redis.url(),
        XPARK_REDIS_PREFIX: 'xpark-faults:',
        XPARK_DATA: join(dir, 'node'),
        XPARK_CAPTCHA: 'off',
        XPARK_JOBS: 'off',
      })
    })

    afterAll(async () => {
      if (node) await stopNode(node)
      await redis?.destroy()
      await postgres?.destroy()
      rmSync(dir, { recursive: true, force: true })
    })

    it('PostgreSQL restarted under load: 503s while it is down, reconnects by itself, no acknowledged write lost', async () => {
      const token = await signedIn()
      const headers = bearer(token)
      const acknowledged: string[] = []
      const outcomes: Outcome[] = []
      let next = 0
      let running = true
      const writer = async () => {
        while (running) {
          const code = `P${next++}`
          const reply = await call(node, '/commodityUnit/submit', {
            method: 'POST',
            headers,
            body: { code, name: `unit ${code}` },
          })
          outcomes.push(outcomeOf(reply))
          if (reply.status === 200 && (reply.body as { success: boolean }).success) acknowledged.push(code)
          else await sleep(50)
        }
      }
      const reader = async () => {
        while (running) {
          const reply = await call(node, '/blade-user/page?current=1&size=20', { headers })
          outcomes.push(outcomeOf(reply))
          if (reply.status !== 200) await sleep(50)
        }
      }
      const load = [writer(), writer(), writer(), reader(), reader()]
      while (acknowledged.length < 40) await sleep(20)

      // a crash as far as the server can tell: every connection cut at once
      await postgres.stop('immediate')
      const downFrom = outcomes.length
      await sleep(3000)
      const health = await call(node, '/health')
      expect(health.status).toBe(503)
      expect(health.headers.get('retry-after')).toBeTruthy()
      expect(health.body).toMatchObject({ status: 'down', databaseReachable: false })
      const whileDown = outcomes.slice(downFrom)
      expect(whileDown.length).toBeGreaterThan(5)
      const refused = whileDown.filter((o) => o.status === 503)
      expect(refused.length).toBeGreaterThan(0)
      for (const o of refused) {
        expect(o.body).toEqual({ code: 503, success: false, data: {}, msg: UNAVAILABLE })
        expect(Number(o.retryAfter)).toBeGreaterThan(0)
      }

      const ackedBeforeRestart = acknowledged.length
      await postgres.start()
      // the pool reconnects by itself: writes are acknowledged again within seconds
      const deadline = Date.now() + 30_000
      while (acknowledged.length < ackedBeforeRestart + 20 && Date.now() < deadline) await sleep(100)
      expect(acknowledged.length).toBeGreaterThanOrEqual(ackedBeforeRestart + 20)
      running = false
      await Promise.all(load)

      // nothing but success, the 503 of a database away, or a write refused as a duplicate of a code
      // whose first try landed just as the connection was cut (the caller could not know): never a 500
      const unexpected = outcomes.filter(
        (o) =>
          !(o.status === 200 || o.status === 503 || (o.status === 400 && o.body.msg?.includes('已存在'))),
      )
      expect(unexpected).toEqual([])
      expect(node.server.child.exitCode).toBeNull()

      const rows = await postgres.query<{ code: string }>(
        'xpark',
        `select code from xpark_commodity_unit where code like 'P%' and is_deleted = 0`,
      )
      const stored = new Set(rows.map((r) => r.code))
      expect(acknowledged.filter((code) => !stored.has(code))).toEqual([])
      expect((await call(node, '/health')).body).toMatchObject({ status: 'ok', databaseReachable: true })
    })

    it('Redis stopped: sign-ins and pages keep working on the process’s own cache, and Redis is used again when it returns', async () => {
      const before = await signedIn()
      expect(
        (await call(node, '/blade-user/page?current=1&size=5', { headers: bearer(before) })).status,
      ).toBe(200)

      await redis.stop()
      const health = await call(node, '/health')
      expect(health.status).toBe(200)
      expect(health.body).toMatchObject({
        status: 'degraded',
        databaseReachable: true,
        cacheReachable: false,
      })
      // a session from before, a new sign-in, pages, a write and a logout: all answered
      expect(
        (await call(node, '/blade-user/page?current=1&size=5', { headers: bearer(before) })).status,
      ).toBe(200)
      const during = await signedIn()
      const page = await call<{ success: boolean }>(node, '/blade-user/page?current=1&size=5', {
        headers: bearer(during),
      })
      expect(page.status).toBe(200)
      expect(page.body.success).toBe(true)
      const write = await call<{ success: boolean }>(node, '/commodityUnit/submit', {
        method: 'POST',
        headers: bearer(during),
        body: { code: 'R1', name: 'outage unit' },
      })
      expect(write.body.success, JSON.stringify(write.body)).toBe(true)
      const logout = await call(node, '/blade-auth/oauth/logout', { headers: bearer(during) })
      expect(logout.status).toBe(200)
      expect(
        (await call(node, '/blade-user/page?current=1&size=5', { headers: bearer(during) })).status,
      ).toBe(401)

      await redis.start()
      const deadline = Date.now() + 20_000
      let back = false
      while (!back && Date.now() < deadline) {
        back = ((await call(node, '/health')).body as { cacheReachable?: boolean }).cacheReachable === true
        if (!back) await sleep(200)
      }
      expect(back).toBe(true)
      // after it returns: sign-ins work, the logout made during the outage still holds
      const after = await signedIn()
      expect((await call(node, '/blade-user/page?current=1&size=5', { headers: bearer(after) })).status).toBe(
        200,
      )
      expect(
        (await call(node, '/blade-user/page?current=1&size=5', { headers: bearer(during) })).status,
      ).toBe(401)
      // the sign-in's counters are in Redis again, shared with every other node
      const direct = new Redis(redis.url())
      try {
        expect((await direct.keys('xpark-faults:login:rate:*')).length).toBeGreaterThan(0)
      } finally {
        direct.disconnect()
      }
      expect(node.server.output()).toContain('Redis is unreachable')
      expect(node.server.output()).toContain('Redis is reachable again')
      expect(node.server.child.exitCode).toBeNull()
    })
  },
)

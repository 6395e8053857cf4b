import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MESSAGE_PATHS } from '@xpark/contract/modules/message'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { md5 } from '../../core/auth/passwords.js'
import { CONSOLE_BASIC, DEMO_PASSWORD } from '../../test/harness.js'
import { type ServerProcess, servingPort, startServer } from '../../test/process.js'
import { readEvents } from '../../test/sse.js'

/**
 * Live messages across server processes: two real server processes (the server entry, as
 * production starts it) on one PostgreSQL database and one Redis. A console holds its stream on
 * process B; a message sent through process A reaches it (Redis pub/sub). Needs both services.
 */
const databaseUrl = process.env.DATABASE_URL
const redisUrl = process.env.REDIS_URL
if (!databaseUrl || !redisUrl)
  console.info(
    'message centre two-process test skipped: set DATABASE_URL (PostgreSQL) and REDIS_URL (Redis) to run it',
  )

const PARK = '100001'

describe.skipIf(!databaseUrl || !redisUrl)(
  'message centre across two server processes (PostgreSQL + Redis)',
  {
    timeout: 180_000,
  },
  () => {
    const name = `xpark_msg_${randomUUID().replaceAll('-', '').slice(0, 12)}`
    const dir = mkdtempSync(join(tmpdir(), 'xpark-msg-'))
    const servers: ServerProcess[] = []
    const ports: number[] = []
    let admin: pg.Client

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: databaseUrl })
      await admin.connect()
      await admin.query(`create database ${name}`)
      const url = new URL(databaseUrl!)
      url.pathname = `/${name}`
      const env = {
        DATABASE_URL: url.toString(),
        REDIS_URL: redisUrl!,
        // keys and channels of this run only (other runs share the Redis)
        XPARK_REDIS_PREFIX: `xpark-msg-test:${randomUUID()}:`,
        PORT: '0',
        XPARK_CAPTCHA: 'off',
        XPARK_JOBS: 'off',
        XPARK_INTERCOM_SIMULATOR: 'off',
        // one signing secret: a token from one process is good on the other, as behind a balancer
        XPARK_JWT_SECRET: randomUUID() + randomUUID(),
      }
      // one after the other: the first migrates and seeds the new database
      for (const node of ['a', 'b']) {
        const server = startServer({ ...env, XPARK_DATA: join(dir, node) }, /xpark is serving/)
        servers.push(server)
        ports.push(servingPort((await server.done).output))
      }
    }, 180_000)

    afterAll(async () => {
      for (const s of servers) {
        s.child.kill('SIGTERM')
        await s.exited
      }
      await admin?.query(`drop database if exists ${name} with (force)`)
      await admin?.end()
      rmSync(dir, { recursive: true, force: true })
    })

    const unreadOn = async (port: number, headers: Record<string, string>) => {
      const res = await fetch(`http://127.0.0.1:${port}/xparkApi/${MESSAGE_PATHS.unreadCount}`, { headers })
      return ((await res.json()) as { data: number }).data
    }

    const signIn = async (port: number, account: string) => {
      const query = new URLSearchParams({
        tenantId: PARK,
        username: account,
        password: md5(DEMO_PASSWORD),
        grant_type: 'password',
        scope: 'all',
      })
      const res = await fetch(`http://127.0.0.1:${port}/xparkApi/blade-auth/oauth/token?${query}`, {
        method: 'POST',
        headers: { authorization: CONSOLE_BASIC, 'tenant-id': PARK },
      })
      const body = (await res.json()) as { access_token: string; user_id: string }
      expect(body.access_token).toBeTruthy()
      return { headers: { 'blade-auth': `bearer ${body.access_token}` }, userId: body.user_id }
    }

    it('a message sent through process A reaches the console streaming from process B within seconds', async () => {
      const [a, b] = ports as [number, number]
      const staff = await signIn(a, 'staff')
      const sender = await signIn(a, 'admin')
      // the demo's welcome message is there already
      const before = await unreadOn(b, staff.headers)
      const stream = await readEvents(
        `http://127.0.0.1:${b}/xparkApi/${MESSAGE_PATHS.stream}`,
        staff.headers,
        1,
        15_000,
      )
      // the stream subscribes as it opens: give Redis a moment to register it
      await new Promise((r) => setTimeout(r, 300))
      const started = Date.now()
      const sent = await fetch(`http://127.0.0.1:${a}/xparkApi/${MESSAGE_PATHS.autoPush}`, {
        method: 'POST',
        headers: { ...sender.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ userIds: [staff.userId], title: '跨进程消息', link: '/message-center/index' }),
      })
      expect(((await sent.json()) as { success: boolean }).success).toBe(true)
      await stream.finished
      expect(stream.events).toEqual([
        { event: 'message', data: expect.objectContaining({ title: '跨进程消息', isRead: 0 }) },
      ])
      expect(Date.now() - started).toBeLessThan(5000)
      // and process B counts it from the shared database
      expect(await unreadOn(b, staff.headers)).toBe(before + 1)
    })
  },
)

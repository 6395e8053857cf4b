import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Tx } from '../../db/client.js'
import { startTestApp, type TestContext } from '../../test/harness.js'
import { AppError } from '../errors.js'
import { Ingest, subscription } from './ingest.js'

/**
 * Events taken together (core/devices/ingest.ts): messages that come while a transaction writes go
 * in the next one together, a repeat is handled once even within one batch, a `handleMany`
 * subscription takes its share in one call, and a batch that fails is taken again a message at a
 * time so that only the bad message fails (not acknowledged) and the others commit.
 */
const silent = { warn: () => {}, error: () => {}, info: () => {} } as unknown as FastifyBaseLogger
const event = z.object({ id: z.string(), type: z.string(), n: z.number().optional() })
type Event = z.infer<typeof event>
const topic = (machine: string) => ({ tenantId: '000000', machine, kind: 'event' as const, rest: [] })

describe('events taken in batches', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp()
    await t.database.db.execute(sql`create table test_ingest_event (id varchar(40) primary key, n int)`)
  })
  afterAll(() => t.close())
  const stored = async () =>
    (
      (await t.database.db.execute(sql`select id from test_ingest_event order by id`)) as unknown as {
        rows: { id: string }[]
      }
    ).rows.map((r) => r.id)
  const store = (tx: Tx, id: string) => tx.execute(sql`insert into test_ingest_event (id) values (${id})`)

  it('many messages at once: few transactions, each message once, repeats in the same batch too', async () => {
    await t.database.db.execute(sql`delete from test_ingest_event`)
    const ingest = new Ingest(
      t.database,
      [
        subscription<Event>({
          kind: 'event',
          type: 'batch-a',
          payload: event,
          handle: async ({ machine, payload }, tx) => void (await store(tx, `${machine}/${payload.id}`)),
        }),
      ],
      silent,
    )
    const ids = Array.from({ length: 60 }, (_, i) => `e${String(i).padStart(2, '0')}`)
    // every fifth sent twice at once (a machine repeating itself), all before any is written
    const sends = [...ids, ...ids.filter((_, i) => i % 5 === 0)].map((id) =>
      ingest.take(topic('m1'), { id, type: 'batch-a' }),
    )
    await Promise.all(sends)
    expect(await stored()).toEqual(ids.map((id) => `m1/${id}`))
    expect(ingest.handled).toBe(60)
    expect(ingest.repeats).toBe(12)
    expect(ingest.eventBatches).toBeLessThan(10)
    // and sent again later: all repeats, nothing written
    await Promise.all(ids.slice(0, 3).map((id) => ingest.take(topic('m1'), { id, type: 'batch-a' })))
    expect(ingest.repeats).toBe(15)
    await ingest.close()
  })

  it('handleMany takes its share in one call; its refusals are acknowledged and write nothing', async () => {
    await t.database.db.execute(sql`delete from test_ingest_event`)
    const calls: number[] = []
    const ingest = new Ingest(
      t.database,
      [
        subscription<Event>({
          kind: 'event',
          type: 'batch-b',
          payload: event,
          handleMany: async (messages, tx) => {
            calls.push(messages.length)
            const refused = messages.flatMap((m, index) =>
              (m.payload.n ?? 0) < 0 ? [{ index, error: new AppError(400, '读数无效') }] : [],
            )
            for (const [index, m] of messages.entries())
              if (!refused.some((r) => r.index === index)) await store(tx, m.payload.id)
            return refused
          },
        }),
      ],
      silent,
    )
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        ingest.take(topic('m2'), { id: `b${i}`, type: 'batch-b', n: i % 10 ? i : -1 }),
      ),
    )
    expect(calls.length).toBeLessThan(10)
    expect(calls.reduce((a, b) => a + b, 0)).toBe(30)
    expect(ingest.refused).toBe(3)
    expect((await stored()).length).toBe(27)
    await ingest.close()
  })

  it('a message that fails its batch fails alone: the others commit, it is not acknowledged', async () => {
    await t.database.db.execute(sql`delete from test_ingest_event`)
    const ingest = new Ingest(
      t.database,
      [
        subscription<Event>({
          kind: 'event',
          type: 'batch-c',
          payload: event,
          handle: async ({ payload }, tx) => {
            await store(tx, payload.id)
            if (payload.id === 'c7') throw new Error('the disk is full')
          },
        }),
      ],
      silent,
    )
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => ingest.take(topic('m3'), { id: `c${i}`, type: 'batch-c' })),
    )
    const failed = outcomes.flatMap((o, i) => (o.status === 'rejected' ? [i] : []))
    expect(failed).toEqual([7])
    expect((await stored()).length).toBe(19)
    expect(await stored()).not.toContain('c7')
    // delivered again (it was not acknowledged), it is not taken for a repeat: its key was rolled back
    await expect(ingest.take(topic('m3'), { id: 'c7', type: 'batch-c' })).rejects.toThrow('the disk is full')
    expect(ingest.repeats).toBe(0)
    await ingest.close()
  })
})

import { eq, sql } from 'drizzle-orm'
import mqtt from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DeviceSimulator, REFUSAL } from '../../adapters/device/simulator.js'
import { startTestApp, type TestContext } from '../../test/harness.js'
import { until } from '../../test/until.js'
import { NODE_USERNAME, nodeKey } from './credentials.js'
import { deviceKey, deviceUsername, openDevices, subscription } from './index.js'
import { devicePresence } from './schema.js'
import { deviceTopic } from './topics.js'

/**
 * The device layer on its embedded broker (aedes) against a real database: presence with its last
 * will and silence rule, commands with their three endings, events handled once, the broker's ACL.
 * The several-node path (mosquitto, shared subscriptions) is in devices-nodes.test.ts.
 */

let t: TestContext
let simulator: DeviceSimulator
const TENANT = '000000'

beforeAll(async () => {
  t = await startTestApp()
  simulator = new DeviceSimulator(t.app.devices.brokerUrl, t.app.devices.keyOf)
  await simulator.add([
    { tenantId: TENANT, code: 'door-1', controls: ['open', 'close'] },
    { tenantId: TENANT, code: 'lamp-1' },
  ])
})

afterAll(async () => {
  await simulator?.close()
  await t?.close()
})

describe('presence', () => {
  it('a machine that says it is online is online; one never heard is offline', async () => {
    await until(async () => (await t.app.devices.online(TENANT, ['door-1'])).get('door-1')?.online === true)
    await t.app.devices.presence.flush()
    const [row] = await t.database.db
      .select()
      .from(devicePresence)
      .where(eq(devicePresence.machine, 'door-1'))
    expect(row?.online).toBe(true)
    expect((await t.app.devices.online(TENANT, ['nobody'])).get('nobody')).toEqual({
      online: false,
      lastSeenAt: null,
    })
  })

  it('a machine that drops off is offline by its last will', async () => {
    await simulator.fault(TENANT, 'lamp-1', 'offline')
    await until(async () => (await t.app.devices.online(TENANT, ['lamp-1'])).get('lamp-1')?.online === false)
    await simulator.fault(TENANT, 'lamp-1', 'none')
    await until(async () => (await t.app.devices.online(TENANT, ['lamp-1'])).get('lamp-1')?.online === true)
  })

  it('silent for three report intervals is offline, and the sweep says so once', async () => {
    await t.app.devices.presence.flush()
    await t.database.db
      .update(devicePresence)
      .set({ lastSeenAt: new Date(Date.now() - 200_000), intervalSeconds: 60 })
      .where(eq(devicePresence.machine, 'door-1'))
    expect((await t.app.devices.online(TENANT, ['door-1'])).get('door-1')?.online).toBe(false)
    await t.app.devices.presence.sweep()
    const [row] = await t.database.db
      .select()
      .from(devicePresence)
      .where(eq(devicePresence.machine, 'door-1'))
    expect(row?.online).toBe(false)
  })

  it('writes that fail while the database is away reject to their caller only, and what was heard is kept', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    const { presence } = t.app.devices
    // the table gone is a real failing statement, as a database that went away gives
    await t.database.db.execute(sql`alter table xpark_device_presence rename to xpark_device_presence_away`)
    try {
      presence.heard(TENANT, 'away-1', true)
      // a sweep and a flush side by side: the second waits for the first, both fail
      const outcomes = await Promise.allSettled([presence.sweep(), presence.flush(), presence.sweep()])
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected'])
    } finally {
      await t.database.db.execute(sql`alter table xpark_device_presence_away rename to xpark_device_presence`)
    }
    await new Promise((r) => setTimeout(r, 50))
    process.off('unhandledRejection', onUnhandled)
    expect(unhandled).toEqual([])
    await presence.flush()
    const [row] = await t.database.db
      .select()
      .from(devicePresence)
      .where(eq(devicePresence.machine, 'away-1'))
    expect(row?.online).toBe(true)
  })
})

describe('commands', () => {
  it('an answered command succeeds; the machine saw its control and parameters', async () => {
    const outcome = await t.app.devices.command({
      tenantId: TENANT,
      machine: 'door-1',
      control: 'open',
      params: { seconds: 3 },
    })
    expect(outcome.result).toBe(1)
    expect(outcome.reason).toBe('')
    expect(simulator.commandsOf(TENANT, 'door-1').at(-1)).toMatchObject({
      control: 'open',
      params: { seconds: 3 },
    })
  })

  it("a refused command fails with the machine's reason", async () => {
    await simulator.fault(TENANT, 'door-1', 'refuse')
    const outcome = await t.app.devices.command({ tenantId: TENANT, machine: 'door-1', control: 'open' })
    expect(outcome).toMatchObject({ result: 2, reason: REFUSAL })
    await simulator.fault(TENANT, 'door-1', 'none')
  })

  it('no answer within the timeout is 超时 (设备未响应)', async () => {
    await simulator.fault(TENANT, 'door-1', 'silent')
    const outcome = await t.app.devices.command({
      tenantId: TENANT,
      machine: 'door-1',
      control: 'open',
      timeoutMs: 300,
    })
    expect(outcome).toMatchObject({ result: 3, reason: '设备未响应' })
    expect(outcome.elapsedMs).toBeGreaterThanOrEqual(290)
    await simulator.fault(TENANT, 'door-1', 'none')
  })
})

describe('events', () => {
  it('a repeated event (same id) is handled once, in a transaction', async () => {
    const seen: string[] = []
    const devices = await openDevices(
      { url: undefined, host: '127.0.0.1', port: 0 },
      { database: t.database, realtime: t.app.realtime, secret: t.signingSecret, log: t.app.log },
    )
    await devices.start([
      subscription({
        kind: 'event',
        type: 'face',
        payload: z.object({ id: z.string(), type: z.literal('face'), person: z.string() }),
        handle: async (message) => {
          seen.push(`${message.machine}:${message.payload.person}`)
        },
      }),
    ])
    const local = new DeviceSimulator(devices.brokerUrl, devices.keyOf)
    await local.add([{ tenantId: TENANT, code: 'face-1' }])
    try {
      const id = await local.raise(TENANT, 'face-1', { type: 'face', person: 'p1' })
      await local.raise(TENANT, 'face-1', { type: 'face', person: 'p1', id })
      await local.raise(TENANT, 'face-1', { type: 'face', person: 'p2' })
      // a payload its schema refuses is dropped, not handled
      await local.raise(TENANT, 'face-1', { type: 'face' })
      await until(() => devices.stats.handled + devices.stats.repeats >= 3)
      expect(seen).toEqual(['face-1:p1', 'face-1:p2'])
      expect(devices.stats.repeats).toBe(1)
    } finally {
      await local.close()
      await devices.close()
    }
  })
})

describe('batched readings', () => {
  it('a batched subscription takes readings without a transaction each and writes them together, once', async () => {
    const batches: number[][] = []
    const devices = await openDevices(
      { url: undefined, host: '127.0.0.1', port: 0 },
      { database: t.database, realtime: t.app.realtime, secret: t.signingSecret, log: t.app.log },
    )
    await devices.start([
      subscription({
        kind: 'telemetry',
        payload: z.object({ n: z.number() }),
        dedupe: false,
        batch: {
          everyMs: 300,
          write: async (messages, tx) => {
            // a real statement in the batch's transaction
            await tx.execute(sql`select 1`)
            batches.push(messages.map((m) => m.payload.n))
          },
        },
      }),
    ])
    const local = new DeviceSimulator(devices.brokerUrl, devices.keyOf)
    await local.add([{ tenantId: TENANT, code: 'meter-1' }])
    try {
      for (let n = 0; n < 20; n++) await local.read(TENANT, 'meter-1', { n })
      await until(() => batches.flat().length >= 20)
      expect(batches.flat()).toEqual(Array.from({ length: 20 }, (_, n) => n))
      // fewer writes than readings: they went together
      expect(batches.length).toBeLessThan(20)
      expect(devices.ingested.batched).toBe(20)
      expect(devices.ingested.handled).toBe(0)
    } finally {
      await local.close()
      await devices.close()
    }
  })
})

describe('the embedded broker', () => {
  it('refuses a wrong device key, and a machine speaking for another', async () => {
    const url = t.app.devices.brokerUrl
    await expect(
      mqtt.connectAsync(url, {
        username: deviceUsername(TENANT, 'door-1'),
        password: 'wrong',
        reconnectPeriod: 0,
      }),
    ).rejects.toThrow()
    // a node listening to every status: the forged one never reaches it
    const node = await mqtt.connectAsync(url, {
      username: NODE_USERNAME,
      password: nodeKey(t.signingSecret),
      reconnectPeriod: 0,
    })
    const heard: string[] = []
    node.on('message', (topic, payload) => heard.push(`${topic} ${payload.toString()}`))
    await node.subscribeAsync('xpark/+/door-1/status', { qos: 1 })
    await until(() => heard.length > 0) // the retained status
    heard.length = 0
    const lamp = await mqtt.connectAsync(url, {
      username: deviceUsername(TENANT, 'lamp-1'),
      password: deviceKey(t.signingSecret, TENANT, 'lamp-1'),
      reconnectPeriod: 0,
    })
    // aedes closes the connection of a client publishing where it may not
    const closed = new Promise<void>((resolve) => lamp.once('close', () => resolve()))
    lamp.publish(deviceTopic(TENANT, 'door-1', 'status'), JSON.stringify({ forged: true }), { qos: 1 })
    await closed
    await lamp.endAsync(true)
    // a machine may not listen to another's commands either
    const door = await mqtt.connectAsync(url, {
      username: deviceUsername(TENANT, 'lamp-1'),
      password: deviceKey(t.signingSecret, TENANT, 'lamp-1'),
      reconnectPeriod: 0,
    })
    // mqtt.js rejects a subscription the broker refused (SUBACK 0x80)
    await expect(door.subscribeAsync(deviceTopic(TENANT, 'door-1', 'cmd'), { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    )
    await door.endAsync(true)
    await new Promise((r) => setTimeout(r, 100))
    expect(heard.filter((h) => h.includes('forged'))).toEqual([])
    await node.endAsync(true)
  })
})

// The MQTT side of bench section 11 (bench/devices.mjs): a private mosquitto, the status load of many
// simulated machines, a bare subscriber in its own process (the comparison point), machines that
// answer commands, and the plain publish/ack round trip between two clients.
import { fork, spawn } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { connect as tcpConnect } from 'node:net'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import mqtt from 'mqtt'

export const MOSQUITTO = '/usr/sbin/mosquitto'

/** p-th percentile (0-100) of numbers, nearest rank; null when empty. */
export function percentile(values, p) {
  if (!values.length) return null
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

const portOpen = (port) =>
  new Promise((resolve) => {
    const socket = tcpConnect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })

/** mosquitto on 127.0.0.1:`port` with a generated config in `dir`; null when it is not installed. */
export async function startMosquitto(port, dir) {
  if (!existsSync(MOSQUITTO)) return null
  const config = join(dir, 'mosquitto.conf')
  writeFileSync(
    config,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      'max_queued_messages 100000',
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      '',
    ].join('\n'),
  )
  const output = []
  const child = spawn(MOSQUITTO, ['-c', config], { stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout.on('data', (c) => output.push(c))
  child.stderr.on('data', (c) => output.push(c))
  child.log = () => Buffer.concat(output).toString('utf8')
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited: ${child.log()}`)
    if (await portOpen(port)) return child
    await sleep(50)
  }
  child.kill('SIGKILL')
  throw new Error(`mosquitto did not listen on ${port}: ${child.log()}`)
}

/** The bare subscriber (lib/mqtt-subscriber.mjs) as a child process: its own CPU and RSS in /proc. */
export async function startBareSubscriber(url, filter) {
  const child = fork(fileURLToPath(new URL('./mqtt-subscriber.mjs', import.meta.url)), [url, filter], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  await new Promise((resolve, reject) => {
    child.once('message', (m) => (m.ready ? resolve() : reject(new Error(JSON.stringify(m)))))
    child.once('exit', (code) => reject(new Error(`bare subscriber exited ${code}`)))
  })
  child.report = () =>
    new Promise((resolve) => {
      child.once('message', resolve)
      child.send({ report: true })
    })
  return child
}

export const statusTopic = (tenant, code) => `xpark/${tenant}/${code}/status`
export const benchCode = (i) => `BENCH-${String(i + 1).padStart(5, '0')}`

/**
 * `devices` machines on `connections` MQTT connections (machine i on connection i mod connections),
 * each publishing one retained status (QoS 1) a second for `seconds` s, spread evenly over each second:
 * message k is due at k / devices seconds after the start. The payload carries the second (`seq`) and
 * the publish time (`t`, ms since the epoch). Resolves when every publish is acknowledged by the broker.
 */
export async function statusLoad({ url, tenant, devices, seconds, connections, onSecond }) {
  const clients = await Promise.all(
    Array.from({ length: connections }, (_, c) =>
      mqtt.connectAsync(url, { clientId: `bench-load-${c}`, protocolVersion: 4, reconnectPeriod: 0 }),
    ),
  )
  const topics = Array.from({ length: devices }, (_, i) => statusTopic(tenant, benchCode(i)))
  const total = devices * seconds
  let next = 0
  let acked = 0
  let failed = 0
  let behindMaxMs = 0
  const started = performance.now()
  const startedAt = Date.now()
  let lastSecond = -1
  await new Promise((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - started
      const due = Math.min(total, Math.floor((elapsed * devices) / 1000))
      if (due > next) behindMaxMs = Math.max(behindMaxMs, elapsed - (next * 1000) / devices)
      for (; next < due; next++) {
        const i = next % devices
        const seq = Math.floor(next / devices)
        const payload = `{"online":true,"firmware":"bench","seq":${seq},"t":${Date.now()}}`
        clients[i % connections].publish(topics[i], payload, { qos: 1, retain: true }, (error) => {
          if (error) failed++
          else acked++
          if (acked + failed === total) resolve()
        })
      }
      const second = Math.floor(elapsed / 1000)
      if (second !== lastSecond) {
        lastSecond = second
        onSecond?.(second, next)
      }
      if (next < total) setTimeout(tick, 5)
    }
    tick()
  })
  const publishMs = performance.now() - started
  await Promise.all(clients.map((c) => c.endAsync()))
  return { sent: total, acked, failed, behindMaxMs, publishMs, startedAt }
}

/** statusLoad in a child process (lib/status-load-child.mjs); `onStart(pid)` as it starts. */
export function statusLoadProcess({ onSecond, onStart, ...options }) {
  const child = fork(
    fileURLToPath(new URL('./status-load-child.mjs', import.meta.url)),
    [JSON.stringify(options)],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  )
  onStart?.(child)
  return new Promise((resolve, reject) => {
    child.on('message', (m) => {
      if (m.done) resolve({ ...m.done, finish: () => child.send({ exit: true }) })
      else if (m.second !== undefined) onSecond?.(m.second)
    })
    child.once('exit', (code) => reject(new Error(`status load exited ${code} before it was done`)))
  })
}

/**
 * Machines that answer commands as the simulator does (adapters/device/simulator.ts): one MQTT
 * connection each, subscribed to its `cmd` topic, answering `{ id, ok: true }` on the response topic
 * (MQTT 5) or the payload's `replyTo`, and saying it is online (retained status, last will offline).
 */
export async function commandMachines({ url, tenant, codes, batch = 50 }) {
  const clients = []
  let answered = 0
  for (let i = 0; i < codes.length; i += batch) {
    const opened = await Promise.all(
      codes.slice(i, i + batch).map(async (code) => {
        const status = statusTopic(tenant, code)
        const client = await mqtt.connectAsync(url, {
          clientId: `bench-machine-${code}`,
          protocolVersion: 4,
          reconnectPeriod: 0,
          will: { topic: status, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
        })
        client.on('message', (_topic, payload, packet) => {
          let message
          try {
            message = JSON.parse(payload.toString())
          } catch {
            return
          }
          const replyTo = packet.properties?.responseTopic ?? message.replyTo
          if (typeof replyTo !== 'string') return
          answered++
          client.publish(replyTo, JSON.stringify({ id: String(message.id), ok: true }), { qos: 1 })
        })
        await client.subscribeAsync(`xpark/${tenant}/${code}/cmd`, { qos: 1 })
        await client.publishAsync(status, '{"online":true,"firmware":"bench"}', { qos: 1, retain: true })
        return client
      }),
    )
    clients.push(...opened)
  }
  return {
    get answered() {
      return answered
    },
    close: () => Promise.all(clients.map((c) => c.endAsync(true))),
  }
}

/** Run `count` tasks `concurrency` at a time; their results in the tasks' order (task n's at n). */
export async function pool(count, concurrency, task) {
  const results = new Array(count)
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const n = next++
        results[n] = await task(n)
      }
    }),
  )
  return results
}

/**
 * The round trip with nothing but the broker: a requester (MQTT 5, as the server) publishes a command
 * to one of `machines` topics, a responder (3.1.1, as a machine) answers on the response topic, QoS 1
 * both ways; `count` commands `concurrency` at a time. Returns the round trips in ms.
 */
export async function plainRoundTrips({ url, count, concurrency, machines = 1000 }) {
  const requester = await mqtt.connectAsync(url, { clientId: 'bench-rt-requester', protocolVersion: 5 })
  const responder = await mqtt.connectAsync(url, { clientId: 'bench-rt-responder', protocolVersion: 4 })
  responder.on('message', (_topic, payload) => {
    const message = JSON.parse(payload.toString())
    responder.publish(message.replyTo, JSON.stringify({ id: message.id, ok: true }), { qos: 1 })
  })
  await responder.subscribeAsync('bench/rt/+/cmd', { qos: 1 })
  const waiting = new Map()
  requester.on('message', (_topic, payload) => {
    const { id } = JSON.parse(payload.toString())
    waiting.get(id)?.()
    waiting.delete(id)
  })
  await requester.subscribeAsync('bench/rt/+/ack', { qos: 1 })
  const once = async (n) => {
    const id = `c${n}`
    const machine = n % machines
    const started = performance.now()
    const answered = new Promise((resolve) => waiting.set(id, resolve))
    await requester.publishAsync(
      `bench/rt/${machine}/cmd`,
      JSON.stringify({ id, control: 'open', params: {}, replyTo: `bench/rt/${machine}/ack` }),
      { qos: 1 },
    )
    await answered
    return performance.now() - started
  }
  await pool(20, concurrency, once)
  const times = await pool(count, concurrency, (n) => once(n + 20))
  await Promise.all([requester.endAsync(), responder.endAsync()])
  return times
}

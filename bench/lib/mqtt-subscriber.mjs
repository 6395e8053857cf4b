// The comparison point of bench section 11: a plain mqtt.js client subscribed to every machine's
// status (QoS 1, MQTT 5 as the server's link), counting messages and their lag from the publish time
// in the payload (`t`). Run as a child process of bench/devices.mjs so its CPU and RSS are its own;
// answers `{ report: true }` on IPC with what it received.
import mqtt from 'mqtt'

const [url, filter] = process.argv.slice(2)
const lags = []
let received = 0
let unparsed = 0
const client = await mqtt.connectAsync(url, { clientId: `bench-bare-${process.pid}`, protocolVersion: 5 })
client.on('message', (_topic, payload, packet) => {
  if (packet.retain) return // retained copies from before the subscription
  try {
    const { t } = JSON.parse(payload.toString())
    received++
    if (typeof t === 'number') lags.push(Date.now() - t)
  } catch {
    unparsed++
  }
})
await client.subscribeAsync(filter, { qos: 1 })
process.send({ ready: true })

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null

process.on('message', async (m) => {
  if (!m.report) return
  const sorted = Float64Array.from(lags).sort()
  process.send({
    received,
    unparsed,
    lagP50Ms: percentile(sorted, 50),
    lagP99Ms: percentile(sorted, 99),
    lagMaxMs: sorted.length ? sorted[sorted.length - 1] : null,
  })
  await client.endAsync()
  process.exit(0)
})

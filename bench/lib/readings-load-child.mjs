// The readings of bench section 12 (alarms.mjs) in a process of its own, so its publishing bursts do
// not delay the bench's reading of the consoles' streams. Options (argv[2], JSON): url, tenant, codes
// (machine codes), metrics (readings per message), rate (messages a second, spread over the machines),
// seconds, connections, crossings ([{ code, metric }], one sent at the start of each second while they
// last). Each ordinary message carries every metric below the rules' threshold; a crossing is one
// message with one metric above it (QoS 1), and its publish time goes back to the bench.
import mqtt from 'mqtt'

const o = JSON.parse(process.argv[2])
const clients = await Promise.all(
  Array.from({ length: o.connections }, (_, c) =>
    mqtt.connectAsync(o.url, { clientId: `bench-readings-${c}`, protocolVersion: 4, reconnectPeriod: 0 }),
  ),
)
const topics = o.codes.map((code) => `xpark/${o.tenant}/${code}/telemetry`)
const quiet = JSON.stringify(Object.fromEntries(Array.from({ length: o.metrics }, (_, m) => [`m${m}`, 10])))
const total = o.rate * o.seconds
const crossings = []
let next = 0
let failed = 0
let behindMaxMs = 0
const started = performance.now()
let lastSecond = -1
await new Promise((resolve) => {
  const tick = () => {
    const elapsed = performance.now() - started
    const second = Math.floor(elapsed / 1000)
    if (second !== lastSecond && second < o.seconds) {
      lastSecond = second
      const crossing = o.crossings[second]
      if (crossing) {
        const i = o.codes.indexOf(crossing.code)
        const at = Date.now()
        clients[0].publish(topics[i], JSON.stringify({ [crossing.metric]: 90 }), { qos: 1 })
        crossings.push({ second, at })
      }
      process.send({ second })
    }
    const due = Math.min(total, Math.floor((elapsed * o.rate) / 1000))
    if (due > next) behindMaxMs = Math.max(behindMaxMs, elapsed - (next * 1000) / o.rate)
    for (; next < due; next++)
      clients[next % o.connections].publish(topics[next % topics.length], quiet, { qos: 0 }, (error) => {
        if (error) failed++
      })
    if (next < total) setTimeout(tick, 5)
    else resolve()
  }
  tick()
})
const publishMs = performance.now() - started
await Promise.all(clients.map((c) => c.endAsync()))
process.send({ done: { sent: total, failed, behindMaxMs, publishMs, crossings } })
process.on('message', (m) => m.exit && process.exit(0))

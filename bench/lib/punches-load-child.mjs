// The machine punches of bench section 13 (attendance.mjs) in a process of its own, so its publishing
// bursts do not delay the bench's polls. Options (argv[2], JSON): url, tenant, machines ([{ code,
// password }]: one MQTT connection each, signed in as `<tenant>/<code>` with its device key), people
// (user ids), rate (punches a second, spread over the machines), seconds, repeatEvery (every n-th
// punch is published a second time with the same event id, as a machine repeating itself after a lost
// ack does). Punch k is `{ id: 'bench-<k>', type: 'punch', userId: people[k mod n], at: <now> }` on
// `xpark/<tenant>/<machine k mod m>/event`, QoS 1; the process answers when the broker has
// acknowledged every publish.
import mqtt from 'mqtt'

const o = JSON.parse(process.argv[2])
const clients = await Promise.all(
  o.machines.map((m) =>
    mqtt.connectAsync(o.url, {
      clientId: `bench-clock-${m.code}`,
      username: `${o.tenant}/${m.code}`,
      password: m.password,
      protocolVersion: 4,
      reconnectPeriod: 0,
    }),
  ),
)
const topics = o.machines.map((m) => `xpark/${o.tenant}/${m.code}/event`)
const total = o.rate * o.seconds
let next = 0
let sent = 0
let repeats = 0
let acked = 0
let failed = 0
let behindMaxMs = 0
const started = performance.now()
const startedAt = Date.now()
let lastSecond = -1
const publish = (k) => {
  const payload = JSON.stringify({
    id: `bench-${k}`,
    type: 'punch',
    userId: o.people[k % o.people.length],
    at: new Date().toISOString(),
  })
  clients[k % clients.length].publish(topics[k % topics.length], payload, { qos: 1 }, (error) => {
    if (error) failed++
    else acked++
  })
}
await new Promise((resolve) => {
  const tick = () => {
    const elapsed = performance.now() - started
    const second = Math.floor(elapsed / 1000)
    if (second !== lastSecond && second < o.seconds) {
      lastSecond = second
      process.send({ second })
    }
    const due = Math.min(total, Math.floor((elapsed * o.rate) / 1000))
    if (due > next) behindMaxMs = Math.max(behindMaxMs, elapsed - (next * 1000) / o.rate)
    for (; next < due; next++) {
      publish(next)
      sent++
      // the repeat goes out a little later, from the same machine, with the same event id
      if (o.repeatEvery && next % o.repeatEvery === 0) {
        const k = next
        setTimeout(() => {
          publish(k)
          repeats++
        }, 200)
      }
    }
    if (next < total) setTimeout(tick, 5)
    else resolve()
  }
  tick()
})
const publishMs = performance.now() - started
// every publish (and repeat) acknowledged by the broker
const expectedRepeats = o.repeatEvery ? Math.ceil(total / o.repeatEvery) : 0
while (repeats < expectedRepeats || acked + failed < sent + expectedRepeats)
  await new Promise((r) => setTimeout(r, 20))
await Promise.all(clients.map((c) => c.endAsync()))
process.send({ done: { sent, repeats, acked, failed, behindMaxMs, publishMs, startedAt } })
process.on('message', (m) => m.exit && process.exit(0))

// A small closed-loop load driver (undici): `connections` loops each send one request at a time, the
// operation of each request taken in turn from a fixed shuffled schedule, so the mix of requests sent
// is the given proportions exactly. Per operation: count, answered-ok rate, p50/p99 and errors (an
// answer that is not 2xx, or whose envelope says success:false, or whatever `check` refuses, or no
// answer at all).
import { Pool } from 'undici'

/** A seeded pseudo-random generator (mulberry32): the same run picks the same tenants and rows. */
export function random(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0

/** The operations' names, each `weight` times, shuffled. */
function schedule(ops, rnd) {
  const list = Object.entries(ops).flatMap(([name, op]) => Array.from({ length: op.weight }, () => name))
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1))
    ;[list[i], list[j]] = [list[j], list[i]]
  }
  return list
}

/** The envelope check every JSON answer passes: 2xx and not `success: false`. */
function envelopeProblem(status, text) {
  if (status < 200 || status > 299) return `HTTP ${status} ${text.slice(0, 160)}`
  if (text.startsWith('{')) {
    try {
      if (JSON.parse(text).success === false) return `success:false ${text.slice(0, 160)}`
    } catch {
      return `unreadable JSON ${text.slice(0, 80)}`
    }
  }
  return null
}

/**
 * Run the mix against `origin` for `seconds`. ops: { name: { weight, make() → { method, path,
 * headers?, body? } | null (nothing to do now: the next slot is taken), binary?, check?(status,
 * headers, text|buffer) → problem | null, acknowledged?(request) } }. `acknowledged` is called for
 * every answer that passed. Returns { seconds, operations: { name: figures } }.
 */
export async function runMix({ origin, ops, seconds, connections, seed = 1 }) {
  const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 })
  const rnd = random(seed)
  const order = schedule(ops, rnd)
  const stats = Object.fromEntries(
    Object.keys(ops).map((name) => [
      name,
      { sent: 0, ok: 0, errors: 0, latencies: [], samples: [], statuses: {} },
    ]),
  )
  let slot = 0
  const started = performance.now()
  const deadline = started + seconds * 1000

  async function loop() {
    while (performance.now() < deadline) {
      const name = order[slot++ % order.length]
      const op = ops[name]
      const request = op.make()
      if (!request) continue
      const s = stats[name]
      s.sent++
      const t0 = performance.now()
      let problem = null
      try {
        const answer = await pool.request({
          origin,
          method: request.method ?? 'GET',
          path: request.path,
          headers: request.headers,
          body: request.body,
          headersTimeout: 60_000,
          bodyTimeout: 60_000,
        })
        const status = answer.statusCode
        s.statuses[status] = (s.statuses[status] ?? 0) + 1
        if (op.binary) {
          const buffer = Buffer.from(await answer.body.arrayBuffer())
          problem = status < 200 || status > 299 ? `HTTP ${status} ${buffer.toString('utf8', 0, 160)}` : null
          problem ??= op.check?.(status, answer.headers, buffer) ?? null
        } else {
          const text = await answer.body.text()
          problem = envelopeProblem(status, text) ?? op.check?.(status, answer.headers, text) ?? null
        }
      } catch (error) {
        problem = `no answer: ${error.code ?? ''} ${error.message}`
      }
      const ms = performance.now() - t0
      if (problem) {
        s.errors++
        if (s.samples.length < 3)
          s.samples.push(`${request.method ?? 'GET'} ${request.path.slice(0, 120)}: ${problem}`)
      } else {
        s.ok++
        s.latencies.push(ms)
        op.acknowledged?.(request)
      }
    }
  }
  await Promise.all(Array.from({ length: connections }, loop))
  const elapsed = (performance.now() - started) / 1000
  await pool.close()
  const operations = {}
  for (const [name, s] of Object.entries(stats)) {
    const sorted = s.latencies.sort((a, b) => a - b)
    operations[name] = {
      sent: s.sent,
      ok: s.ok,
      errors: s.errors,
      perSecond: Number((s.ok / elapsed).toFixed(1)),
      p50: Number(percentile(sorted, 50).toFixed(1)),
      p99: Number(percentile(sorted, 99).toFixed(1)),
      max: Number((sorted.at(-1) ?? 0).toFixed(1)),
      statuses: s.statuses,
      errorSamples: s.samples,
    }
  }
  return { seconds: Number(elapsed.toFixed(2)), connections, operations }
}

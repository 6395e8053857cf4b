// autocannon (programmatic API) against several targets, interleaved so that whatever else runs on the
// machine during the measurement weighs on every target alike.
import autocannon from 'autocannon'

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)))
  })
}

const sum = (list, pick) => list.reduce((total, item) => total + pick(item), 0)

/** Several autocannon results of one target as one figure. Only 2xx answers count as served requests. */
function merge(url, connections, parts) {
  const duration = sum(parts, (r) => r.duration)
  const statusCodes = {}
  for (const r of parts) {
    for (const [code, s] of Object.entries(r.statusCodeStats))
      statusCodes[code] = (statusCodes[code] ?? 0) + s.count
  }
  return {
    url,
    connections,
    rounds: parts.length,
    durationSeconds: Number(duration.toFixed(2)),
    requestsPerSecond: Math.round(sum(parts, (r) => r['2xx']) / duration),
    roundRequestsPerSecond: parts.map((r) => Math.round(r['2xx'] / r.duration)),
    latencyMs: {
      // autocannon gives percentiles per run, not its histogram: the worst round is the honest figure
      p50: Math.max(...parts.map((r) => r.latency.p50)),
      p99: Math.max(...parts.map((r) => r.latency.p99)),
      max: Math.max(...parts.map((r) => r.latency.max)),
      average: Number(
        (
          sum(parts, (r) => r.latency.average * r.latency.totalCount) /
            sum(parts, (r) => r.latency.totalCount) || 0
        ).toFixed(2),
      ),
    },
    total: sum(parts, (r) => r.requests.total),
    ok2xx: sum(parts, (r) => r['2xx']),
    non2xx: sum(parts, (r) => r.non2xx),
    errors: sum(parts, (r) => r.errors),
    timeouts: sum(parts, (r) => r.timeouts),
    statusCodes,
  }
}

/**
 * After a slice, requests autocannon gave up on are still queued in the server (it answers them to a
 * closed socket): let them finish (`drain`, e.g. one request that waits its turn) before the next
 * target is measured, or a slow page's backlog is charged to the page after it.
 */
async function settle(pauseMs, drain) {
  await drain()
  if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs))
}

/**
 * Warm each target up (JIT, pools, caches), then measure them in `rounds` alternating slices of
 * durationSeconds / rounds each (then `drain` and pauseMs). targets: { name: { url, headers } }.
 * Returns { name: figures }.
 */
export async function compare(
  targets,
  { connections, durationSeconds, warmupSeconds, rounds, pauseMs = 0, drain = async () => {} },
) {
  const names = Object.keys(targets)
  const slice = Math.max(1, Math.round(durationSeconds / rounds))
  for (const name of names) {
    const { url, headers = {} } = targets[name]
    if (warmupSeconds > 0) await run({ url, headers, connections, duration: warmupSeconds })
    await settle(pauseMs, drain)
  }
  const parts = Object.fromEntries(names.map((name) => [name, []]))
  for (let round = 0; round < rounds; round++) {
    for (const name of names) {
      const { url, headers = {} } = targets[name]
      parts[name].push(await run({ url, headers, connections, duration: slice }))
      await settle(pauseMs, drain)
    }
  }
  return Object.fromEntries(names.map((name) => [name, merge(targets[name].url, connections, parts[name])]))
}

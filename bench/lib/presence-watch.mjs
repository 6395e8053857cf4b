// What the server wrote of the machines' statuses (bench section 11), read from its PostgreSQL while
// it runs: xpark_device_presence holds each machine's last status as sent (with the bench's `seq` and
// publish time `t`) and `last_seen_at`, the moment the server took it.
//
// - lag: a sample of machines is polled every POLL_MS; when a machine's `seq` moves on, the poll's
//   start minus `t` is how long that status took to become readable (up to one poll late), and
//   `last_seen_at` minus `t` how long it took to reach the server (exact: one clock).
// - statements: every row a statement writes gets that transaction's id as `xmin`, and the presence
//   flush is one autocommitted statement. Every WRITES_MS the distinct `xmin`s of the bench's rows are
//   read: each new one is one write of the presence table (a flush, or a sweep's update), its row
//   count how many machines it wrote, and the latest `last_seen_at` it wrote when (about) it flushed
//   (the rate is taken between those times). A write entirely overwritten within WRITES_MS would be
//   missed; at one flush a second none is.
// - statement time: pg_stat_activity, sampled with the lag poll, shows the upsert while it runs; the
//   longest each one was seen running is its duration to within a poll (short ones are not seen).
// - rows: pg_stat_user_tables' inserted + updated tuples of the table over the run.
const POLL_MS = 50
const WRITES_MS = 250
const SAMPLE = 200

export function presenceWatch(raw, tenant, devices) {
  const step = Math.max(1, Math.floor(devices / SAMPLE))
  const sample = []
  for (let i = 0; i < devices && sample.length < SAMPLE; i += step)
    sample.push(`BENCH-${String(i + 1).padStart(5, '0')}`)
  const lastSeq = new Map()
  const heard = []
  const visible = []
  let coalesced = 0
  const writes = new Map() // xmin → { rows, at: the latest last_seen_at it wrote (≈ when it flushed) }
  const statementMs = new Map() // query_start of a running presence upsert → longest it was seen running
  let busy = false
  let stopped = false
  let tuples0 = null

  const tuples = async () => {
    const [row] = await raw.query(
      "select (n_tup_ins + n_tup_upd)::bigint as n from pg_stat_user_tables where relname = 'xpark_device_presence'",
    )
    return Number(row?.n ?? 0)
  }

  const pollSample = async () => {
    const polledAt = Date.now()
    const rows = await raw.query(
      `select machine, (status->>'seq')::int as seq, (status->>'t')::float8 as t,
              extract(epoch from last_seen_at) * 1000 as seen
         from xpark_device_presence where tenant_id = $1 and machine = any($2)`,
      [tenant, sample],
    )
    // the presence upsert while it runs (its duration, to within a poll)
    const running = await raw.query(
      `select query_start::text as q, extract(epoch from clock_timestamp() - query_start) * 1000 as ms
         from pg_stat_activity where state = 'active' and query like 'insert into "xpark_device_presence"%'`,
    )
    for (const r of running) statementMs.set(r.q, Math.max(statementMs.get(r.q) ?? 0, Number(r.ms)))
    for (const r of rows) {
      if (r.seq === null) continue
      const before = lastSeq.get(r.machine) ?? -1
      if (r.seq <= before) continue
      coalesced += r.seq - before - 1
      lastSeq.set(r.machine, r.seq)
      visible.push(polledAt - r.t)
      heard.push(Number(r.seen) - r.t)
    }
  }

  const pollWrites = async () => {
    const rows = await raw.query(
      `select xmin::text as x, count(*)::int as n, extract(epoch from max(last_seen_at)) * 1000 as at
         from xpark_device_presence where tenant_id = $1 and machine like 'BENCH-%' group by 1`,
      [tenant],
    )
    for (const r of rows) {
      const w = writes.get(r.x)
      if (w) {
        w.rows = Math.max(w.rows, r.n)
        w.at = Math.max(w.at, Number(r.at))
      } else writes.set(r.x, { rows: r.n, at: Number(r.at) })
    }
  }

  let lastWrites = 0
  const loop = async () => {
    tuples0 = await tuples()
    while (!stopped) {
      const started = Date.now()
      busy = true
      try {
        await pollSample()
        if (started - lastWrites >= WRITES_MS) {
          lastWrites = started
          await pollWrites()
        }
      } finally {
        busy = false
      }
      await new Promise((r) => setTimeout(r, Math.max(0, POLL_MS - (Date.now() - started))))
    }
  }
  const running = loop()

  const pct = (values, p) => {
    if (!values.length) return null
    const sorted = [...values].sort((a, b) => a - b)
    return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)])
  }

  return {
    /**
     * Wait until every machine's row holds status `seq`, or the rows stop moving (the sum of their
     * `seq` unchanged) for `quietMs`, at most `timeoutMs`. Returns how many hold it and when the last
     * change was seen.
     */
    async drain(seq, { quietMs = 5_000, timeoutMs = 120_000 } = {}) {
      const started = Date.now()
      let current = 0
      let progress = -1
      let progressAt = started
      while (Date.now() - started < timeoutMs && Date.now() - progressAt < quietMs) {
        const [row] = await raw.query(
          `select count(*) filter (where (status->>'seq')::int = $2)::int as n,
                  coalesce(sum((status->>'seq')::int), 0)::bigint as moved
             from xpark_device_presence where tenant_id = $1 and machine like 'BENCH-%'`,
          [tenant, seq],
        )
        if (Number(row.moved) !== progress) {
          progress = Number(row.moved)
          progressAt = Date.now()
        }
        current = row.n
        if (current >= devices) break
        await new Promise((r) => setTimeout(r, 100))
      }
      return { current, waitedMs: progressAt - started }
    },
    async stop() {
      // one more write poll after the drain, then stop
      stopped = true
      await running
      while (busy) await new Promise((r) => setTimeout(r, 10))
      await pollWrites()
      await new Promise((r) => setTimeout(r, 1500)) // the server's statistics reach pg_stat (≤ 1 s)
      const rowsWritten = (await tuples()) - tuples0
      const list = [...writes.values()].sort((a, b) => a.at - b.at)
      const span = list.length > 1 ? (list.at(-1).at - list[0].at) / 1000 : null
      const durations = [...statementMs.values()]
      const rowCounts = list.map((w) => w.rows)
      return {
        samples: sample.length,
        pollMs: POLL_MS,
        heardP50Ms: pct(heard, 50),
        heardP99Ms: pct(heard, 99),
        visibleP50Ms: pct(visible, 50),
        visibleP99Ms: pct(visible, 99),
        visibleMaxMs: pct(visible, 100),
        lagObservations: visible.length,
        coalesced,
        writes: list.length,
        writeSpanSeconds: span === null ? null : Number(span.toFixed(2)),
        writesPerSecond: span ? Number(((list.length - 1) / span).toFixed(3)) : null,
        rowsPerWriteP50: pct(rowCounts, 50),
        rowsPerWriteMax: rowCounts.length ? Math.max(...rowCounts) : null,
        rowsWritten,
        statementsSeenRunning: durations.length,
        statementP50Ms: pct(durations, 50),
        statementMaxMs: pct(durations, 100),
      }
    },
  }
}

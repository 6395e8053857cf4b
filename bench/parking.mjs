// Bench section 13, the parking part (issue 30): the pass records at 10,000 and at 1,000,000 rows of
// one tenant (bulk SQL into the demo's car park), and the vehicles inside grown with them (1 per 100
// passes). Measured on the built server with PostgreSQL, as the console calls them: a plate's passes
// (`/park-car/getCarPassRecord`, an ordinary plate and a frequent one), the vehicles inside
// (`/park-car/currentVehicle`, page 1 and a plate search) and, unbudgeted, the pass records' page 1
// (`/park-car/passRecord`). Budget: each < 100 ms at 1,000,000. Run: `node bench/parking.mjs` after
// `npm run build`. See bench/README.md.
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { makeTarget } from './lib/bench-database.mjs'
import { writeSectionResults } from './lib/budgets.mjs'
import { runAsScript } from './lib/run.mjs'
import { freePort, signIn, startServer, stopServer, timeApiCall } from './lib/xpark-server.mjs'

const TENANT = '100001'
const RECORDS = Number(process.env.XPARK_BENCH_PARKING_RECORDS ?? 1_000_000)
const SMALL = 10_000
/** distinct plates the ordinary passes are spread over (about 50 passes each at 1,000,000) */
const PLATES = Number(process.env.XPARK_BENCH_PARKING_PLATES ?? 20_000)
/** one pass in FREQUENT is the frequent car's (a fixed card driving in and out every day) */
const FREQUENT = 100
const FREQUENT_PLATE = '粤Z00001'
const ORDINARY_PLATE = '粤B00042'
/** vehicles inside: one per this many passes */
const PER_VEHICLE = 100
const RUNS = 30
const BUDGET_MS = 100
const ID_BASE = '9210000000000000000'
const VEHICLE_ID_BASE = '9215000000000000000'
const line = (text = '') => console.log(`   ${text}`)
const round = (n, d = 1) => (n === null || n === undefined || Number.isNaN(n) ? null : Number(n.toFixed(d)))
const big = RECORDS.toLocaleString('en-US')
const small = SMALL.toLocaleString('en-US')

/** What is timed: the console's calls (page 1 of 10, the screens' default order). */
const CALLS = [
  {
    key: 'plate',
    name: 'plate search (getCarPassRecord, an ordinary plate)',
    path: `park-car/getCarPassRecord?plate=${encodeURIComponent(ORDINARY_PLATE)}&current=1&size=10`,
    budget: true,
  },
  {
    key: 'frequentPlate',
    name: `plate search (getCarPassRecord, a plate with 1 in ${FREQUENT} passes)`,
    path: `park-car/getCarPassRecord?plate=${encodeURIComponent(FREQUENT_PLATE)}&current=1&size=10`,
    budget: true,
  },
  {
    key: 'vehicles',
    name: 'current vehicles (currentVehicle, page 1)',
    path: 'park-car/currentVehicle?current=1&size=10',
    budget: true,
  },
  {
    key: 'vehicleSearch',
    name: 'current vehicles (currentVehicle, plate contains 0042)',
    path: 'park-car/currentVehicle?current=1&size=10&plate=0042',
    budget: true,
  },
  {
    key: 'passPage',
    name: 'pass records (passRecord, page 1, no filter; not budgeted)',
    path: 'park-car/passRecord?current=1&size=10',
    budget: false,
  },
]

export const PARKING_BUDGETS = CALLS.filter((c) => c.budget).map((c) => ({
  name: `${c.name} at ${big}`,
  read: (r) => r.calls?.[c.key]?.largeMs,
  max: BUDGET_MS,
  show: (v) => `${v} ms`,
}))

/** The demo's car park and its two gates (entry, exit). */
async function demoLot(raw) {
  const gates = await raw.query(
    `select g.lot_id::text as lot, g.machine_id::text as machine, g.direction, g.name
       from xpark_parking_gate g where g.tenant_id = $1 and g.is_deleted = 0 order by g.direction`,
    [TENANT],
  )
  const entry = gates.find((g) => g.direction === 1)
  const exit = gates.find((g) => g.direction === 2)
  if (!entry || !exit) throw new Error('the demo car park with an entry and an exit gate is missing')
  return { lot: entry.lot, entry, exit }
}

/**
 * Passes n in [from, to]: newest first (n minutes before now); every FREQUENT-th the frequent car,
 * the others over PLATES plates; entries and exits alternate, exits carry a stay and a fee.
 */
function insertPasses(raw, lot, from, to) {
  return raw.query(
    `insert into xpark_parking_pass (id, tenant_id, lot_id, machine_id, gate_name, plate, plate_color,
       direction, pass_type, release_mode, released, pass_time, entry_time, duration_minutes, fee, paid)
     select $1::bigint + n, $2, $3::bigint,
       case when n % 2 = 0 then $4::bigint else $5::bigint end,
       case when n % 2 = 0 then $6 else $7 end,
       case when n % ${FREQUENT} = 0 then '${FREQUENT_PLATE}' else '粤B' || lpad((n % ${PLATES})::text, 5, '0') end,
       1, n % 2, 0, case when n % 2 = 0 then 1 else 3 end, 1,
       now() - (n || ' minutes')::interval,
       case when n % 2 = 1 then now() - ((n + 90) || ' minutes')::interval end,
       case when n % 2 = 1 then 90 end,
       case when n % 2 = 1 then 400 else 0 end, 0
     from generate_series($8::int, $9::int) as n`,
    [ID_BASE, TENANT, lot.lot, lot.entry.machine, lot.exit.machine, lot.entry.name, lot.exit.name, from, to],
  )
}

/** Vehicles inside k in [from, to], each a stay begun by an entry pass of its own plate. */
function insertVehicles(raw, lot, from, to) {
  return raw.query(
    `insert into xpark_parking_vehicle (id, tenant_id, lot_id, plate, plate_color, entry_time,
       entry_machine_id, entry_pass_id)
     select $1::bigint + k, $2, $3::bigint, '粤V' || lpad(k::text, 6, '0'), 1,
       now() - ((k * 7) || ' minutes')::interval, $4::bigint, $5::bigint + k * ${PER_VEHICLE}
     from generate_series($6::int, $7::int) as k`,
    [VEHICLE_ID_BASE, TENANT, lot.lot, lot.entry.machine, ID_BASE, from, to],
  )
}

async function timeAll(baseUrl, token) {
  const out = {}
  for (const c of CALLS) out[c.key] = await timeApiCall(baseUrl, token, c.path, RUNS)
  return out
}

runAsScript(import.meta.url, 'parking', 25, async (onChild) => {
  console.log('\n== Parking at scale (issue 30, bench section 13)')
  line(`load average at the start ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`)
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres'
  const target = await makeTarget('postgres', 'xpark_bench_parking')
  line(`one server on PostgreSQL, database ${new URL(target.url).pathname.slice(1)} (dropped at the end)`)
  let node
  let raw
  try {
    node = await startServer({
      port: await freePort(),
      dataDir: target.dataDir,
      timeoutMs: 180_000,
      env: {
        ...target.env,
        XPARK_JWT_SECRET: randomUUID() + randomUUID(),
        XPARK_DEVICE_SIMULATOR: 'off',
        XPARK_INTERCOM_SIMULATOR: 'off',
      },
    })
    onChild(node.child)
    raw = await target.openRaw()
    const token = await signIn(node.baseUrl, { tenantId: TENANT, username: 'admin' })
    const lot = await demoLot(raw)
    const results = { at: new Date().toISOString(), loadAverage: os.loadavg(), records: RECORDS }

    console.log(`\n-- at ${small} pass records (${SMALL / PER_VEHICLE} vehicles inside)`)
    await insertPasses(raw, lot, 1, SMALL)
    await insertVehicles(raw, lot, 1, SMALL / PER_VEHICLE)
    await raw.query('analyze xpark_parking_pass')
    await raw.query('analyze xpark_parking_vehicle')
    const atSmall = await timeAll(node.baseUrl, token)
    for (const c of CALLS)
      line(`${c.name}: ${atSmall[c.key].ms} ms (p95 ${atSmall[c.key].p95}, total ${atSmall[c.key].total})`)

    console.log(
      `\n-- at ${big} pass records (${(RECORDS / PER_VEHICLE).toLocaleString('en-US')} vehicles inside)`,
    )
    const started = performance.now()
    for (let from = SMALL + 1; from <= RECORDS; from += 200_000)
      await insertPasses(raw, lot, from, Math.min(RECORDS, from + 199_999))
    await insertVehicles(raw, lot, SMALL / PER_VEHICLE + 1, RECORDS / PER_VEHICLE)
    await raw.query('analyze xpark_parking_pass')
    await raw.query('analyze xpark_parking_vehicle')
    line(
      `inserted ${(RECORDS - SMALL).toLocaleString('en-US')} more passes in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
    const atLarge = await timeAll(node.baseUrl, token)
    results.calls = {}
    for (const c of CALLS) {
      const s = atSmall[c.key]
      const l = atLarge[c.key]
      results.calls[c.key] = {
        name: c.name,
        smallMs: s.ms,
        largeMs: l.ms,
        largeP95Ms: l.p95,
        ratio: round(l.ms / s.ms, 2),
        rowsSmall: s.total,
        rowsLarge: l.total,
      }
      line(
        `${c.name}: ${l.ms} ms (p95 ${l.p95}, total ${l.total}; ×${results.calls[c.key].ratio} of ${small})`,
      )
    }
    writeSectionResults('parking', results, PARKING_BUDGETS, { issue: 30, line })
  } finally {
    await raw?.close()
    if (node) await stopServer(node.child)
    await target.drop()
  }
})

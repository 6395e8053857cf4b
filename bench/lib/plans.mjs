// Query plans of the statements a server ran: the server is started with XPARK_SQL_LOG=on (every
// statement and its parameters to stderr as `xpark-sql {json}`), the statements of one request are
// cut out of its log, and each is run again under EXPLAIN ANALYZE on a connection of the bench.

/** The logged statements in a server's output after `mark` (a length of child.log()), those `keep` passes. */
export function loggedStatements(log, mark = 0, keep = () => true) {
  return log
    .slice(mark)
    .split('\n')
    .filter((l) => l.startsWith('xpark-sql '))
    .map((l) => JSON.parse(l.slice('xpark-sql '.length)))
    .filter(keep)
}

/**
 * EXPLAIN ANALYZE of each captured statement (not of the planner estimate, which is an EXPLAIN).
 * `statements` is { key: [{ query, params }] }; returns { key: [{ query, params, plan: [lines] }] }.
 */
export async function explain(raw, statements) {
  const plans = {}
  for (const [key, list] of Object.entries(statements)) {
    plans[key] = []
    for (const s of list) {
      if (/^explain/i.test(s.query)) {
        plans[key].push({ query: s.query, params: s.params, plan: ['(the planner estimate: EXPLAIN only)'] })
        continue
      }
      // writes are not run again: their plan would change the data
      if (!/^\s*select/i.test(s.query)) continue
      const rows = await raw.query(
        `explain (analyze, costs off, timing off, summary off) ${s.query}`,
        s.params,
      )
      plans[key].push({ query: s.query, params: s.params, plan: rows.map((r) => Object.values(r)[0]) })
    }
  }
  return plans
}

/** The whole plans as text, under a heading. */
export function planText(heading, plans) {
  const out = [`== ${heading}`]
  for (const [key, list] of Object.entries(plans)) {
    out.push(`-- ${key}`)
    for (const s of list) {
      out.push(`   ${s.query}`)
      out.push(`   params ${JSON.stringify(s.params)}`)
      for (const p of s.plan) out.push(`     ${p}`)
    }
  }
  return out.join('\n')
}

/** The plan's first nodes per statement, one line per key (the whole plans go to a results file). */
export function planSummary(plans, line) {
  for (const [key, list] of Object.entries(plans)) {
    const nodes = list
      .filter((s) => !/^explain/i.test(s.query))
      .map((s) =>
        s.plan
          .filter((p) => /^\s*(->\s+)?([A-Z][A-Za-z]*( |$))+(on|using|\(|$)|^\s*InitPlan \d+$/.test(p))
          .map((p) => p.replace(/\(actual.*$/, '').trim())
          .slice(0, 4)
          .join(' > '),
      )
    line(`${key.padEnd(12)} ${nodes.join('  |  ')}`)
  }
}

/** The tables with a tenant_id column: the ones a tenant's page must never read whole. */
export async function tenantScopedTables(raw) {
  const rows = await raw.query(
    `select table_name from information_schema.columns
     where table_schema = current_schema() and column_name = 'tenant_id' order by 1`,
  )
  return new Set(rows.map((r) => r.table_name))
}

/**
 * Every `Seq Scan on <table>` node: [{ key, table, tenantScoped, query }] (`tenantScoped`: the table
 * has a tenant_id column; a table reached through one, like blade_user_dept, is listed as not).
 */
export function seqScansOn(plans, tables) {
  const found = []
  for (const [key, list] of Object.entries(plans)) {
    for (const s of list) {
      for (const p of s.plan) {
        const m = p.match(/Seq Scan on (\w+)/)
        if (m) found.push({ key, table: m[1], tenantScoped: tables.has(m[1]), query: s.query })
      }
    }
  }
  return found
}

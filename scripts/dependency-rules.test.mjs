// The import rules bite: dependency-cruiser runs with the repository's own config (.dependency-cruiser.cjs)
// over scripts/fixtures/dependency-rules, a small tree laid out like the repository in which each file
// breaks one rule or shows what a rule allows (its first comment says which). The test fails when a rule
// is removed, weakened (it misses its breach, or is no longer an error) or widened (it flags an allowed
// import), and when a rule is added without a breach here. Run by `npm run lint` (node's test runner).
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const config = join(root, '.dependency-cruiser.cjs')
const fixtures = join(root, 'scripts/fixtures/dependency-rules')
const S = 'apps/server/src'

/** every breach in the fixtures: rule, from, to (a cycle: its first step) */
const EXPECTED = [
  ['no-circular', 'packages/kit/src/a.ts', 'packages/kit/src/b.ts'],
  ['no-circular', 'packages/kit/src/c.ts', 'packages/kit/src/d.ts'],
  ['not-resolvable', 'packages/kit/src/missing.ts', './nowhere'],
  ['apps-apart', 'apps/web/src/shell/server.ts', `${S}/core/leak.ts`],
  ['contract-below-apps', 'packages/kit/src/app.ts', 'apps/web/src/app/features.ts'],
  ['core-db-below-modules', `${S}/core/leak.ts`, `${S}/modules/alpha/index.ts`],
  ['core-db-below-modules', `${S}/db/leak.ts`, `${S}/modules/alpha/schema.ts`],
  ['core-db-below-composition', `${S}/core/up.ts`, `${S}/compose/seed.ts`],
  ['module-through-index', `${S}/modules/alpha/rules.ts`, `${S}/modules/beta/rules.ts`],
  ['module-below-composition', `${S}/modules/alpha/list.ts`, `${S}/modules/index.ts`],
  ['outside-through-index-or-schema', `${S}/compose/seed.ts`, `${S}/modules/alpha/rules.ts`],
  ['system-direction', `${S}/modules/org/index.ts`, `${S}/modules/user/index.ts`],
  ['system-direction', `${S}/modules/authority/index.ts`, `${S}/modules/tenant/index.ts`],
  ['identity-is-the-floor', `${S}/modules/identity/index.ts`, `${S}/modules/beta/index.ts`],
  ['feature-apart', 'apps/web/src/features/one/index.ts', 'apps/web/src/features/two/index.ts'],
  ['shell-not-features', 'apps/web/src/shell/Layout.tsx', 'apps/web/src/features/two/index.ts'],
]

const line = ([rule, from, to], severity = 'error') => `${severity} ${rule}: ${from} → ${to}`

function cruise() {
  const cli = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs')
  const run = spawnSync(
    process.execPath,
    [cli, '--config', config, '--output-type', 'json', 'apps', 'packages'],
    {
      cwd: fixtures,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  // depcruise exits non-zero when it finds errors, as it must here: its report is on stdout either way
  assert.ok(run.stdout, `dependency-cruiser printed no report: ${run.stderr}`)
  return JSON.parse(run.stdout)
}

test('each rule reports its breach in the fixtures, as an error, and nothing else', () => {
  const { summary } = cruise()
  const found = summary.violations.map((v) => line([v.rule.name, v.from, v.to], v.rule.severity)).sort()
  assert.deepEqual(found, EXPECTED.map((e) => line(e)).sort())
})

test('every rule of the config has a breach in the fixtures', () => {
  const rules = createRequire(import.meta.url)(config).forbidden.map((r) => r.name)
  const covered = new Set(EXPECTED.map(([rule]) => rule))
  assert.deepEqual(
    rules.filter((name) => !covered.has(name)),
    [],
  )
})

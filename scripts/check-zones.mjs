#!/usr/bin/env node
// The import zones of the code base, at any depth (Biome's import rules match the written specifier, so a
// relative path's meaning depends on the file's depth; this script resolves every specifier instead).
// Run by `npm run lint`; prints each breach and exits 1 when there is one.
//
// Server (apps/server/src):
//   1. a module (modules/<a>/…) imports another module (modules/<b>/…) only through its index.ts;
//   2. a module's code (not its tests) never imports app.ts, db/schema.ts (every module's tables: a back
//      door around rule 1) nor the module list (modules/index.ts);
//   3. core/ never imports modules/ nor app.ts (its tests, which start the app, follow rule 4);
//   4. code outside modules (db/, test/, app.ts) imports a module through its index.ts or its schema.ts.
// Web (apps/web/src):
//   5. a feature (features/<a>/…) never imports another feature;
//   6. the shell (everything but features/) never imports a feature, except the composition root that
//      lists them (app/features.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const SERVER = join(root, 'apps/server/src')
const WEB = join(root, 'apps/web/src')
const WEB_ROOTS = new Set(['app/features.ts'])

/** every .ts/.tsx file under dir */
function filesOf(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : filesOf(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(=])import\s*\(?\s*['"]([^'"]+)['"]/gm

/** the specifiers a file imports (static, re-exports, side-effect and dynamic imports) */
function specifiersOf(source) {
  // comments may quote imports: drop them (keeps strings, good enough for import lines)
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  return [...code.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2])
}

/** a specifier as a path relative to base (extension-less, `/index` kept), or null for packages */
function target(file, spec, base, alias) {
  let path
  if (spec.startsWith('.')) path = resolve(dirname(file), spec)
  else if (alias && spec.startsWith('@/')) path = join(base, spec.slice(2))
  else return null
  const rel = relative(base, path).split(sep).join('/')
  return rel.replace(/\.(js|ts|tsx|jsx)$/, '')
}

const isTest = (rel) => /\.test\.tsx?$/.test(rel) || rel.startsWith('test/')
const problems = []

for (const file of filesOf(SERVER)) {
  const rel = relative(SERVER, file).split(sep).join('/')
  const own = /^modules\/([^/]+)\//.exec(rel)?.[1]
  for (const spec of specifiersOf(readFileSync(file, 'utf8'))) {
    const to = target(file, spec, SERVER, false)
    if (to === null || to.startsWith('..')) continue
    const other = /^modules\/([^/]+)\/(.+)$/.exec(to)
    const say = (why) => problems.push(`apps/server/src/${rel}: '${spec}' — ${why}`)
    if (rel.startsWith('core/') && !isTest(rel)) {
      if (to.startsWith('modules/') || to === 'app') say('core/ never imports modules/ or app.ts')
    } else if (own) {
      if (other && other[1] !== own && other[2] !== 'index')
        say(`module '${own}' imports module '${other[1]}' only through its index.ts`)
      if (!isTest(rel) && (to === 'app' || to === 'db/schema' || to === 'modules/index'))
        say('a module imports neither app.ts, db/schema.ts (every table) nor the module list')
    } else if (other && other[2] !== 'index' && other[2] !== 'schema') {
      say(`outside modules, a module is imported through its index.ts or schema.ts`)
    }
  }
}

for (const file of filesOf(WEB)) {
  const rel = relative(WEB, file).split(sep).join('/')
  const own = /^features\/([^/]+)\//.exec(rel)?.[1]
  for (const spec of specifiersOf(readFileSync(file, 'utf8'))) {
    const to = target(file, spec, WEB, true)
    if (to === null || to.startsWith('..')) continue
    const feature = /^features\/([^/]+)/.exec(to)?.[1]
    if (!feature) continue
    const say = (why) => problems.push(`apps/web/src/${rel}: '${spec}' — ${why}`)
    if (own && feature !== own) say(`feature '${own}' never imports feature '${feature}'`)
    if (!own && !WEB_ROOTS.has(rel))
      say('the shell never imports features (they are listed in app/features.ts)')
  }
}

if (problems.length) {
  console.error(
    `Import zones (scripts/check-zones.mjs): ${problems.length} breach(es)\n${problems.join('\n')}`,
  )
  process.exit(1)
}
console.log('Import zones: clean')

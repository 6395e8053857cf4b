// Gzipped JS the browser loads before the login form shows: the entry chunk from index.html, the
// login page chunk, and everything they import statically. Run after `vite build`:
//   node scripts/login-budget.mjs [budgetKB]
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
const budgetKB = Number(process.argv[2] ?? 150)
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const entry = html.match(/<script[^>]+src="\.\/(assets\/[^"]+\.js)"/)?.[1]
if (!entry) throw new Error('no entry script in dist/index.html')

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))
const byFile = new Map(Object.values(manifest).map((c) => [c.file, c]))

/** a chunk and its static imports, transitively */
function closure(file, seen = new Set()) {
  if (seen.has(file)) return seen
  seen.add(file)
  for (const key of byFile.get(file)?.imports ?? []) closure(manifest[key].file, seen)
  return seen
}

const login = Object.values(manifest).find((c) => c.src?.endsWith('shell/login/LoginPage.tsx'))
if (!login) throw new Error('LoginPage chunk not found in the manifest')
const files = closure(login.file, closure(entry))
let total = 0
for (const f of [...files].sort()) {
  const gz = gzipSync(readFileSync(join(dist, f))).length
  total += gz
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${f}`)
}
const kb = total / 1024
console.log(`login route: ${kb.toFixed(1)} KB gzipped JS in ${files.size} files (budget ${budgetKB} KB)`)
if (kb > budgetKB) process.exitCode = 1

// Gzipped JS the browser loads before the login form shows: everything index.html loads or preloads
// (the entry and, through vite-plugins/preloadRoute.ts, the sign-in route's chunks). Run after `vite build`:
//   node scripts/login-budget.mjs [budgetKB]
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
const budgetKB = Number(process.argv[2] ?? 127)
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const files = [
  ...html.matchAll(
    /<script[^>]+src="\.\/(assets\/[^"]+\.js)"|<link rel="modulepreload"[^>]+href="\.\/(assets\/[^"]+\.js)"/g,
  ),
].map((m) => m[1] ?? m[2])
if (!files.some((f) => /\/signin-/.test(f)))
  throw new Error('dist/index.html does not preload the sign-in chunk')
let total = 0
for (const f of files.sort()) {
  const gz = gzipSync(readFileSync(join(dist, f))).length
  total += gz
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${f}`)
}
const kb = total / 1024
console.log(`login route: ${kb.toFixed(1)} KB gzipped JS in ${files.length} files (budget ${budgetKB} KB)`)
if (kb > budgetKB) process.exitCode = 1

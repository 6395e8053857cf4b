// Bundle the server into dist/main.js (and dist/chunks/ for dynamic imports); npm packages stay external.
import { readFileSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@xpark/'))

// chunk names carry a content hash: drop the previous build's, or they pile up
rmSync(new URL('./dist/chunks/', import.meta.url), { recursive: true, force: true })

await build({
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  // code behind a dynamic import (a database driver, Redis) is its own chunk, so what it imports is
  // loaded only when that path is taken, not on every start
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
})

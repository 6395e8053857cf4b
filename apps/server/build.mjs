// Bundle the server into dist/main.js (and dist/chunks/ for dynamic imports); npm packages stay external.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
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

// The empty database a first start loads instead of running initdb (db/pglite.ts): a PGlite cluster,
// initialised and migrated here (the same PGlite and migrations the server runs), then dumped.
const { PGlite } = await import('@electric-sql/pglite')
const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
const { drizzle } = await import('drizzle-orm/pglite')
const { migrate } = await import('drizzle-orm/pglite/migrator')
const cluster = await PGlite.create({ extensions: { pg_trgm } })
await migrate(drizzle(cluster), {
  migrationsFolder: fileURLToPath(new URL('./src/db/migrations', import.meta.url)),
})
const dump = await cluster.dumpDataDir('gzip')
await cluster.close()
writeFileSync(new URL('./dist/empty-database.tar.gz', import.meta.url), Buffer.from(await dump.arrayBuffer()))

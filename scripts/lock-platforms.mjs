// Keep package-lock.json complete for every platform of Biome's binary packages.
// The registry mirror this project installs from lacks the non-Linux-glibc builds, so `npm install`
// leaves them out of the lock, and `npm ci` then refuses the lock as out of sync. The entries are
// optional and platform-bound: npm never fetches them on a machine they do not fit.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

const file = new URL('../package-lock.json', import.meta.url)
if (!existsSync(file)) process.exit(0)
const lock = JSON.parse(readFileSync(file, 'utf8'))
const packages = lock.packages ?? {}
const biome = packages['node_modules/@biomejs/biome']
if (!biome) process.exit(0)

let added = 0
for (const name of Object.keys(biome.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`
  if (packages[key]) continue
  // @biomejs/cli-<os>-<cpu>[-musl]
  const [os, cpu, libc] = name.replace('@biomejs/cli-', '').split('-')
  packages[key] = {
    version: biome.optionalDependencies[name],
    cpu: [cpu],
    dev: true,
    license: 'MIT OR Apache-2.0',
    optional: true,
    os: [os],
    ...(libc ? { libc: [libc] } : {}),
  }
  added++
}
if (added) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  )
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
  console.log(`lock-platforms: added ${added} platform entries for Biome to package-lock.json`)
}

// `npm start`: build what is missing (console, server), then run the server in the foreground.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }
  return newest
}

/** A build is reused unless its sources (or the shared contract) changed after it was made. */
function stale(output, ...sources) {
  if (!existsSync(output)) return true
  const built = statSync(output).mtimeMs
  return sources.some((dir) => newestMtime(join(root, dir)) > built)
}

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (stale(join(root, 'apps/web/dist/index.html'), 'apps/web/src', 'packages/contract/src')) {
  console.log('xpark: building the console…')
  run(['run', 'build', '-w', '@xpark/web'])
}
if (stale(join(root, 'apps/server/dist/main.js'), 'apps/server/src', 'packages/contract/src')) {
  console.log('xpark: building the server…')
  run(['run', 'build', '-w', '@xpark/server'])
}

const server = spawnSync(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
})
process.exit(server.status ?? 0)

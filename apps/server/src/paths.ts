import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The apps/server folder, found the same way from src/ (tests, tsx) and from the dist/ bundle. */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@xpark/server')
      return dir
    const parent = dirname(dir)
    if (parent === dir) throw new Error('apps/server/package.json not found above the running file')
    dir = parent
  }
}

export const serverRoot = findServerRoot()
export const migrationsDir = join(serverRoot, 'src/db/migrations')
export const webDistDefault = join(serverRoot, '../web/dist')
/** The empty, migrated PGlite cluster the build makes (build.mjs): a new data folder starts from it. */
export const emptyClusterFile = join(serverRoot, 'dist/empty-database.tar.gz')

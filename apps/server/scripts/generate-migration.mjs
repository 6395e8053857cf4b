// Regenerate the migration that has not landed yet from every module's schema.ts.
// Migrations below LANDED have shipped and are never touched; everything from LANDED on is one
// pending migration, rebuilt from scratch each time so parallel schema work merges into one file.
// After a landing, raise LANDED to the number of migrations in the journal.
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const LANDED = 2
const NAME = process.argv[2] ?? 'pending'
const dir = new URL('../src/db/migrations/', import.meta.url).pathname
const journalFile = join(dir, 'meta/_journal.json')
const journal = JSON.parse(readFileSync(journalFile, 'utf8'))
for (const entry of journal.entries.filter((e) => e.idx >= LANDED)) {
  rmSync(join(dir, `${entry.tag}.sql`), { force: true })
  rmSync(join(dir, `meta/${String(entry.idx).padStart(4, '0')}_snapshot.json`), { force: true })
}
journal.entries = journal.entries.filter((e) => e.idx < LANDED)
writeFileSync(journalFile, JSON.stringify(journal, null, 2))
execFileSync('npx', ['drizzle-kit', 'generate', '--name', NAME], {
  stdio: 'inherit',
  cwd: new URL('..', import.meta.url).pathname,
})

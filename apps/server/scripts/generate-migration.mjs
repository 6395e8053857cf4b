// Regenerate the migration that has not landed yet from every module's schema.ts.
// Migrations below LANDED have shipped and are never touched; everything from LANDED on is one
// pending migration, rebuilt from scratch each time so parallel schema work merges into one file.
// After a landing, raise LANDED to the number of migrations in the journal.
//
// SQL drizzle-kit cannot express (an extension, triggers, a backfill) lives in src/db/sql/<NNNN>.before.sql
// and <NNNN>.after.sql, statements separated by `--> statement-breakpoint` lines; it is put before and
// after the generated statements of migration NNNN each time that migration is rebuilt, and stays with
// it once it lands.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const LANDED = 10
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

const BREAK = '\n--> statement-breakpoint\n'
const extras = new URL('../src/db/sql/', import.meta.url).pathname
const rebuilt = JSON.parse(readFileSync(journalFile, 'utf8')).entries.filter((e) => e.idx >= LANDED)
for (const entry of rebuilt) {
  const number = String(entry.idx).padStart(4, '0')
  const read = (phase) => {
    const file = join(extras, `${number}.${phase}.sql`)
    return existsSync(file) ? readFileSync(file, 'utf8').trim() : ''
  }
  const before = read('before')
  const after = read('after')
  if (!before && !after) continue
  const file = join(dir, `${entry.tag}.sql`)
  const generated = readFileSync(file, 'utf8').trim()
  writeFileSync(file, `${[before, generated, after].filter(Boolean).join(BREAK)}\n`)
  console.log(`${entry.tag}.sql: added src/db/sql/${number}.{before,after}.sql`)
}

import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PrivatePostgres, postgresBinaries } from '../../src/test/services.js'

/** A private PostgreSQL cluster for a spike run (the machine's shared server is never touched). */
export async function privatePostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.SPIKE_DATABASE_URL) return { url: process.env.SPIKE_DATABASE_URL, stop: async () => {} }
  const bin = postgresBinaries()
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql: set SPIKE_DATABASE_URL')
  const server = await PrivatePostgres.create(bin, mkdtempSync(join(tmpdir(), 'wf-spike-')))
  return { url: server.url(), stop: () => server.destroy() }
}

/** One line of the spike's result table. */
export const results: { step: string; outcome: 'pass' | 'fail' | 'ours'; note: string }[] = []
export function record(step: string, outcome: 'pass' | 'fail' | 'ours', note: string) {
  results.push({ step, outcome, note })
  console.log(`${outcome.padEnd(4)} ${step}: ${note}`)
}

import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { startMosquitto } from './device-load.mjs'
import { freePort } from './xpark-server.mjs'

/**
 * A section's own mosquitto on a free port, its config in a fresh temporary folder (the caller removes
 * `dir` at the end); null, said on `line` and cleaned up, when mosquitto is not installed.
 */
export async function privateMosquitto(name, line) {
  const dir = mkdtempSync(join(os.tmpdir(), `xpark-bench-${name}-`))
  const port = await freePort()
  const child = await startMosquitto(port, dir)
  if (!child) {
    line('skipped: /usr/sbin/mosquitto is not installed (apt-get install -y mosquitto)')
    rmSync(dir, { recursive: true, force: true })
    return null
  }
  return { dir, port, child }
}

import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir } from './lock.js'

describe('exclusive lock on the PGlite data folder', () => {
  const dirs: string[] = []
  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'xpark-lock-'))
    dirs.push(dir)
    return dir
  }
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('refuses a second holder while another live process holds the folder', async () => {
    const dir = newDir()
    // a real other process holds the lock file
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'])
    try {
      writeFileSync(join(dir, 'xpark.lock'), String(other.pid))
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
      expect(() => lockDataDir(dir)).toThrow(/in use by another xpark process \(pid \d+\)/)
    } finally {
      other.kill()
    }
  })

  it('takes over a lock left by a process that died', () => {
    const dir = newDir()
    writeFileSync(join(dir, 'xpark.lock'), '999999999')
    const release = lockDataDir(dir)
    expect(readFileSync(join(dir, 'xpark.lock'), 'utf8')).toBe(String(process.pid))
    release()
  })

  it('can be taken again after release', () => {
    const dir = newDir()
    lockDataDir(dir)()
    const again = lockDataDir(dir)
    again()
  })
})

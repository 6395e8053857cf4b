import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another xpark process (pid ${holderPid}). ` +
        'Stop that process first, or point XPARK_DATA at another folder. ' +
        '(PGlite has no lock of its own: two processes on one folder would silently lose writes.)',
    )
    this.name = 'DataDirLockedError'
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Take the exclusive lock on a PGlite data folder: a pid file created with O_EXCL. A file left by a
 * process that died is taken over (renamed away atomically, so two starters cannot both win).
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, 'xpark.lock')
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600)
      writeSync(fd, String(process.pid))
      closeSync(fd)
      let released = false
      return () => {
        if (released) return
        released = true
        rmSync(file, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    let holder = Number.NaN
    try {
      holder = Number(readFileSync(file, 'utf8').trim())
    } catch {
      continue // removed meanwhile: try again
    }
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
      throw new DataDirLockedError(dataDir, holder)
    }
    try {
      renameSync(file, `${file}.stale-${process.pid}-${attempt}`)
      rmSync(`${file}.stale-${process.pid}-${attempt}`, { force: true })
    } catch {
      // another starter took it over first: loop and look again
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`)
}

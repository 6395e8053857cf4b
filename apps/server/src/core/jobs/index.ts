import { hostname } from 'node:os'
import { and, eq, lt } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.js'
import type { Job, JobWake, ModuleContext } from '../module.js'
import { jobRun } from './schema.js'

/** Claims older than this many intervals are deleted by the next claim of the same job. */
const KEEP_SLOTS = 100

/**
 * Claim a job's interval in the database: the first process to insert the row runs the job, every
 * other one finds it there. The database (not the cache) decides, so a job still runs once per
 * interval while Redis is away and every process falls back to a cache of its own.
 */
export async function claimSlot(db: Db, name: string, slot: number): Promise<boolean> {
  const claimed = await db
    .insert(jobRun)
    .values({ name, slot, node: `${hostname()}:${process.pid}` })
    .onConflictDoNothing()
    .returning({ slot: jobRun.slot })
  if (claimed.length)
    await db.delete(jobRun).where(and(eq(jobRun.name, name), lt(jobRun.slot, slot - KEEP_SLOTS)))
  return claimed.length > 0
}

/** A bell for a job (`Job.wake`); nobody listens while jobs are off (XPARK_JOBS=off). */
export function jobWake(): JobWake {
  const listeners = new Set<() => void>()
  return {
    ask: () => {
      for (const run of listeners) run()
    },
    listen(run) {
      listeners.add(run)
      return () => void listeners.delete(run)
    },
  }
}

/**
 * The modules' scheduled jobs. Every process ticks, and the first to claim an interval's slot runs
 * it: N server processes run a job once per interval, not N times. A job with a bell also runs when
 * it rings (on this process, at most one such run at a time: rung during a run, it runs once more).
 * Stopping aborts the runs' signal and waits for them to end.
 */
export function startJobs(
  jobs: readonly Job[],
  ctx: ModuleContext,
  log: FastifyBaseLogger,
): () => Promise<void> {
  const stopping = new AbortController()
  const runs = new Set<Promise<void>>()
  const run = (job: Job): Promise<void> => {
    const running = job
      .run(ctx, stopping.signal)
      // the database away: this interval is skipped, the next tick tries again
      .catch((error) => log.error({ err: error, job: job.name }, 'scheduled job failed'))
      .finally(() => runs.delete(running))
    runs.add(running)
    return running
  }
  const timers = jobs.map((job) => {
    const periodMs = job.everySeconds * 1000
    const tick = async () => {
      const slot = Math.floor(Date.now() / periodMs)
      try {
        if (!(await claimSlot(ctx.database.db, job.name, slot))) return
      } catch (error) {
        log.error({ err: error, job: job.name }, 'scheduled job failed')
        return
      }
      log.info({ job: job.name, slot }, 'scheduled job ran here')
      await run(job)
    }
    const timer = setInterval(() => void tick(), periodMs)
    timer.unref()
    return timer
  })
  const bells = jobs.flatMap((job) => {
    if (!job.wake) return []
    let current: Promise<void> | undefined
    let again = false
    const answer = async () => {
      do {
        again = false
        log.info({ job: job.name }, 'job woken')
        await run(job)
      } while (again && !stopping.signal.aborted)
      current = undefined
    }
    return [
      job.wake.listen(() => {
        if (stopping.signal.aborted) return
        if (current) again = true
        else current = answer()
      }),
    ]
  })
  return async () => {
    stopping.abort()
    for (const t of timers) clearInterval(t)
    for (const unlisten of bells) unlisten()
    await Promise.allSettled([...runs])
  }
}

import { hostname } from 'node:os'
import { and, eq, lt } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.js'
import type { Job, ModuleContext } from '../module.js'
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

/**
 * The modules' scheduled jobs. Every process ticks, and the first to claim an interval's slot runs
 * it: N server processes run a job once per interval, not N times.
 */
export function startJobs(jobs: readonly Job[], ctx: ModuleContext, log: FastifyBaseLogger): () => void {
  const timers = jobs.map((job) => {
    const periodMs = job.everySeconds * 1000
    const tick = async () => {
      const slot = Math.floor(Date.now() / periodMs)
      try {
        if (!(await claimSlot(ctx.database.db, job.name, slot))) return
        log.info({ job: job.name, slot }, 'scheduled job ran here')
        await job.run(ctx)
      } catch (error) {
        // the database away: this interval is skipped, the next tick tries again
        log.error({ err: error, job: job.name }, 'scheduled job failed')
      }
    }
    const timer = setInterval(() => void tick(), periodMs)
    timer.unref()
    return timer
  })
  return () => {
    for (const t of timers) clearInterval(t)
  }
}

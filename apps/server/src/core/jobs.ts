import type { FastifyBaseLogger } from 'fastify'
import type { Job, ModuleContext } from './module.js'

/**
 * The modules' scheduled jobs. Every process ticks, and the first to claim an interval's slot in the
 * shared cache runs it: with Redis, N server processes run a job once per interval, not N times.
 */
export function startJobs(jobs: readonly Job[], ctx: ModuleContext, log: FastifyBaseLogger): () => void {
  const timers = jobs.map((job) => {
    const periodMs = job.everySeconds * 1000
    const tick = async () => {
      const slot = Math.floor(Date.now() / periodMs)
      const claimed = await ctx.cache.setIfAbsent(`job:${job.name}:${slot}`, '1', job.everySeconds * 2)
      if (!claimed) return
      try {
        await job.run(ctx)
      } catch (error) {
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

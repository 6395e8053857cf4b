import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestContext } from '../../test/harness.js'
import type { ModuleContext } from '../module.js'
import { claimSlot, jobWake, startJobs } from './index.js'

/** The database decides which process runs a job's interval (test/scale-out.test.ts runs three). */
describe('scheduled job claims', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('one claim per job and interval, however many ask at once', async () => {
    const db = t.database.db
    const answers = await Promise.all(Array.from({ length: 5 }, () => claimSlot(db, 'probe', 1000)))
    expect(answers.filter(Boolean)).toHaveLength(1)
    expect(await claimSlot(db, 'probe', 1001)).toBe(true)
    expect(await claimSlot(db, 'other', 1000)).toBe(true)
  })

  it('claims far behind the current interval are pruned', async () => {
    const db = t.database.db
    expect(await claimSlot(db, 'pruned', 1)).toBe(true)
    expect(await claimSlot(db, 'pruned', 500)).toBe(true)
    // slot 1 is gone: claiming it again succeeds (nobody would: it is long past)
    expect(await claimSlot(db, 'pruned', 1)).toBe(true)
  })
})

/** A job's bell (`Job.wake`): a write that wants results soon runs the job now, not at its interval. */
describe('waking a job', () => {
  const log = { info: () => {}, error: () => {} } as unknown as Parameters<typeof startJobs>[2]
  const ctx = {} as ModuleContext

  it('runs at once when rung, once more when rung during a run, and stop waits for the run', async () => {
    const wake = jobWake()
    const runs: AbortSignal[] = []
    let release: () => void = () => {}
    const job = {
      name: 'bell-probe',
      everySeconds: 3600,
      wake,
      run: (_: ModuleContext, signal: AbortSignal) => {
        runs.push(signal)
        return new Promise<void>((resolve) => {
          release = resolve
        })
      },
    }
    wake.ask() // nobody listens yet (jobs off): nothing runs
    expect(runs).toHaveLength(0)
    const stop = startJobs([job], ctx, log)
    wake.ask()
    expect(runs).toHaveLength(1)
    wake.ask() // during the run: one more after it, not two
    wake.ask()
    release()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(runs).toHaveLength(2)
    let stopped = false
    const stopping = stop().then(() => {
      stopped = true
    })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(runs[1]!.aborted).toBe(true) // the run is told, and waited for
    expect(stopped).toBe(false)
    release()
    await stopping
    wake.ask() // after the stop: nothing runs
    expect(runs).toHaveLength(2)
  })
})

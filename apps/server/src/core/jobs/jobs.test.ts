import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestContext } from '../../test/harness.js'
import { claimSlot } from './index.js'

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

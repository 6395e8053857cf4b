import { eq, inArray, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestContext } from '../../test/harness.js'
import { menu } from '../schema.js'
import { syncSeededMenus } from './sync.js'

describe('seeded menus reach an older database', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  const byCode = async (code: string) =>
    (await t.database.db.select().from(menu).where(eq(menu.code, code)))[0]

  it('a fresh database has every seeded menu: nothing to add', async () => {
    expect(await syncSeededMenus(t.database.db)).toEqual([])
  })

  it('adds a missing screen with its buttons under its seeded parent, and leaves removed ones removed', async () => {
    const db = t.database.db
    const parent = await byCode('resource')
    // an "older" database: the oss screen never existed there; the sms screen was removed by an admin
    await db.delete(menu).where(like(menu.code, 'oss%'))
    await db.update(menu).set({ isDeleted: 1 }).where(eq(menu.code, 'sms'))

    const added = await syncSeededMenus(db)
    expect(added).toContain('oss')
    expect(added).toContain('oss_add')
    expect(added).not.toContain('sms')
    const oss = await byCode('oss')
    expect(oss?.parentId).toBe(parent?.id)
    expect(oss?.path).toBe('/resource/oss')
    const buttons = await db.select().from(menu).where(eq(menu.parentId, oss!.id))
    expect(buttons.map((b) => b.code)).toContain('oss_enable')
    expect((await byCode('sms'))?.isDeleted).toBe(1)

    expect(await syncSeededMenus(db)).toEqual([])
    const again = await db
      .select({ id: menu.id })
      .from(menu)
      .where(inArray(menu.code, ['oss', 'oss_add']))
    expect(again).toHaveLength(2)
  })

  it('adds nothing under a removed parent (it would surface as a top-level menu)', async () => {
    const db = t.database.db
    await db.update(menu).set({ isDeleted: 1 }).where(eq(menu.code, 'resource'))
    await db.delete(menu).where(like(menu.code, 'attach%'))
    const added = await syncSeededMenus(db)
    expect(added.some((c) => c.startsWith('attach'))).toBe(false)
    expect(await byCode('attach')).toBeUndefined()
  })
})

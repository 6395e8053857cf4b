import { HOME_CONFIG_PATHS } from '@xpark/contract/modules/message'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signIn, startTestApp, type TestContext } from '../../test/harness.js'
import { user } from '../identity/index.js'
import { ROLE_MISSING } from './index.js'

const PARK = '100001'
type Config = { roleId: string; roleName: string; cards: string[] | null }

describe('home page configuration (park-manage/home-page-config)', () => {
  let t: TestContext
  let admin: Record<string, string>
  let staff: Record<string, string>
  let platform: Record<string, string>

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: PARK }))
    staff = bearer(await signIn(t.app, { tenantId: PARK, account: 'staff' }))
    platform = bearer(await signIn(t.app))
  })
  afterAll(() => t.close())

  const get = (path: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/xparkApi/${path}`, headers })
  const submit = (headers: Record<string, string>, body: object) =>
    t.app.inject({ method: 'POST', url: `/xparkApi/${HOME_CONFIG_PATHS.submit}`, headers, payload: body })

  it('lists the tenant’s roles unconfigured; a caller with no configured role gets null (the defaults)', async () => {
    const rows = (await get(HOME_CONFIG_PATHS.list, admin)).json().data as Config[]
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.cards === null)).toBe(true)
    expect((await get(HOME_CONFIG_PATHS.mine, staff)).json().data).toBeNull()
  })

  it('sets a role’s cards in order; its people get them; another tenant’s role is refused', async () => {
    const [person] = await t.database.db
      .select({ roleId: user.roleId })
      .from(user)
      .where(and(eq(user.tenantId, PARK), eq(user.account, 'staff')))
    const rows = (await get(HOME_CONFIG_PATHS.list, admin)).json().data as Config[]
    const staffRole = rows.find((r) => r.roleId === person!.roleId.split(',')[0])!
    const res = await submit(admin, {
      roleId: staffRole.roleId,
      cards: ['shortcuts', 'unreadMessages', 'shortcuts'],
    })
    expect(res.json()).toMatchObject({ success: true, data: { cards: ['shortcuts', 'unreadMessages'] } })
    // twice: the row is updated, not duplicated
    await submit(admin, { roleId: staffRole.roleId, cards: ['unreadMessages', 'latestNotices'] })
    const after = (await get(HOME_CONFIG_PATHS.list, admin)).json().data as Config[]
    expect(after.find((r) => r.roleId === staffRole.roleId)!.cards).toEqual([
      'unreadMessages',
      'latestNotices',
    ])
    expect((await get(HOME_CONFIG_PATHS.mine, staff)).json().data).toEqual([
      'unreadMessages',
      'latestNotices',
    ])
    const foreign = await submit(platform, { roleId: staffRole.roleId, cards: [] })
    expect(foreign.json().msg).toBe(ROLE_MISSING)
    expect(
      (await get(HOME_CONFIG_PATHS.list, platform))
        .json()
        .data.some((r: Config) => r.roleId === staffRole.roleId),
    ).toBe(false)
    expect((await submit(admin, { roleId: staffRole.roleId, cards: ['<script>'] })).statusCode).toBe(400)
    // park staff may not configure
    expect((await submit(staff, { roleId: staffRole.roleId, cards: [] })).statusCode).toBe(403)
  })
})

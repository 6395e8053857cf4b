import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, resourceCalls, signIn, startTestApp, type TestContext } from '../../test/harness.js'

const PARK = '100001'

describe('scene log (park-meeting/scene/log: page, detail, remove, submit)', () => {
  let t: TestContext
  let admin: Record<string, string>
  let staff: Record<string, string>
  let platform: Record<string, string>
  const { get, post } = resourceCalls(() => t, '/xparkApi/park-meeting/scene/log')

  beforeAll(async () => {
    t = await startTestApp()
    admin = bearer(await signIn(t.app, { tenantId: PARK }))
    staff = bearer(await signIn(t.app, { tenantId: PARK, account: 'staff' }))
    platform = bearer(await signIn(t.app))
  })
  afterAll(() => t.close())

  it('submits, pages by scene name and result, reads one, removes; another tenant sees none of it', async () => {
    const added = await post('submit', admin, {
      sceneName: '演练开始',
      result: 1,
      content: '灯光开启, 投影开启',
    })
    expect(added.json()).toMatchObject({ success: true })
    await post('submit', admin, { sceneName: '演练结束', result: 0, content: '投影关闭失败' })
    const page = (await get('page', admin, { sceneName: '演练', result: '0' })).json().data
    expect(page.records.map((r: { sceneName: string }) => r.sceneName)).toEqual(['演练结束'])
    const id = (await get('page', admin, { sceneName: '开始' })).json().data.records[0].id as string
    expect((await get('detail', admin, { id })).json().data).toMatchObject({
      sceneName: '演练开始',
      result: 1,
    })
    expect((await get('page', platform, { sceneName: '演练' })).json().data.total).toBe(0)
    expect((await get('detail', platform, { id })).json().data?.sceneName).toBeUndefined()
    // park staff read it, but do not change it
    expect((await get('page', staff, { sceneName: '演练' })).json().data.total).toBe(2)
    expect((await post('remove', staff, undefined, { ids: id })).statusCode).toBe(403)
    const bad = await post('submit', admin, { result: 3 })
    expect(bad.statusCode).toBe(400)
    expect((await post('remove', admin, undefined, { ids: id })).json().success).toBe(true)
    expect((await get('page', admin, { sceneName: '演练' })).json().data.total).toBe(1)
  })
})

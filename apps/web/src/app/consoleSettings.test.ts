import { afterEach, describe, expect, it, vi } from 'vitest'
import { menuName } from '../i18n/menuNames'
import { defaultConsoleSettings, useSettings } from '../stores/settings'
import { BOOT_ELEMENT_ID, loadConsoleSettings, readBoot, useConsoleBoot } from './consoleSettings'

const served = { tenantMode: false, captchaMode: false, tokenTime: 600_000, tenantId: '', clientId: 'xpark' }
const park = { tenantId: '100001', tenantName: '示范园区', logo: '/logo.png', backgroundUrl: '' }

/** A page as the server renders it (with `boot`) or as a static host serves the build (without). */
function page(boot?: string): Document {
  const doc = document.implementation.createHTMLDocument('console')
  if (boot !== undefined) {
    const element = doc.createElement('script')
    element.type = 'application/json'
    element.id = BOOT_ELEMENT_ID
    element.textContent = boot
    doc.head.append(element)
  }
  return doc
}

/** `fetch` answering every call with `body` (a string as it is, anything else as JSON). */
function answer(body: unknown, status = 200) {
  const calls: string[] = []
  vi.stubGlobal('fetch', async (input: string) => {
    calls.push(input)
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })
  })
  return calls
}

describe('console settings at start', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    useSettings.setState({ console: defaultConsoleSettings })
    useConsoleBoot.setState({ domainTenant: undefined, apiUnreachable: false })
  })

  it('takes the English menu names the server declares with its screens; junk entries are dropped', async () => {
    answer({})
    const boot = { settings: served, tenant: null, menuNames: { shop_shelf: 'Shelves', bad: 7 } }
    expect(readBoot(page(JSON.stringify(boot)))?.menuNames).toEqual({ shop_shelf: 'Shelves' })
    await loadConsoleSettings(page(JSON.stringify(boot)))
    expect(menuName({ code: 'shop_shelf', name: '货架' }, 'en-US')).toBe('Shelves')
    expect(menuName({ code: 'shop_shelf', name: '货架' }, 'zh-CN')).toBe('货架')
  })

  it('reads the settings the server wrote into the page at once, and asks nothing', () => {
    const calls = answer({})
    void loadConsoleSettings(page(JSON.stringify({ settings: served, tenant: park })))
    // synchronously: the first render already has them
    expect(useSettings.getState().console).toEqual(served)
    expect(useConsoleBoot.getState()).toEqual({ domainTenant: park, apiUnreachable: false })
    expect(calls).toEqual([])
  })

  it('without them (a static host) asks console/settings and keeps the defaults until it answers', async () => {
    const calls = answer({ code: 200, success: true, data: served, msg: '操作成功' })
    const loading = loadConsoleSettings(page())
    expect(useSettings.getState().console).toEqual(defaultConsoleSettings)
    await loading
    expect(calls).toEqual(['/xparkApi/console/settings'])
    expect(useSettings.getState().console).toEqual(served)
    // the sign-in page then asks tenant/info itself
    expect(useConsoleBoot.getState()).toEqual({ domainTenant: undefined, apiUnreachable: false })
  })

  it('a proxy answering index.html for console/settings leaves the defaults and marks the API unreachable', async () => {
    answer('<!doctype html><html><body><div id="root"></div></body></html>')
    await loadConsoleSettings(page())
    expect(useSettings.getState().console).toEqual(defaultConsoleSettings)
    expect(useConsoleBoot.getState().apiUnreachable).toBe(true)
  })

  it('so do an envelope without the settings, an error status and a network failure', async () => {
    for (const [body, status] of [
      [{ code: 200, success: true, data: null }, 200],
      [{ code: 200, data: { tenantMode: 'yes' } }, 200],
      [{ code: 500, success: false, msg: '服务器异常' }, 500],
      ['Bad Gateway', 502],
    ] as const) {
      answer(body, status)
      useConsoleBoot.setState({ apiUnreachable: false })
      await loadConsoleSettings(page())
      expect(useConsoleBoot.getState().apiUnreachable, JSON.stringify(body)).toBe(true)
    }
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    useConsoleBoot.setState({ apiUnreachable: false })
    await loadConsoleSettings(page())
    expect(useConsoleBoot.getState().apiUnreachable).toBe(true)
    expect(useSettings.getState().console).toEqual(defaultConsoleSettings)
  })

  it('ignores a boot element that is not what the server writes, and then asks the API', () => {
    for (const text of ['', 'not json', '{}', '{"settings":{"tenantMode":1}}', 'null']) {
      expect(readBoot(page(text)), text).toBeNull()
    }
    expect(readBoot(page(JSON.stringify({ settings: served, tenant: { tenantId: '' } })))).toEqual({
      settings: served,
      tenant: null,
    })
    const calls = answer({ code: 200, data: served })
    void loadConsoleSettings(page('{"settings":null}'))
    expect(calls).toEqual(['/xparkApi/console/settings'])
  })
})

import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { allPermissions, rowOf, setup, thingResource } from './testFixture'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const excel = {
  exportUrl: 'demo/thing/export-thing',
  importUrl: 'demo/thing/import-thing',
  templateUrl: 'demo/thing/export-template',
}

/** The fixture's API, with the export answering a binary xlsx under a Chinese file name. */
function withDownloads(api: ReturnType<typeof setup>['api']) {
  const saved: string[] = []
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname.endsWith('/export-thing')) {
      api.calls.push({ url, init })
      return new Response(new Uint8Array([0x50, 0x4b]), {
        status: 200,
        headers: {
          'content-type': XLSX,
          'content-disposition': `attachment; filename="____.xlsx"; filename*=UTF-8''${encodeURIComponent('物品导出')}.xlsx`,
        },
      })
    }
    return api.fn(input, init)
  })
  URL.createObjectURL = vi.fn(() => 'blob:xlsx')
  URL.revokeObjectURL = vi.fn()
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download)
  })
  return saved
}

describe('CrudPage Excel export and import through the server', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    act(() => changeLanguage('zh-CN'))
  })

  it('export with nothing ticked warns; with ticks it POSTs the ids with the token and saves the file', async () => {
    const { api } = setup(thingResource({ excel }), {
      permission: { ...allPermissions, thing_export: true },
    })
    const saved = withDownloads(api)
    await screen.findByText('name-1')
    await userEvent.click(screen.getByTestId('crud-export'))
    expect(await screen.findByText('请勾选要导出的数据')).toBeTruthy()
    expect(api.calls.some((c) => c.url.pathname.endsWith('/export-thing'))).toBe(false)

    await userEvent.click(within(rowOf('name-1')).getByRole('checkbox'))
    await userEvent.click(within(rowOf('name-3')).getByRole('checkbox'))
    await userEvent.click(screen.getByTestId('crud-export'))
    await waitFor(() => expect(saved).toEqual(['物品导出.xlsx']))
    const call = api.calls.find((c) => c.url.pathname.endsWith('/xparkApi/demo/thing/export-thing'))!
    expect(call.init!.method).toBe('POST')
    expect(JSON.parse(String(call.init!.body))).toEqual({ ids: '1,3' })
    expect((call.init!.headers as Record<string, string>)['Blade-Auth']).toBe('bearer t')
  })

  it('the export and import buttons need <prefix>_export and <prefix>_import', async () => {
    setup(thingResource({ excel }), { permission: allPermissions })
    await screen.findByText('name-1')
    expect(screen.queryByTestId('crud-export')).toBeNull()
    expect(screen.queryByTestId('crud-import')).toBeNull()
  })

  it('导入 opens the import dialog with the template link', async () => {
    setup(thingResource({ excel }), { permission: { ...allPermissions, thing_import: true } })
    await screen.findByText('name-1')
    expect(screen.queryByTestId('crud-export')).toBeNull()
    await userEvent.click(screen.getByTestId('crud-import'))
    expect(await screen.findByTestId('import-dialog')).toBeTruthy()
    expect(screen.getByTestId('import-template')).toBeTruthy()
  })
})

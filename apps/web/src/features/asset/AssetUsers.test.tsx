import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AssetRow } from '@xpark/contract/modules/asset'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { AssetUsersButton } from './AssetUsers'

const asset = { id: '7', name: '服务器' } as AssetRow

describe('使用人 of an asset', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => vi.unstubAllGlobals())

  it('lists the users, adds one and removes one; nothing without the edit button', async () => {
    let users = [{ id: '71', userName: '张伟', deptName: '信息部', phone: '', startTime: null, remark: '' }]
    const api = stubFetch((url, init) => {
      if (url.pathname.endsWith('/listAssetUser')) return ok(users)
      if (url.pathname.endsWith('/saveAssetUser')) {
        const body = JSON.parse(String(init?.body)) as { userName: string }
        users = [
          ...users,
          { id: '72', userName: body.userName, deptName: '', phone: '', startTime: null, remark: '' },
        ]
        return ok({ id: '72' })
      }
      if (url.pathname.endsWith('/deleteAssetUser')) {
        users = users.filter((u) => u.id !== url.searchParams.get('ids'))
        return ok(true)
      }
      return ok(null)
    })
    vi.stubGlobal('fetch', api.fn)
    useSession.setState({ token: 't', permission: { asset_edit: true } })
    const refresh = vi.fn()
    renderScreen(<AssetUsersButton row={asset} ctx={{ refresh, openAdd: () => {} }} />)
    await userEvent.click(screen.getByTestId('asset-users-7'))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText('张伟')).toBeTruthy()
    expect(api.calls.find((c) => c.url.pathname.endsWith('/listAssetUser'))!.url.searchParams.get('id')).toBe(
      '7',
    )

    await userEvent.type(screen.getByTestId('asset-user-name'), '李娜')
    await userEvent.click(screen.getByTestId('asset-user-add'))
    expect(await within(dialog).findByText('李娜')).toBeTruthy()
    const saved = api.calls.find((c) => c.url.pathname.endsWith('/saveAssetUser'))!
    expect(JSON.parse(String(saved.init?.body))).toMatchObject({ assetId: '7', userName: '李娜' })

    await userEvent.click(screen.getByTestId('asset-user-delete-71'))
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }))
    await waitFor(() => expect(within(dialog).queryByText('张伟')).toBeNull())
  })

  it('has no button without asset_edit', () => {
    useSession.setState({ token: 't', permission: { asset_view: true } })
    renderScreen(<AssetUsersButton row={asset} ctx={{ refresh: () => {}, openAdd: () => {} }} />)
    expect(screen.queryByTestId('asset-users-7')).toBeNull()
  })
})

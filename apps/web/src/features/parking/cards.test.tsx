import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type ParkingCardRow, parkingCardContract, pmsSyncCall } from '@xpark/contract/modules/parking'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CrudPage } from '@/components/crud'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import cards from './cards'

/** 车辆卡: the sync state shows its error and next try; 同步 and 作废 only on a valid card, with the button. */
const card = (id: string, extra: Partial<ParkingCardRow>): ParkingCardRow => ({
  id,
  lotId: '1',
  lotName: '地下停车场',
  plate: `粤B1000${id}`,
  plateColor: 1,
  vehicleType: 1,
  vehicleColor: null,
  cardType: 1,
  parkingType: 0,
  validFrom: null,
  validTo: null,
  financeCardId: null,
  financeCardNo: null,
  balance: null,
  holderName: '车主',
  phone: '',
  remark: '',
  status: 1,
  syncState: 0,
  syncError: '',
  syncAttempts: 0,
  version: 1,
  syncedVersion: 0,
  nextSyncAt: null,
  syncedAt: null,
  createTime: '2025-01-01 08:00:00',
  ...extra,
})

const rows = [
  card('1', {
    syncState: 2,
    syncError: '停车系统繁忙, 请稍后重试',
    syncAttempts: 2,
    nextSyncAt: '2025-01-01 08:00:10',
  }),
  card('2', { syncState: 1, syncedVersion: 1 }),
  card('3', { status: 0, syncState: 3 }),
]

function setup(permission: Record<string, boolean>) {
  useSession.setState({ token: 't', permission, userInfo: { id: 'u' } as never })
  const api = stubFetch((url) => {
    if (
      url.pathname.endsWith(`/${parkingCardContract.path}/page`) ||
      url.pathname.endsWith(`/${parkingCardContract.path}/list`)
    )
      return ok({
        records: rows,
        total: rows.length,
        size: 10,
        current: 1,
        pages: 1,
        orders: [],
        searchCount: true,
      })
    if (url.pathname.endsWith(`/${pmsSyncCall.path}`)) return ok(rows[0])
    return ok([])
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<CrudPage resource={cards} />)
  return api
}

describe('车辆卡 (cards and their sync)', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => vi.unstubAllGlobals())

  it('shows a failed sync’s error and next try; 同步 re-queues, only where the card is valid and not synced', async () => {
    const api = setup({ parking_card_view: true, parking_card_sync: true })
    const failed = await screen.findByTestId('parking-sync-1')
    expect(failed.textContent).toContain('停车系统繁忙, 请稍后重试')
    expect(failed.textContent).toContain('2025-01-01 08:00:10')
    expect(screen.getByTestId('parking-sync-2').textContent).not.toContain('停车系统')
    // synced: no 同步; cancelled: neither button
    expect(screen.queryByTestId('parking-card-sync-2')).toBeNull()
    expect(screen.getByTestId('parking-card-cancel-2')).toBeTruthy()
    expect(screen.queryByTestId('parking-card-sync-3')).toBeNull()
    expect(screen.queryByTestId('parking-card-cancel-3')).toBeNull()
    await userEvent.click(screen.getByTestId('parking-card-sync-1'))
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.pathname.endsWith(`/${pmsSyncCall.path}`))).toBe(true),
    )
    const call = api.calls.find((c) => c.url.pathname.endsWith(`/${pmsSyncCall.path}`))!
    const sent = {
      ...Object.fromEntries(call.url.searchParams),
      ...(call.init?.body ? JSON.parse(String(call.init.body)) : {}),
    }
    expect(sent).toMatchObject({ id: '1', action: 'update' })
  })

  it('作废 asks first and sends cancel', async () => {
    const api = setup({ parking_card_view: true, parking_card_sync: true })
    await userEvent.click(await screen.findByTestId('parking-card-cancel-2'))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('粤B10002')
    await userEvent.click(within(dialog).getByRole('button', { name: /OK|确\s*定/ }))
    await waitFor(() => {
      const call = api.calls.find((c) => c.url.pathname.endsWith(`/${pmsSyncCall.path}`))
      expect(call).toBeTruthy()
      const sent = {
        ...Object.fromEntries(call!.url.searchParams),
        ...(call!.init?.body ? JSON.parse(String(call!.init.body)) : {}),
      }
      expect(sent).toMatchObject({ id: '2', action: 'cancel' })
    })
  })

  it('without parking_card_sync there is neither 同步 nor 作废', async () => {
    setup({ parking_card_view: true })
    await screen.findByTestId('parking-sync-1')
    expect(screen.queryByTestId('parking-card-sync-1')).toBeNull()
    expect(screen.queryByTestId('parking-card-cancel-1')).toBeNull()
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type RepairRow, repairContract } from '@xpark/contract/modules/property'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CrudPage, inputsOf, transitionsFor } from '@/components/crud'
import { isPublicPath } from '@/config'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { moved, withCity, withoutCity } from './hotspot'
import { orderMoveInputs } from './inputs'
import repairs from './repairs'

const order = (over: Partial<RepairRow>): RepairRow => ({
  id: '1',
  orderNo: 'BX1',
  title: '漏水',
  troubleKey: '',
  sourceId: null,
  communityId: '50',
  communityName: '阳光社区',
  typeKey: 'water',
  content: '',
  place: '2栋',
  photos: '',
  contactName: '',
  contactPhone: '',
  appointmentTime: null,
  reporterId: 'reporter',
  reporterName: '报修人',
  workerId: null,
  workerName: null,
  dispatchTime: null,
  acceptTime: null,
  finishTime: null,
  completeTime: null,
  result: '',
  resultPhotos: '',
  cancelReason: '',
  score: null,
  source: 1,
  status: 1,
  createTime: '2026-01-01 08:00:00',
  ...over,
})

const labels = (row: RepairRow, userId: string) =>
  transitionsFor(repairContract, row, userId).map(([, , t]) => t.label)

describe('property console logic', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => vi.unstubAllGlobals())

  it('an order’s moves are offered to whom may take them: the worker accepts and finishes, the reporter rates and cancels', () => {
    const dispatched = order({ status: 2, workerId: 'worker' })
    expect(labels(dispatched, 'worker')).toEqual(['property.dispatch', 'property.accept'])
    expect(labels(dispatched, 'reporter')).toEqual(['property.dispatch', 'property.cancel'])
    expect(labels(dispatched, 'someone')).toEqual(['property.dispatch'])
    expect(labels(order({ status: 3, workerId: 'worker' }), 'reporter')).toEqual([])
    expect(labels(order({ status: 4, workerId: 'worker' }), 'reporter')).toEqual(['property.appraise'])
    expect(labels(order({ status: 5 }), 'reporter')).toEqual([])
  })

  it('each move asks its own fields: the worker on dispatch, result and photos on finish, stars on rating', () => {
    const inputs = orderMoveInputs('updateRepairInfo')
    const names = (to: number) => {
      const t = repairContract.actions!.updateRepairInfo!.transitions.find((x) => x.to === to)!
      return inputsOf(inputs, 'updateRepairInfo', t).map((f) => f.name)
    }
    expect(names(2)).toEqual(['workerId'])
    expect(names(3)).toEqual([])
    expect(names(4)).toEqual(['result', 'resultPhotos'])
    expect(names(5)).toEqual(['score', 'appraise'])
    expect(names(6)).toEqual(['reason'])
  })

  it('the screen shows 派单 only to dispatchers and 接单 only to the assigned worker; 完成维修 posts the result', async () => {
    const rows = [
      order({ id: '11', status: 1 }),
      order({ id: '12', status: 2, workerId: 'worker' }),
      order({ id: '13', status: 3, workerId: 'worker' }),
    ]
    const api = stubFetch((url) =>
      url.pathname.endsWith('/ydzy/cmzy/select-repair')
        ? ok({ records: rows, total: 3, size: 10, current: 1, pages: 1, orders: [], searchCount: true })
        : url.pathname.endsWith('/communities')
          ? ok([{ id: '50', deptName: '阳光社区', parentId: '1' }])
          : ok([]),
    )
    vi.stubGlobal('fetch', api.fn)
    // the worker: may handle orders, may not dispatch
    useSession.setState({
      token: 't',
      permission: { property_repair_view: true, property_repair_handle: true },
      userInfo: { id: 'worker' } as never,
    })
    renderScreen(<CrudPage resource={repairs} />)
    await screen.findAllByText('阳光社区')
    expect(screen.queryByTestId('crud-row-updateRepairInfo-2-11')).toBeNull()
    expect(screen.getByTestId('crud-row-updateRepairInfo-3-12')).toBeTruthy()
    await userEvent.click(screen.getByTestId('crud-row-updateRepairInfo-4-13'))
    await userEvent.type(await screen.findByTestId('order-result'), '更换水管')
    await userEvent.type(screen.getByTestId('order-result-photos'), '/files/r.jpg')
    await userEvent.click(screen.getByTestId('confirm-ok'))
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.pathname.endsWith('/update-repair-info'))).toBe(true),
    )
    const post = api.calls.find((c) => c.url.pathname.endsWith('/update-repair-info'))!
    expect(JSON.parse(String(post.init?.body))).toEqual({
      id: '13',
      status: 4,
      result: '更换水管',
      resultPhotos: '/files/r.jpg',
    })
  })

  it('a dispatcher sees 派单 on a new order (and no worker’s button)', async () => {
    const api = stubFetch((url) =>
      url.pathname.endsWith('/ydzy/cmzy/select-repair')
        ? ok({
            records: [order({ id: '21', status: 1 })],
            total: 1,
            size: 10,
            current: 1,
            pages: 1,
            orders: [],
            searchCount: true,
          })
        : ok([]),
    )
    vi.stubGlobal('fetch', api.fn)
    useSession.setState({
      token: 't',
      permission: {
        property_repair_view: true,
        property_repair_handle: true,
        property_repair_dispatch: true,
      },
      userInfo: { id: 'boss' } as never,
    })
    renderScreen(<CrudPage resource={repairs} />)
    const row = (await screen.findByText('BX1')).closest<HTMLElement>('[role="row"]')!
    expect(within(row).getByTestId('crud-row-updateRepairInfo-2-21')).toBeTruthy()
    expect(within(row).queryByTestId('crud-row-updateRepairInfo-6-21')).toBeNull()
  })

  it('hot cities keep their order: added once at the end, moved up and down, removed', () => {
    expect(withCity(['3201'], '3205')).toEqual(['3201', '3205'])
    expect(withCity(['3201', '3205'], '3201')).toEqual(['3201', '3205'])
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b'])
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c'])
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c'])
    expect(withoutCity(['a', 'b'], 'a')).toEqual(['b'])
  })

  it('the download page is public, outside the frame', () => {
    expect(isPublicPath('/download/ydzy')).toBe(true)
  })
})

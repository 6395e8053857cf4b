import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CrudPage } from '@/components/crud'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import places from './places'

/** 机房与食堂: the kit's screen over the place contract (kind from its dictionary, asset counts). */

const kind = (dictKey: string, dictValue: string, sort: number) => ({
  id: String(sort),
  parentId: '9',
  code: 'asset_place_kind',
  dictKey,
  dictValue,
  sort,
  remark: '',
  isSealed: 0,
})
const row = {
  id: '501',
  kind: 1,
  code: 'ROOM-A',
  name: 'A 栋机房',
  address: 'A 栋 3 层',
  manager: '赵磊',
  phone: '',
  remark: '',
  assetCount: 3,
  createTime: '2026-11-01 09:00:00',
}

function setup() {
  useSession.setState({
    token: 't',
    permission: { asset_place_add: true, asset_place_view: true, asset_place_edit: true },
    userInfo: { id: 'u' } as never,
  })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith('/park-manage/asset-place/page'))
      return ok({ records: [row], total: 1, size: 10, current: 1, pages: 1, orders: [], searchCount: true })
    if (url.pathname.endsWith('/dictionary')) return ok([kind('1', '机房', 1), kind('2', '食堂', 2)])
    return ok({ id: '502' })
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<CrudPage resource={places} />)
  return api
}

describe('机房与食堂 (places)', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => vi.unstubAllGlobals())

  it('lists places with their kind and asset count, and adds one of a kind', async () => {
    const api = setup()
    expect(await screen.findByText('A 栋机房')).toBeTruthy()
    const table = document.querySelector('.ant-table') as HTMLElement
    await waitFor(() => expect(within(table).getByText('机房')).toBeTruthy())
    expect(within(table).getByText('3')).toBeTruthy()

    await userEvent.click(screen.getByTestId('asset-place-add'))
    const form = await screen.findByTestId('crud-form')
    const select = within(form).getByTestId('crud-form-kind')
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select)
    const option = await waitFor(() => {
      const hit = document.querySelector('.ant-select-item-option[title="食堂"]')
      if (!hit) throw new Error('no option 食堂')
      return hit
    })
    fireEvent.click(option)
    await userEvent.type(within(form).getByTestId('crud-form-code'), 'CANTEEN-2')
    await userEvent.type(within(form).getByTestId('crud-form-name'), '第二食堂')
    await userEvent.click(screen.getByTestId('asset-place-form-submit'))
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.pathname.endsWith('/park-manage/asset-place/submit'))).toBe(true),
    )
    const sent = api.calls.find((c) => c.url.pathname.endsWith('/park-manage/asset-place/submit'))!
    expect(JSON.parse(String(sent.init?.body))).toMatchObject({
      kind: 2,
      code: 'CANTEEN-2',
      name: '第二食堂',
    })
  })

  it('a place without a kind or code is not sent, and says so in Chinese', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('asset-place-add'))
    await userEvent.click(screen.getByTestId('asset-place-form-submit'))
    expect(await screen.findByText('请选择场所类型')).toBeTruthy()
    expect(screen.getByText('请输入场所编码')).toBeTruthy()
    expect(api.calls.some((c) => c.url.pathname.endsWith('/submit'))).toBe(false)
  })
})

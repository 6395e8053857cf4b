import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { type PickedUser, UserPicker } from './UserPicker'

/** 12 people: two pages of the picker's 10. */
const people: PickedUser[] = Array.from({ length: 12 }, (_, i) => ({
  id: String(100 + i),
  account: `u${i}`,
  realName: `人员${i}`,
  deptName: i % 2 ? '运营部' : '示范园区',
  phone: `1380000${String(i).padStart(4, '0')}`,
}))

function setup(multiple?: boolean) {
  useSession.setState({ token: 't', permission: {} })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith('/blade-user/search/user')) {
      const current = Number(url.searchParams.get('current'))
      const size = Number(url.searchParams.get('size'))
      const name = url.searchParams.get('realName') ?? ''
      const hits = people.filter((p) => p.realName.includes(name))
      const records = hits.slice((current - 1) * size, current * size)
      return ok({ records, total: hits.length, size, current, pages: Math.ceil(hits.length / size) })
    }
    if (url.pathname.endsWith('/dept/tree'))
      return ok([{ id: '10', parentId: '0', title: '示范园区', key: '10', value: '10', hasChildren: false }])
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  const onOk = vi.fn<(users: PickedUser[]) => void>()
  const onCancel = vi.fn()
  renderScreen(<UserPicker open multiple={multiple} onOk={onOk} onCancel={onCancel} />)
  const searches = () => api.calls.filter((c) => c.url.pathname.endsWith('/search/user'))
  return { api, onOk, onCancel, searches }
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!

describe('user picker (人员选择)', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => vi.unstubAllGlobals())

  it('single by default: radios, 10 per page, the last pick wins', async () => {
    const { onOk, searches } = setup()
    expect(await screen.findByText('人员选择')).toBeTruthy()
    await rowOf('人员0')
    expect(searches()[0]!.url.searchParams.get('size')).toBe('10')
    const table = screen.getByTestId('user-picker-table')
    expect(within(table).getAllByRole('radio')).toHaveLength(10)
    expect(within(table).queryAllByRole('checkbox')).toHaveLength(0)
    await userEvent.click(within(await rowOf('人员1')).getByRole('radio'))
    await userEvent.click(within(await rowOf('人员3')).getByRole('radio'))
    await userEvent.click(screen.getByTestId('user-picker-ok'))
    expect(onOk).toHaveBeenCalledTimes(1)
    expect(onOk.mock.calls[0]![0]).toEqual([people[3]])
  })

  it('multiple: checkboxes, picks kept across pages', async () => {
    const { onOk } = setup(true)
    await userEvent.click(within(await rowOf('人员0')).getByRole('checkbox'))
    await userEvent.click(within(await rowOf('人员2')).getByRole('checkbox'))
    await userEvent.click(screen.getByTitle('2'))
    await userEvent.click(within(await rowOf('人员11')).getByRole('checkbox'))
    await userEvent.click(screen.getByTestId('user-picker-ok'))
    expect(onOk).toHaveBeenCalledTimes(1)
    const picked = onOk.mock.calls[0]![0].map((u) => u.id).sort()
    expect(picked).toEqual(['100', '102', '111'])
  })

  it('confirm with nobody picked warns 请选择至少一条数据 and does not close', async () => {
    const { onOk } = setup()
    await rowOf('人员0')
    await userEvent.click(screen.getByTestId('user-picker-ok'))
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy()
    expect(onOk).not.toHaveBeenCalled()
  })

  it('a search by name, phone or department goes back to page 1; empty values are not sent', async () => {
    const { searches } = setup()
    await rowOf('人员0')
    await userEvent.click(screen.getByTitle('2'))
    await rowOf('人员10')
    expect(searches().at(-1)!.url.searchParams.get('current')).toBe('2')
    await userEvent.type(screen.getByTestId('user-picker-realName'), '人员1')
    await userEvent.click(screen.getByTestId('user-picker-search'))
    await waitFor(() => expect(searches().at(-1)!.url.searchParams.get('realName')).toBe('人员1'))
    const q = searches().at(-1)!.url.searchParams
    expect(q.get('current')).toBe('1')
    expect(q.has('phone')).toBe(false)
    expect(q.has('deptId')).toBe(false)
    await userEvent.type(screen.getByTestId('user-picker-phone'), '13800000011')
    await userEvent.click(screen.getByTestId('user-picker-search'))
    await waitFor(() => expect(searches().at(-1)!.url.searchParams.get('phone')).toBe('13800000011'))
    // by department (the server takes the dept and its children)
    const dept = screen.getByTestId('user-picker-dept')
    fireEvent.mouseDown(dept.closest('.ant-select')!.querySelector('.ant-select-selector') ?? dept)
    fireEvent.click(
      await waitFor(() => {
        const hit = document.querySelector('.ant-select-tree-node-content-wrapper[title="示范园区"]')
        if (!hit) throw new Error('no dept option')
        return hit
      }),
    )
    await userEvent.click(screen.getByTestId('user-picker-search'))
    await waitFor(() => expect(searches().at(-1)!.url.searchParams.get('deptId')).toBe('10'))
    // 清空 drops every condition, back on page 1
    await userEvent.click(screen.getByTestId('user-picker-reset'))
    await waitFor(() => expect(searches().at(-1)!.url.searchParams.has('deptId')).toBe(false))
    expect([...searches().at(-1)!.url.searchParams.keys()].sort()).toEqual(['current', 'size'])
  })

  it('cancel closes without a pick', async () => {
    const { onOk, onCancel } = setup()
    await rowOf('人员0')
    await userEvent.click(screen.getByTestId('user-picker-cancel'))
    expect(onCancel).toHaveBeenCalled()
    expect(onOk).not.toHaveBeenCalled()
  })
})

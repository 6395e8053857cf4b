import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import StaffTypePage from './StaffTypePage'
import { StaffTypeSelect, staffTypeOptions } from './staffType'

const rows = [
  { id: '1', name: '外包员工', code: 'outsource', sort: 1 },
  { id: '2', name: '正式员工', code: 'regular', sort: 2 },
]

function setup() {
  useSession.setState({ token: 't', permission: { stafftype_add: true, stafftype_edit: true } })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith('/staff/type/page'))
      return ok({ records: rows, total: 2, size: 10, current: 1, pages: 1 })
    if (url.pathname.endsWith('/staff/type/select')) return ok(rows)
    return ok(true)
  })
  vi.stubGlobal('fetch', api.fn)
  return api
}

describe('staff type screen (员工类型)', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('lists the types; the form requires name and code and sends nothing until they are valid', async () => {
    const api = setup()
    renderScreen(<StaffTypePage />)
    expect(await screen.findByText('正式员工')).toBeTruthy()
    await userEvent.click(screen.getByTestId('stafftype-add'))
    await userEvent.click(screen.getByTestId('stafftype-form-submit'))
    expect(await screen.findByText('请输入类型名称')).toBeTruthy()
    expect(screen.getByText('请输入类型编号')).toBeTruthy()
    await userEvent.type(screen.getByTestId('stafftype-name'), '实习生')
    await userEvent.type(screen.getByTestId('stafftype-code'), 'intern x')
    await userEvent.click(screen.getByTestId('stafftype-form-submit'))
    expect(await screen.findByText('类型编号只能包含字母、数字、_ 和 -')).toBeTruthy()
    expect(api.calls.some((c) => c.url.pathname.endsWith('/staff/type/submit'))).toBe(false)
    await userEvent.clear(screen.getByTestId('stafftype-code'))
    await userEvent.type(screen.getByTestId('stafftype-code'), 'intern')
    await userEvent.click(screen.getByTestId('stafftype-form-submit'))
    expect(await screen.findByText('新增成功')).toBeTruthy()
    const call = api.calls.find((c) => c.url.pathname.endsWith('/staff/type/submit'))!
    expect(JSON.parse(String(call.init!.body))).toMatchObject({ name: '实习生', code: 'intern', sort: 0 })
  })

  it('the select offers the tenant’s types by name (value: id, or code)', async () => {
    expect(staffTypeOptions(rows)).toEqual([
      { label: '外包员工', value: '1' },
      { label: '正式员工', value: '2' },
    ])
    expect(staffTypeOptions(rows, true).map((o) => o.value)).toEqual(['outsource', 'regular'])
    const api = setup()
    renderScreen(<StaffTypeSelect data-testid="picker" />)
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.pathname.endsWith('/staff/type/select'))).toBe(true),
    )
    expect(screen.getByText('请选择员工类型')).toBeTruthy()
  })
})

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import UserPage from './UserPage'

const node = (id: string, title: string, parentId = '0', children?: object[]) => ({
  id,
  parentId,
  title,
  key: id,
  value: id,
  hasChildren: Boolean(children),
  ...(children ? { children } : {}),
})
const depts = [node('10', '总部', '0', [node('11', '研发部', '10')])]
const roles = [node('20', '管理员'), node('21', '职员')]
const users = [
  {
    id: '1',
    account: 'admin',
    realName: '管理员',
    phone: '13800000000',
    deptId: '10',
    roleId: '20',
    status: 1,
    staffTypeId: '30',
  },
  {
    id: '2',
    account: 'zhang',
    realName: '张三',
    phone: '13900000000',
    deptId: '11',
    roleId: '20,21',
    status: 1,
  },
]
const all = { user_add: true, user_edit: true, user_delete: true, user_reset: true, user_role: true }

function setup(permission: Record<string, boolean> = all) {
  useSession.setState({ token: 't', permission })
  const api = stubFetch((url) => {
    const p = url.pathname
    if (p.endsWith('/blade-user/page'))
      return ok({ records: users, total: 2, size: 10, current: 1, pages: 1, orders: [], searchCount: true })
    if (p.endsWith('/dept/tree')) return ok(depts)
    if (p.endsWith('/role/tree')) return ok(roles)
    if (p.endsWith('/post/select')) return ok([])
    if (p.endsWith('/staff/type/select'))
      return ok([
        { id: '30', name: '正式员工', code: 'regular' },
        { id: '31', name: '外包员工', code: 'outsource' },
      ])
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<UserPage />)
  return api
}

const bodyOf = (api: ReturnType<typeof setup>, path: string) =>
  JSON.parse(String(api.calls.find((c) => c.url.pathname.endsWith(path))!.init!.body))

describe('user screen', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => changeLanguage('zh-CN'))
  })

  it('shows dept and role names, and filters by the dept chosen in the tree', async () => {
    const api = setup()
    const row = (await screen.findByText('zhang')).closest<HTMLElement>('[role="row"]')!
    await waitFor(() => expect(row.textContent).toContain('研发部'))
    expect(row.textContent).toContain('管理员, 职员')
    await userEvent.click(await screen.findByTestId('user-dept-tree-node-10'))
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.url.pathname.endsWith('/page') && c.url.searchParams.get('deptId') === '10'),
      ).toBe(true),
    )
    const q = api.calls.at(-1)!.url.searchParams
    expect(q.get('current')).toBe('1')
  })

  it('checks password and phone with the spec texts', async () => {
    act(() => changeLanguage('en-US'))
    setup()
    await userEvent.click(await screen.findByTestId('user-add'))
    await userEvent.type(screen.getByTestId('crud-form-passwordPlain'), 'Ab1')
    fireEvent.blur(screen.getByTestId('crud-form-passwordPlain'))
    expect(await screen.findByText('password length cannot be less than 8')).toBeTruthy()
    await userEvent.click(screen.getByTestId('user-form-submit'))
    expect(await screen.findByText('phone number cannot be empty')).toBeTruthy()
    expect(screen.getByText('please enter account')).toBeTruthy()
    await userEvent.type(screen.getByTestId('crud-form-phone'), '1380013800')
    fireEvent.blur(screen.getByTestId('crud-form-phone'))
    expect(await screen.findByText('phone number length is not 11')).toBeTruthy()
  })

  it('adds a user in the chosen dept with passwordPlain, no password field when editing', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('user-dept-tree-node-11'))
    await userEvent.click(screen.getByTestId('user-add'))
    await userEvent.type(screen.getByTestId('crud-form-account'), 'li')
    await userEvent.type(screen.getByTestId('crud-form-realName'), '李四')
    await userEvent.type(screen.getByTestId('crud-form-passwordPlain'), 'Abcdef12')
    await userEvent.type(screen.getByTestId('crud-form-password2'), 'Abcdef12')
    await userEvent.type(screen.getByTestId('crud-form-phone'), '13700000000')
    // roles: open the tree select and pick 职员
    const roleSelect = screen.getByTestId('crud-form-roleId')
    fireEvent.mouseDown(roleSelect.querySelector('.ant-select-selector') ?? roleSelect)
    const option = await waitFor(() => {
      const hit = document.querySelector('.ant-select-tree-node-content-wrapper[title="职员"]')
      if (!hit) throw new Error('no option')
      return hit
    })
    fireEvent.click(option)
    await userEvent.click(screen.getByTestId('user-form-submit'))
    expect(await screen.findByText('新增成功')).toBeTruthy()
    expect(bodyOf(api, '/blade-user/submit')).toMatchObject({
      account: 'li',
      realName: '李四',
      passwordPlain: 'Abcdef12',
      phone: '13700000000',
      deptId: '11',
      roleId: '21',
    })
    await userEvent.click(screen.getByTestId('crud-row-edit-2'))
    await waitFor(() =>
      expect((screen.getByTestId('crud-form-account') as HTMLInputElement).value).toBe('zhang'),
    )
    expect(screen.queryByTestId('crud-form-passwordPlain')).toBeNull()
  })

  it('edits status (正常/停用) and staff type; a cleared staff type is sent as empty', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('crud-row-edit-2'))
    const pick = async (testId: string, title: string) => {
      const select = screen.getByTestId(testId)
      fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select)
      const option = await waitFor(() => {
        const hit = document.querySelector(`.ant-select-item-option[title="${title}"]`)
        if (!hit) throw new Error(`no option ${title}`)
        return hit
      })
      fireEvent.click(option)
    }
    await waitFor(() =>
      expect((screen.getByTestId('crud-form-account') as HTMLInputElement).value).toBe('zhang'),
    )
    await pick('crud-form-status', '停用')
    await pick('crud-form-staffTypeId', '外包员工')
    await userEvent.click(screen.getByTestId('user-form-submit'))
    expect(await screen.findByText('更新成功')).toBeTruthy()
    expect(bodyOf(api, '/blade-user/submit')).toMatchObject({ id: '2', status: 0, staffTypeId: '31' })

    await userEvent.click(await screen.findByTestId('crud-row-edit-1'))
    const staffType = await screen.findByTestId('crud-form-staffTypeId')
    await waitFor(() => expect(staffType.closest('.ant-select')!.textContent).toContain('正式员工'))
    await userEvent.click(staffType.closest('.ant-select')!.querySelector('.ant-select-clear')!)
    await waitFor(() => expect(staffType.closest('.ant-select')!.textContent).not.toContain('正式员工'))
    await userEvent.click(screen.getByTestId('user-form-submit'))
    await waitFor(() => expect(api.calls.filter((c) => c.url.pathname.endsWith('/submit'))).toHaveLength(2))
    const bodies = api.calls.filter((c) => c.url.pathname.endsWith('/submit'))
    expect(JSON.parse(String(bodies[1]!.init!.body))).toMatchObject({ id: '1', staffTypeId: '' })
  })

  it('resets the password of the selected users after the strength check', async () => {
    act(() => changeLanguage('en-US'))
    const api = setup()
    await userEvent.click(await screen.findByTestId('user-reset'))
    expect(await screen.findByText('please select at least one record')).toBeTruthy()
    const row = screen.getByText('zhang').closest<HTMLElement>('[role="row"]')!
    await userEvent.click(within(row).getByRole('checkbox'))
    await userEvent.click(screen.getByTestId('user-reset'))
    await userEvent.type(await screen.findByTestId('user-reset-password'), 'short')
    await userEvent.click(screen.getByTestId('user-reset-submit'))
    expect(await screen.findByText('password length cannot be less than 8')).toBeTruthy()
    await userEvent.clear(screen.getByTestId('user-reset-password'))
    await userEvent.type(screen.getByTestId('user-reset-password'), 'Abcdef12')
    await userEvent.click(screen.getByTestId('user-reset-submit'))
    await waitFor(() =>
      expect(bodyOf(api, '/reset-password')).toEqual({ userIds: '2', passwordPlain: 'Abcdef12' }),
    )
  })

  it('sets the roles of the selected user from the role tree', async () => {
    const api = setup()
    const row = (await screen.findByText('admin')).closest<HTMLElement>('[role="row"]')!
    await userEvent.click(within(row).getByRole('checkbox'))
    await userEvent.click(screen.getByTestId('user-role'))
    const tree = await screen.findByTestId('user-role-tree')
    // the user's roles are prefilled; a title click checks like the box
    await userEvent.click(within(tree).getByText('职员'))
    await userEvent.click(screen.getByTestId('user-role-submit'))
    await waitFor(() => expect(bodyOf(api, '/blade-user/grant')).toEqual({ userIds: '1', roleIds: '20,21' }))
  })

  it('hides add, reset and role buttons without their codes', async () => {
    setup({})
    await screen.findByText('zhang')
    expect(screen.queryByTestId('user-add')).toBeNull()
    expect(screen.queryByTestId('user-reset')).toBeNull()
    expect(screen.queryByTestId('user-role')).toBeNull()
    expect(screen.queryByTestId('user-guests')).toBeNull()
  })

  it('links to the pending guests (访客审核) for whoever may review them', async () => {
    setup({ ...all, user_guest_view: true })
    await screen.findByText('zhang')
    expect(screen.getByTestId('user-guests').textContent).toContain('访客审核')
  })
})

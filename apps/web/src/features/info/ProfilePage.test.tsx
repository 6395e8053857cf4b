import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { AVATAR_MAX_BYTES, avatarProblem } from './avatar'
import ProfilePage from './ProfilePage'

const me = {
  id: '1',
  tenantId: '100001',
  tenantName: '演示园区',
  tenantLogo: '',
  account: 'staff',
  name: '',
  realName: '张三',
  avatar: '',
  email: '',
  phone: '13800000000',
  roleName: 'staff',
  roleAliases: ['staff'],
  deptName: '',
  defaultPassword: false,
}

function setup() {
  useSession.setState({ token: 't' })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith('/blade-user/info')) return ok(me)
    if (url.pathname.endsWith('/blade-user/avatar')) return ok({ link: 'http://files.test/a.png' })
    return ok(true)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<ProfilePage />)
  return api
}
const bodyOf = (api: ReturnType<typeof setup>, path: string) =>
  JSON.parse(String(api.calls.find((c) => c.url.pathname.endsWith(path))!.init!.body))

describe('profile screen', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('avatar rule: jpg or png only, at most 500 KB', () => {
    expect(avatarProblem({ type: 'image/gif', size: 10 })).toBe('profile.avatarType')
    expect(avatarProblem({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('profile.avatarSize')
    expect(avatarProblem({ type: 'image/jpeg', size: AVATAR_MAX_BYTES })).toBeNull()
  })

  it('shows the signed-in user and saves the edited fields; the account is read-only', async () => {
    const api = setup()
    await waitFor(() =>
      expect((screen.getByTestId('profile-account') as HTMLInputElement).value).toBe('staff'),
    )
    expect((screen.getByTestId('profile-account') as HTMLInputElement).disabled).toBe(true)
    const realName = screen.getByTestId('profile-realName')
    await userEvent.clear(realName)
    await userEvent.type(realName, '李四')
    await userEvent.click(screen.getByTestId('profile-save'))
    expect(await screen.findByText('更新成功')).toBeTruthy()
    expect(bodyOf(api, '/blade-user/update-info')).toMatchObject({ realName: '李四', phone: '13800000000' })
  })

  it('a bad phone blocks saving with the spec texts', async () => {
    const api = setup()
    const phone = await screen.findByTestId('profile-phone')
    await waitFor(() => expect((phone as HTMLInputElement).value).toBe('13800000000'))
    await userEvent.clear(phone)
    await userEvent.click(screen.getByTestId('profile-save'))
    expect(await screen.findByText('手机号码不能为空')).toBeTruthy()
    await userEvent.type(phone, '1380000')
    await userEvent.click(screen.getByTestId('profile-save'))
    expect(await screen.findByText('手机号码长度不为11位')).toBeTruthy()
    expect(api.calls.some((c) => c.url.pathname.endsWith('/update-info'))).toBe(false)
  })

  it('a gif avatar is refused before upload; a png is uploaded and its link saved', async () => {
    const api = setup()
    await screen.findByTestId('profile-account')
    // rc-upload renders a fresh input after each pick: look it up each time
    const input = () => document.querySelector('input[type=file]') as HTMLInputElement
    fireEvent.change(input(), { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } })
    expect(await screen.findByText('上传头像图片只能是 JPG/PNG 格式!')).toBeTruthy()
    expect(api.calls.some((c) => c.url.pathname.endsWith('/blade-user/avatar'))).toBe(false)
    fireEvent.change(input(), { target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] } })
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.pathname.endsWith('/blade-user/avatar'))).toBe(true),
    )
    await userEvent.click(screen.getByTestId('profile-save'))
    await waitFor(() =>
      expect(bodyOf(api, '/blade-user/update-info')).toMatchObject({ avatar: 'http://files.test/a.png' }),
    )
  })

  it('the password tab refuses a weak new password without calling the server', async () => {
    const api = setup()
    await userEvent.click(await screen.findByText('修改密码'))
    await userEvent.type(screen.getByTestId('password-old'), 'Admin@123456')
    await userEvent.type(screen.getByTestId('password-new'), 'short')
    await userEvent.type(screen.getByTestId('password-confirm'), 'short')
    await userEvent.click(screen.getByTestId('password-submit'))
    await waitFor(() => expect(screen.getByText('密码长度不能少于8位')).toBeTruthy())
    expect(api.calls.some((c) => c.url.pathname.endsWith('/update-password'))).toBe(false)
  })
})

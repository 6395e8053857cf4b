import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
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
    if (url.pathname.endsWith('/blade-user/smsForUpdate-password') && !url.searchParams.get('phoneCode'))
      return ok({ phone: '138****0000', expireSeconds: 300 })
    return ok({})
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<ProfilePage />)
  return api
}
const smsCalls = (api: ReturnType<typeof setup>) =>
  api.calls.filter((c) => c.url.pathname.endsWith('/blade-user/smsForUpdate-password'))

describe('profile: password change by SMS code (smsForUpdate-password)', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('sends a code to the account phone, then changes the password with it (MD5 hex), checking first', async () => {
    const api = setup()
    await userEvent.click(await screen.findByText('短信验证修改'))
    const phone = screen.getByTestId('sms-password-phone') as HTMLInputElement
    await waitFor(() => expect(phone.value).toBe('13800000000'))

    // nothing is sent while the form is wrong: the code, the strength rule, the confirmation
    await userEvent.type(screen.getByTestId('sms-password-new'), 'weak')
    await userEvent.type(screen.getByTestId('sms-password-confirm'), 'other')
    await userEvent.click(screen.getByTestId('sms-password-submit'))
    expect(await screen.findByText('请输入短信验证码')).toBeTruthy()
    expect(screen.getByText('两次密码输入不一致')).toBeTruthy()
    expect(smsCalls(api)).toHaveLength(0)

    await userEvent.click(screen.getByTestId('sms-password-send'))
    expect(await screen.findByText('验证码已发送')).toBeTruthy()
    expect(smsCalls(api)[0]!.url.searchParams.get('phone')).toBe('13800000000')
    expect((screen.getByTestId('sms-password-send') as HTMLButtonElement).disabled).toBe(true)

    await userEvent.type(screen.getByTestId('sms-password-code'), '123456')
    await userEvent.clear(screen.getByTestId('sms-password-new'))
    await userEvent.type(screen.getByTestId('sms-password-new'), 'Strong@123')
    await userEvent.clear(screen.getByTestId('sms-password-confirm'))
    await userEvent.type(screen.getByTestId('sms-password-confirm'), 'Strong@123')
    await userEvent.click(screen.getByTestId('sms-password-submit'))
    expect(await screen.findByText('修改密码成功')).toBeTruthy()
    const change = smsCalls(api)[1]!.url.searchParams
    expect(change.get('phoneCode')).toBe('123456')
    expect(change.get('newPassword')).toMatch(/^[0-9a-f]{32}$/)
    expect(change.get('newPassword1')).toBe(change.get('newPassword'))
    expect(change.get('newPassword')).not.toContain('Strong')
  })

  it('refuses a malformed phone before asking for a code', async () => {
    const api = setup()
    await userEvent.click(await screen.findByText('短信验证修改'))
    const phone = screen.getByTestId('sms-password-phone') as HTMLInputElement
    await waitFor(() => expect(phone.value).toBe('13800000000'))
    await userEvent.clear(phone)
    await userEvent.type(phone, '1380')
    await userEvent.click(screen.getByTestId('sms-password-send'))
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).toBeTruthy())
    expect(smsCalls(api)).toHaveLength(0)
  })
})

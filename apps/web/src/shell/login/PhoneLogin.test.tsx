import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useConsoleBoot } from '../../app/consoleSettings'
import { useSession } from '../../stores/session'
import { defaultConsoleSettings, useSettings } from '../../stores/settings'
import LoginPage from './LoginPage'

function setup() {
  const calls: URL[] = []
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost')
    calls.push(url)
    const json = (body: unknown) => new Response(JSON.stringify(body))
    if (url.pathname.endsWith('/oauth/sms/captcha'))
      return json({ code: 200, success: true, data: { phone: '138****0000' }, msg: '验证码已发送' })
    if (url.pathname.endsWith('/oauth/token'))
      return json({ access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', user_id: '5' })
    if (url.pathname.endsWith('/oauth/captcha'))
      return json({ key: 'k', image: 'data:image/png;base64,AA==' })
    return json({ code: 200, success: true, data: [], msg: '' })
  })
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/" element={<div>home page</div>} />
      </Routes>
    </MemoryRouter>,
  )
  return calls
}

describe('login page: phone-code sign-in (spec 01 §2, §5)', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    useSettings.setState({ console: defaultConsoleSettings })
    useConsoleBoot.setState({ domainTenant: undefined, apiUnreachable: false })
    useSession.getState().clear()
  })

  it('checks the phone with the spec texts, sends a code, signs in with grant sms_code', async () => {
    const calls = setup()
    await userEvent.click(screen.getByTestId('login-mode-phone'))
    expect(screen.queryByTestId('login-password')).toBeNull()
    expect(await screen.findByTestId('login-send-code')).toBeTruthy()
    const tenant = screen.getByTestId('login-tenant')
    await userEvent.clear(tenant)
    await userEvent.type(tenant, '100001')
    await userEvent.click(screen.getByTestId('login-send-code'))
    expect(await screen.findByText('手机号码不能为空')).toBeTruthy()
    await userEvent.type(screen.getByTestId('login-phone'), '1380000')
    await userEvent.click(screen.getByTestId('login-send-code'))
    expect(await screen.findByText('手机号码长度不为11位')).toBeTruthy()
    await userEvent.clear(screen.getByTestId('login-phone'))
    await userEvent.type(screen.getByTestId('login-phone'), '12800000000')
    await userEvent.click(screen.getByTestId('login-send-code'))
    expect(await screen.findByText('手机号码格式不正确')).toBeTruthy()
    expect(calls.some((u) => u.pathname.endsWith('/oauth/sms/captcha'))).toBe(false)

    await userEvent.clear(screen.getByTestId('login-phone'))
    await userEvent.type(screen.getByTestId('login-phone'), '13800000000')
    await userEvent.click(screen.getByTestId('login-send-code'))
    expect(await screen.findByTestId('login-notice')).toBeTruthy()
    const sent = calls.find((u) => u.pathname.endsWith('/oauth/sms/captcha'))!
    expect([sent.searchParams.get('phone'), sent.searchParams.get('tenantId')]).toEqual([
      '13800000000',
      '100001',
    ])
    expect((screen.getByTestId('login-send-code') as HTMLButtonElement).disabled).toBe(true)

    await userEvent.click(screen.getByTestId('login-submit'))
    expect(await screen.findByText('请输入短信验证码')).toBeTruthy()
    await userEvent.type(screen.getByTestId('login-phone-code'), '123456')
    await userEvent.click(screen.getByTestId('login-submit'))
    expect(await screen.findByText('home page')).toBeTruthy()
    const token = calls.find((u) => u.pathname.endsWith('/oauth/token'))!.searchParams
    expect([
      token.get('grant_type'),
      token.get('account'),
      token.get('phoneCode'),
      token.get('tenantId'),
    ]).toEqual(['sms_code', '13800000000', '123456', '100001'])
    expect(useSession.getState().token).toBe('acc')
  })
})

import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useConsoleBoot } from '../../app/consoleSettings'
import i18n from '../../i18n'
import { useSession } from '../../stores/session'
import { defaultConsoleSettings, useSettings } from '../../stores/settings'
import LoginPage from './LoginPage'

const tokenReply = {
  access_token: 'acc',
  refresh_token: 'ref',
  tenant_id: '000000',
  user_id: '1',
  real_name: '管理员',
}

function setup(loginStatus: number, loginBody: unknown) {
  const calls: { url: URL; init?: RequestInit }[] = []
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost')
    calls.push({ url, init })
    if (url.pathname.endsWith('/oauth/captcha'))
      return new Response(JSON.stringify({ key: `k${calls.length}`, image: 'data:image/png;base64,AA==' }))
    return new Response(JSON.stringify(loginBody), { status: loginStatus })
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

async function fillAndSubmit() {
  await userEvent.type(screen.getByTestId('login-username'), 'admin')
  await userEvent.type(screen.getByTestId('login-password'), 'secret')
  await userEvent.type(screen.getByTestId('login-captcha'), '1234')
  await userEvent.click(screen.getByTestId('login-submit'))
}

describe('login page', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    useSettings.setState({ console: defaultConsoleSettings })
    useConsoleBoot.setState({ domainTenant: undefined, apiUnreachable: false })
    useSession.getState().clear()
  })

  it('asks for tenant, account, password and captcha, with nothing prefilled but the default tenant', async () => {
    setup(200, tokenReply)
    expect((screen.getByTestId('login-tenant') as HTMLInputElement).value).toBe('000000')
    expect((screen.getByTestId('login-username') as HTMLInputElement).value).toBe('')
    expect((screen.getByTestId('login-password') as HTMLInputElement).value).toBe('')
    expect(await screen.findByAltText('验证码')).toBeTruthy()
    expect(document.title).toBe('登录-智慧园区管理平台')
  })

  it('hides the tenant field when a tenant is preset or tenant mode is off', () => {
    useSettings.setState({ console: { ...defaultConsoleSettings, tenantId: '000001' } })
    setup(200, tokenReply)
    expect(screen.queryByTestId('login-tenant')).toBeNull()
  })

  it('sends the MD5 of the password and the captcha headers, stores the tokens and goes to /', async () => {
    const calls = setup(200, tokenReply)
    await screen.findByAltText('验证码')
    await fillAndSubmit()
    expect(await screen.findByText('home page')).toBeTruthy()
    const login = calls.find((c) => c.url.pathname.endsWith('/oauth/token'))!
    const q = login.url.searchParams
    expect(q.get('password')).toBe('5ebe2294ecd0e0f08eab7690d2a6ee69') // md5('secret')
    expect([q.get('grant_type'), q.get('scope'), q.get('type'), q.get('tenantId')]).toEqual([
      'captcha',
      'all',
      'account',
      '000000',
    ])
    const headers = login.init!.headers as Record<string, string>
    expect(headers['Captcha-Code']).toBe('1234')
    expect(headers['Captcha-Key']).toMatch(/^k\d+$/)
    expect(headers['Tenant-Id']).toBe('000000')
    expect(headers.Authorization).toBe(`Basic ${btoa('saber:')}`)
    expect(login.init!.body).toBeUndefined()
    expect(useSession.getState().token).toBe('acc')
    expect(useSession.getState().refreshToken).toBe('ref')
  })

  it('shows error_description, stays on the login page and refreshes the captcha after a failure', async () => {
    const calls = setup(400, {
      error_code: 400,
      error: 'invalid_grant',
      error_description: '用户名或密码错误',
    })
    await screen.findByAltText('验证码')
    await fillAndSubmit()
    expect((await screen.findByTestId('login-error')).textContent).toBe('用户名或密码错误')
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/oauth/captcha')).length).toBe(2))
    expect(screen.queryByText('home page')).toBeNull()
    expect(useSession.getState().token).toBe('')
  })

  it('shows the captcha when the server asks for it, even with the captcha off, and sends it', async () => {
    useSettings.setState({ console: { ...defaultConsoleSettings, captchaMode: false } })
    const calls = setup(400, {
      error_code: 400,
      error: 'captcha_required',
      error_description: '请输入验证码',
    })
    expect(screen.queryByTestId('login-captcha')).toBeNull()
    await userEvent.type(screen.getByTestId('login-username'), 'admin')
    await userEvent.type(screen.getByTestId('login-password'), 'secret')
    await userEvent.click(screen.getByTestId('login-submit'))
    expect((await screen.findByTestId('login-error')).textContent).toBe('请输入验证码')
    expect(await screen.findByAltText('验证码')).toBeTruthy()
    await userEvent.type(screen.getByTestId('login-captcha'), '42')
    await userEvent.click(screen.getByTestId('login-submit'))
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/oauth/token')).length).toBe(2))
    const second = calls.filter((c) => c.url.pathname.endsWith('/oauth/token'))[1]!
    expect((second.init!.headers as Record<string, string>)['Captcha-Code']).toBe('42')
  })

  it('requires the fields before calling the server', async () => {
    const calls = setup(200, tokenReply)
    await userEvent.click(screen.getByTestId('login-submit'))
    expect(screen.getByText('请输入账号')).toBeTruthy()
    expect(screen.getByText('请输入密码')).toBeTruthy()
    expect(calls.some((c) => c.url.pathname.endsWith('/oauth/token'))).toBe(false)
  })

  it('says the API cannot be reached, in the chosen language, and still offers the form', async () => {
    useConsoleBoot.setState({ apiUnreachable: true })
    setup(200, tokenReply)
    expect(screen.getByTestId('login-api-warning').textContent).toBe(
      '无法连接服务器接口,请检查网络或代理设置',
    )
    expect(screen.getByTestId('login-password')).toBeTruthy()
    await act(() => i18n.changeLanguage('en-US'))
    expect(screen.getByTestId('login-api-warning').textContent).toBe(
      'Cannot reach the server API: check the network or the proxy settings',
    )
    await act(() => i18n.changeLanguage('zh-CN'))
  })

  it('shows no warning while the API answers', () => {
    setup(200, tokenReply)
    expect(screen.queryByTestId('login-api-warning')).toBeNull()
  })
})

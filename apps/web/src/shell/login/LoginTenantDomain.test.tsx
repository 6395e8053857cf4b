import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useConsoleBoot } from '../../app/consoleSettings'
import { useSession } from '../../stores/session'
import { defaultConsoleSettings, useSettings } from '../../stores/settings'
import { backgroundStyle } from './background'
import LoginPage from './LoginPage'

const tokenReply = { access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', user_id: '1' }

/** `tenant/info` answers `info` (an R envelope) with `status`; the token endpoint signs in. */
function setup(info: unknown, status = 200) {
  const calls: URL[] = []
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost')
    calls.push(url)
    if (url.pathname.endsWith('/tenant/info')) return new Response(JSON.stringify(info), { status })
    if (url.pathname.endsWith('/oauth/captcha'))
      return new Response(JSON.stringify({ key: 'k', image: 'data:image/png;base64,AA==' }))
    return new Response(JSON.stringify(tokenReply))
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

describe('login page on a park domain (tenant/info)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    useSettings.setState({ console: defaultConsoleSettings })
    useConsoleBoot.setState({ domainTenant: undefined })
    useSession.getState().clear()
  })

  it("asks by the page's host, hides the tenant field, shows the park and signs into it", async () => {
    const calls = setup({
      code: 200,
      success: true,
      msg: '操作成功',
      data: { tenantId: '100001', tenantName: '示范园区', logo: '', backgroundUrl: '/bg/park.jpg' },
    })
    expect(await screen.findByTestId('login-tenant-name')).toHaveProperty('textContent', '示范园区')
    expect(screen.queryByTestId('login-tenant')).toBeNull()
    const lookup = calls.find((c) => c.pathname.endsWith('/tenant/info'))!
    expect(lookup.searchParams.get('domain')).toBe(window.location.hostname)
    expect((screen.getByTestId('login-form').parentElement as HTMLElement).style.backgroundImage).toBe(
      'url("/bg/park.jpg")',
    )
    await userEvent.type(screen.getByTestId('login-username'), 'admin')
    await userEvent.type(screen.getByTestId('login-password'), 'secret')
    await userEvent.type(screen.getByTestId('login-captcha'), '1234')
    await userEvent.click(screen.getByTestId('login-submit'))
    expect(await screen.findByText('home page')).toBeTruthy()
    const login = calls.find((c) => c.pathname.endsWith('/oauth/token'))!
    expect(login.searchParams.get('tenantId')).toBe('100001')
  })

  it('falls back silently: no tenant for the host keeps the tenant field and shows no error', async () => {
    setup({ code: 404, success: false, msg: '未找到该域名的租户', data: null }, 404)
    expect(await screen.findByAltText('验证码')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('login-tenant')).toBeTruthy())
    expect((screen.getByTestId('login-tenant') as HTMLInputElement).value).toBe('000000')
    expect(screen.queryByTestId('login-tenant-name')).toBeNull()
    expect(screen.queryByTestId('login-error')).toBeNull()
  })

  it("an empty object (the server's answer for a host without a park, as BladeX) keeps the tenant field", async () => {
    setup({ code: 200, success: true, msg: '操作成功', data: {} })
    expect(await screen.findByAltText('验证码')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('login-tenant')).toBeTruthy())
    expect(screen.queryByTestId('login-tenant-name')).toBeNull()
    expect(screen.queryByTestId('login-error')).toBeNull()
  })

  it('a console pinned to a tenant asks nothing', async () => {
    useSettings.setState({ console: { ...defaultConsoleSettings, tenantId: '000001' } })
    const calls = setup({ code: 200, data: { tenantId: '100001', tenantName: 'x' } })
    expect(await screen.findByAltText('验证码')).toBeTruthy()
    expect(calls.some((c) => c.pathname.endsWith('/tenant/info'))).toBe(false)
  })

  it('takes the park the server wrote into the page: no lookup, its name and logo show at once', async () => {
    useConsoleBoot.setState({
      domainTenant: { tenantId: '100001', tenantName: '示范园区', logo: '/logo.png', backgroundUrl: '' },
    })
    const calls = setup({ code: 200, data: null })
    expect(screen.getByTestId('login-tenant-name').textContent).toBe('示范园区')
    expect(screen.getByTestId('login-tenant-logo').getAttribute('src')).toBe('/logo.png')
    expect(screen.queryByTestId('login-tenant')).toBeNull()
    await userEvent.type(screen.getByTestId('login-username'), 'admin')
    await userEvent.type(screen.getByTestId('login-password'), 'secret')
    await userEvent.type(screen.getByTestId('login-captcha'), '1234')
    await userEvent.click(screen.getByTestId('login-submit'))
    expect(await screen.findByText('home page')).toBeTruthy()
    expect(calls.find((c) => c.pathname.endsWith('/oauth/token'))!.searchParams.get('tenantId')).toBe(
      '100001',
    )
    expect(calls.some((c) => c.pathname.endsWith('/tenant/info'))).toBe(false)
  })

  it('the server saying "no park on this host" keeps the tenant field and asks nothing', async () => {
    useConsoleBoot.setState({ domainTenant: null })
    const calls = setup({ code: 200, data: { tenantId: '100001', tenantName: 'x' } })
    expect(await screen.findByAltText('验证码')).toBeTruthy()
    expect(screen.getByTestId('login-tenant')).toBeTruthy()
    expect(calls.some((c) => c.pathname.endsWith('/tenant/info'))).toBe(false)
  })

  it('shows no logo that is not a safe address', () => {
    useConsoleBoot.setState({
      domainTenant: {
        tenantId: '100001',
        tenantName: '示范园区',
        logo: 'javascript:alert(1)',
        backgroundUrl: '',
      },
    })
    setup({ code: 200, data: null })
    expect(screen.queryByTestId('login-tenant-logo')).toBeNull()
  })

  it('uses only safe background URLs', () => {
    expect(backgroundStyle('https://cdn.example.com/a.png')?.backgroundImage).toBe(
      'url("https://cdn.example.com/a.png")',
    )
    expect(backgroundStyle('/a.png')).toBeTruthy()
    expect(backgroundStyle('x") ; background: red')).toBeUndefined()
    expect(backgroundStyle('javascript:alert(1)')).toBeUndefined()
    expect(backgroundStyle('')).toBeUndefined()
  })
})

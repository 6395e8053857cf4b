import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { socialAuthorizeUrl } from '../../api/social'
import { useConsoleBoot } from '../../app/consoleSettings'
import { useSession } from '../../stores/session'
import { defaultConsoleSettings, useSettings } from '../../stores/settings'
import LoginPage from './LoginPage'
import { REGISTER_FAILED, REGISTER_SUBMITTED, REGISTER_WARNINGS, registerWarning } from './RegisterDialog'

const guestReply = {
  access_token: 'guest-token',
  refresh_token: '',
  tenant_id: '100001',
  user_id: '-1',
  oauth_id: '7:alice',
  account: 'alice',
  user_name: 'Alice Wang',
}

type Answer = { status?: number; body: unknown }

function Where() {
  const location = useLocation()
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>
}

function setup(register: Answer = { body: { code: 200, success: true, data: {}, msg: '操作成功' } }) {
  const calls: { url: URL; init?: RequestInit }[] = []
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost')
    calls.push({ url, init })
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })
    if (url.pathname.endsWith('/oauth/social/providers'))
      return json({ code: 200, success: true, data: [{ code: 'loop', name: '环回认证' }], msg: '' })
    if (url.pathname.endsWith('/oauth/token')) return json(guestReply)
    if (url.pathname.endsWith('/register-guest')) return json(register.body, register.status ?? 200)
    if (url.pathname.endsWith('/oauth/logout')) return json({ success: 'true', msg: 'success' })
    return json({ code: 200, success: true, data: null, msg: '' })
  })
  render(
    <MemoryRouter initialEntries={['/login?social_ticket=T1&tenantId=100001']}>
      <Routes>
        <Route
          path="/login"
          element={
            <>
              <LoginPage />
              <Where />
            </>
          }
        />
        <Route path="/" element={<div>home page</div>} />
      </Routes>
    </MemoryRouter>,
  )
  return calls
}

const field = (id: string) => screen.getByTestId(id) as HTMLInputElement
const submit = () => userEvent.click(screen.getByTestId('register-submit'))

describe('register dialog 账号注册 (third-party sign-in without an account)', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    useSettings.setState({ console: defaultConsoleSettings })
    useConsoleBoot.setState({ domainTenant: undefined, apiUnreachable: false })
    useSession.getState().clear()
  })

  it('checks in the spec order: tenant, account, password, match (name is not checked)', () => {
    const form = { tenantId: '', name: '', account: '', password: '', password2: '' }
    expect(registerWarning(form, true)).toBe(REGISTER_WARNINGS.tenant)
    expect(registerWarning(form, false)).toBe(REGISTER_WARNINGS.account)
    expect(registerWarning({ ...form, account: 'a', password: 'x' }, false)).toBe(REGISTER_WARNINGS.password)
    expect(registerWarning({ ...form, account: 'a', password: 'x', password2: 'y' }, false)).toBe(
      REGISTER_WARNINGS.mismatch,
    )
    expect(registerWarning({ ...form, account: 'a', password: 'x', password2: 'x' }, false)).toBeNull()
    expect(socialAuthorizeUrl('loop', '100001')).toBe(
      '/xparkApi/blade-auth/oauth/social/authorize/loop?tenantId=100001',
    )
  })

  it('spends the ticket once, opens the dialog (20% wide) with name and account prefilled, warns in order', async () => {
    const calls = setup()
    expect(await screen.findByText('账号注册')).toBeTruthy()
    const token = calls.filter((c) => c.url.pathname.endsWith('/oauth/token'))
    expect(token).toHaveLength(1)
    expect(token[0]!.url.searchParams.get('grant_type')).toBe('social')
    expect(token[0]!.url.searchParams.get('ticket')).toBe('T1')
    // the ticket left the address bar; no session was started for a guest
    expect(screen.getByTestId('where').textContent).toBe('/login')
    expect(useSession.getState().token).toBe('')
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('20%')
    expect((await screen.findByTestId('login-social-loop')).textContent).toBe('环回认证')
    expect(field('register-name').value).toBe('Alice Wang')
    expect(field('register-account').value).toBe('Alice Wang')
    // no tenant preset: the tenant id field shows, empty
    expect(field('register-tenant').value).toBe('')

    await submit()
    expect(await screen.findByText(REGISTER_WARNINGS.tenant)).toBeTruthy()
    await userEvent.type(field('register-tenant'), '100001')
    await userEvent.clear(field('register-account'))
    await submit()
    expect(await screen.findByText(REGISTER_WARNINGS.account)).toBeTruthy()
    await userEvent.type(field('register-account'), 'alice')
    await userEvent.type(field('register-password'), 'Guest@12345')
    await submit()
    expect(await screen.findByText(REGISTER_WARNINGS.password)).toBeTruthy()
    await userEvent.type(field('register-password2'), 'Other@12345')
    await submit()
    expect(await screen.findByText(REGISTER_WARNINGS.mismatch)).toBeTruthy()
    expect(calls.some((c) => c.url.pathname.endsWith('/register-guest'))).toBe(false)
  })

  it('submits with the guest token, says so, logs the guest out and stays on /login', async () => {
    const calls = setup()
    await screen.findByText('账号注册')
    await userEvent.type(field('register-tenant'), '100001')
    await userEvent.type(field('register-password'), 'Guest@12345')
    await userEvent.type(field('register-password2'), 'Guest@12345')
    await submit()
    expect(await screen.findByText(REGISTER_SUBMITTED)).toBeTruthy()
    const sent = calls.find((c) => c.url.pathname.endsWith('/register-guest'))!
    const headers = sent.init!.headers as Record<string, string>
    expect(headers['Blade-Auth']).toBe('bearer guest-token')
    expect(JSON.parse(String(sent.init!.body))).toMatchObject({
      tenantId: '100001',
      name: 'Alice Wang',
      account: 'Alice Wang',
      password: expect.stringMatching(/^[0-9a-f]{32}$/),
      oauthId: '7:alice',
    })
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/oauth/logout'))).toBe(true))
    const logout = calls.find((c) => c.url.pathname.endsWith('/oauth/logout'))!
    expect((logout.init!.headers as Record<string, string>)['Blade-Auth']).toBe('bearer guest-token')
    await waitFor(() => expect(screen.queryByTestId('register-form')).toBeNull())
    expect(screen.getByTestId('where').textContent).toBe('/login')
    expect(useSession.getState().token).toBe('')
  })

  it("shows the server's message when the request is refused, else 提交失败", async () => {
    setup({ status: 400, body: { code: 400, success: false, data: null, msg: '当前用户 [alice] 已存在!' } })
    await screen.findByText('账号注册')
    await userEvent.type(field('register-tenant'), '100001')
    await userEvent.type(field('register-password'), 'Guest@12345')
    await userEvent.type(field('register-password2'), 'Guest@12345')
    await submit()
    expect(await screen.findByText('当前用户 [alice] 已存在!')).toBeTruthy()
    expect(screen.getByTestId('register-form')).toBeTruthy()
  })

  it('shows 提交失败 when the server says nothing', async () => {
    setup({ status: 500, body: { code: 500, success: false, data: null, msg: '' } })
    await screen.findByText('账号注册')
    await userEvent.type(field('register-tenant'), '100001')
    await userEvent.type(field('register-password'), 'Guest@12345')
    await userEvent.type(field('register-password2'), 'Guest@12345')
    await submit()
    expect(await screen.findByText(REGISTER_FAILED)).toBeTruthy()
  })

  it('asks no tenant id when the console has a preset tenant, and files under the guest token tenant', async () => {
    useSettings.setState({ console: { ...defaultConsoleSettings, tenantId: '100001' } })
    const calls = setup()
    await screen.findByText('账号注册')
    expect(screen.queryByTestId('register-tenant')).toBeNull()
    await userEvent.type(field('register-password'), 'Guest@12345')
    await userEvent.type(field('register-password2'), 'Guest@12345')
    await submit()
    expect(await screen.findByText(REGISTER_SUBMITTED)).toBeTruthy()
    const sent = calls.find((c) => c.url.pathname.endsWith('/register-guest'))!
    expect(JSON.parse(String(sent.init!.body)).tenantId).toBe('100001')
  })
})

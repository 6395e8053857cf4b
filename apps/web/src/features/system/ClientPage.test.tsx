import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import ClientPage from './ClientPage'
import { dropBlankSecret } from './client'

const row = {
  id: '5',
  clientId: 'saber',
  scope: 'all',
  authorizedGrantTypes: 'password,refresh_token',
  accessTokenValidity: 3600,
  refreshTokenValidity: 604800,
}

function setup() {
  useSession.setState({
    token: 't',
    permission: { client_add: true, client_edit: true, client_delete: true },
  })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith('/client/page'))
      return ok({ records: [row], total: 1, size: 10, current: 1, pages: 1 })
    if (url.pathname.endsWith('/client/detail')) return ok(row)
    return ok(true)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<ClientPage />)
  return api
}
const submitted = (api: ReturnType<typeof setup>) =>
  JSON.parse(String(api.calls.find((c) => c.url.pathname.endsWith('/client/submit'))!.init!.body))

describe('client screen', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('a blank secret on edit is not sent (the stored one stays); grant types travel comma-joined', async () => {
    const api = setup()
    expect(await screen.findByText('password, refresh_token')).toBeTruthy()
    await userEvent.click(screen.getByTestId('crud-row-edit-5'))
    await waitFor(() =>
      expect((screen.getByTestId('client-clientId') as HTMLInputElement).value).toBe('saber'),
    )
    expect((screen.getByTestId('client-clientSecret') as HTMLInputElement).value).toBe('')
    expect(screen.getByText('只写不读:新增时留空为公开客户端,编辑时留空表示不修改')).toBeTruthy()
    await userEvent.click(screen.getByTestId('client-form-submit'))
    expect(await screen.findByText('更新成功')).toBeTruthy()
    const body = submitted(api)
    expect(body).not.toHaveProperty('clientSecret')
    expect(body).toMatchObject({ id: '5', clientId: 'saber', authorizedGrantTypes: 'password,refresh_token' })
  })

  it('a typed secret is sent', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('crud-row-edit-5'))
    await waitFor(() =>
      expect((screen.getByTestId('client-clientId') as HTMLInputElement).value).toBe('saber'),
    )
    await userEvent.type(screen.getByTestId('client-clientSecret'), 's3cret')
    await userEvent.click(screen.getByTestId('client-form-submit'))
    expect(await screen.findByText('更新成功')).toBeTruthy()
    expect(submitted(api).clientSecret).toBe('s3cret')
  })

  it('dropBlankSecret keeps only a non-blank secret', () => {
    expect(dropBlankSecret({ a: 1, clientSecret: '  ' })).toEqual({ a: 1 })
    expect(dropBlankSecret({ a: 1 })).toEqual({ a: 1 })
    expect(dropBlankSecret({ clientSecret: 'x' })).toEqual({ clientSecret: 'x' })
  })
})

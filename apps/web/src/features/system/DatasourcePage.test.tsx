import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import DatasourcePage from './DatasourcePage'

const rows = [
  {
    id: '91',
    name: '园区库',
    driverClass: 'org.postgresql.Driver',
    url: 'jdbc:postgresql://db:5432/park',
    username: 'park',
  },
]

function setup() {
  useSession.setState({ token: 't', permission: { datasource_add: true, datasource_edit: true } })
  const api = stubFetch((url) => {
    if (url.pathname.endsWith('/datasource/page'))
      return ok({ records: rows, total: 1, size: 10, current: 1, pages: 1 })
    if (url.pathname.endsWith('/datasource/detail')) return ok(rows[0])
    return ok(null)
  })
  vi.stubGlobal('fetch', api.fn)
  renderScreen(<DatasourcePage />)
  return api
}
const submitBody = (api: ReturnType<typeof setup>) => {
  const call = api.calls.find((c) => c.url.pathname.endsWith('/datasource/submit'))
  return call && JSON.parse(String(call.init!.body))
}

describe('datasource screen', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('an edit without a password sends none (the stored one stays)', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('crud-row-edit-91'))
    await waitFor(() =>
      expect((screen.getByTestId('datasource-url') as HTMLInputElement).value).toContain('jdbc'),
    )
    expect((screen.getByTestId('datasource-password') as HTMLInputElement).value).toBe('')
    await userEvent.click(screen.getByTestId('datasource-form-submit'))
    await waitFor(() => expect(submitBody(api)).toBeTruthy())
    expect(submitBody(api)).toMatchObject({ id: '91', name: '园区库', username: 'park' })
    expect(submitBody(api)).not.toHaveProperty('password')
  })

  it('refuses a URL that is not PostgreSQL or carries credentials', async () => {
    const api = setup()
    await userEvent.click(await screen.findByTestId('datasource-add'))
    await userEvent.type(screen.getByTestId('datasource-name'), '坏库')
    await userEvent.type(screen.getByTestId('datasource-url'), 'postgresql://u:p@db/x')
    await userEvent.type(screen.getByTestId('datasource-username'), 'u')
    await userEvent.click(screen.getByTestId('datasource-form-submit'))
    expect(
      (await screen.findAllByText('jdbc:postgresql://主机[:端口]/数据库,不含账号和密码')).length,
    ).toBeGreaterThan(1)
    expect(submitBody(api)).toBeUndefined()
  })
})

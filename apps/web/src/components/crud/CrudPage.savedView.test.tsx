import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { CrudPage } from './CrudPage'
import { type SavedView, setSavedViews } from './savedViews'
import { allPermissions, thingResource, things } from './testFixture'

/**
 * 保存为报表 on any list (the reports' slot): the list hands its path, search and shown columns to the
 * slot's control; opened with `?report=<id>`, the list asks again with the saved search (as the
 * opener: their token), shows the values in its form and the saved columns, in the saved order.
 */
const saved: { path: string; view: SavedView }[] = []
/** the slot's control as a feature would give it: here it only notes what it was handed */
function NoteView({ path, view }: { path: string; view: SavedView }) {
  return (
    <button type="button" onClick={() => saved.push({ path, view })}>
      save view
    </button>
  )
}
const NoControl = () => null

describe('CrudPage: saved views', { timeout: 30_000 }, () => {
  afterEach(() => {
    setSavedViews(undefined)
    saved.length = 0
    vi.unstubAllGlobals()
  })

  const serve = () => {
    useSession.setState({ token: 't', permission: allPermissions, userInfo: { id: 'u1' } as never })
    const api = stubFetch((url) =>
      url.pathname.endsWith('/page')
        ? ok({ records: things, total: 10, size: 10, current: 1, pages: 1, orders: [], searchCount: true })
        : ok(null),
    )
    vi.stubGlobal('fetch', api.fn)
    return () => api.calls.filter((c) => c.url.pathname.endsWith('/page')).map((c) => c.url.searchParams)
  }

  it('hands the path, the search and the shown columns to the slot', async () => {
    setSavedViews({ Save: NoteView, load: async () => ({}) })
    serve()
    renderScreen(<CrudPage resource={thingResource()} />, '/demo/things')
    await screen.findByText(things[0]!.name)
    await userEvent.type(screen.getByTestId('crud-search-name'), 'Thing 3')
    fireEvent.click(screen.getByTestId('crud-search-submit'))
    await userEvent.click(await screen.findByText('save view'))
    expect(saved).toEqual([
      {
        path: '/demo/things',
        view: {
          filters: { search: { name: 'Thing 3' }, conditions: [] },
          columns: ['name', 'code', 'createTime'],
        },
      },
    ])
  })

  it('opened as ?report=<id>: the saved search is asked for and shown, the saved columns shown in order', async () => {
    const asked: string[] = []
    setSavedViews({
      Save: NoControl,
      load: async (id) => {
        asked.push(id)
        return { filters: { search: { code: 'c-7' }, conditions: [] }, columns: ['code', 'name', 'gone'] }
      },
    })
    const pages = serve()
    renderScreen(<CrudPage resource={thingResource()} />, '/demo/things?report=42')
    await waitFor(() =>
      expect(pages().map((q) => q.toString())).toContainEqual(expect.stringContaining('c-7')),
    )
    expect(asked).toEqual(['42'])
    await waitFor(() =>
      expect((screen.getByTestId('crud-search-code') as HTMLInputElement).value).toBe('c-7'),
    )
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers.filter((h) => h === 'Code' || h === 'Name' || h === 'Created')).toEqual(['Code', 'Name'])
  })
})

import { queryOptions } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button } from 'antd'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getData } from '@/api/http'
import { ok } from '@/test/render'
import { CrudPage } from './CrudPage'
import { setup, thingResource } from './testFixture'
import { defineLookup } from './types'

/** Outside filters, add defaults, add-only fields and row extras (the organisation screens use them). */
function Filtered() {
  const [group, setGroup] = useState<string>()
  const params = group ? { group } : undefined
  return (
    <>
      <Button onClick={() => setGroup('g1')} data-testid="pick-group">
        g1
      </Button>
      <CrudPage
        resource={thingResource({
          rowExtra: (row, ctx) => (
            <Button
              onClick={() => ctx.openAdd({ name: `child of ${row.name}` })}
              data-testid={`child-${row.id}`}
            >
              child
            </Button>
          ),
        })}
        params={params}
        formDefaults={params}
      />
    </>
  )
}

describe('CrudPage extensions', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals())

  it('sends outside params from page 1 and prefills add dialogs (toolbar and row extras)', async () => {
    const { pageCalls } = setup(undefined, { wrap: () => <Filtered /> })
    await screen.findByText('name-1')
    await userEvent.click(screen.getByTestId('crud-pagination').querySelector('[title="2"]')!)
    await waitFor(() => expect(pageCalls().at(-1)!.url.searchParams.get('current')).toBe('2'))
    await userEvent.click(screen.getByTestId('pick-group'))
    await waitFor(() => expect(pageCalls().at(-1)!.url.searchParams.get('group')).toBe('g1'))
    expect(pageCalls().at(-1)!.url.searchParams.get('current')).toBe('1')

    await userEvent.click(screen.getByTestId('child-1'))
    await waitFor(() =>
      expect((screen.getByTestId('crud-form-name') as HTMLInputElement).value).toBe('child of name-1'),
    )
  })

  it('a lookup column asks its query once for the whole page and shows the labels', async () => {
    const codeNames = defineLookup(
      () =>
        queryOptions({
          queryKey: ['demo/code-names'],
          queryFn: () => getData<{ code: string; label: string }[]>('demo/code-names'),
        }),
      (names, code) => names?.find((n) => n.code === code)?.label ?? '',
    )
    const resource = thingResource({
      columns: thingResource().columns.map((c) => (c.prop === 'code' ? { ...c, lookup: codeNames } : c)),
    })
    const { api } = setup(resource, {
      answer: (url) =>
        url.pathname.endsWith('/code-names')
          ? ok(Array.from({ length: 10 }, (_, i) => ({ code: `code${i + 1}`, label: `标签 ${i + 1}` })))
          : undefined,
    })
    expect(await screen.findByText('标签 1')).toBeTruthy()
    expect(screen.getByText('标签 10')).toBeTruthy()
    expect(screen.queryByText('code1')).toBeNull()
    // ten rows, one request
    expect(api.calls.filter((c) => c.url.pathname.endsWith('/code-names'))).toHaveLength(1)
  })

  it('shows an add-only field when adding, not when editing', async () => {
    const resource = thingResource({
      columns: thingResource().columns.map((c) =>
        c.prop === 'code' ? { ...c, form: { modes: ['add'] } } : c,
      ),
    })
    setup(resource)
    await userEvent.click(await screen.findByTestId('crud-add'))
    expect(screen.getByTestId('crud-form-code')).toBeTruthy()
    const dialog = screen.getByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }))
    await userEvent.click(screen.getByTestId('crud-row-edit-1'))
    await waitFor(() => expect(screen.queryByTestId('crud-form-code')).toBeNull())
  })
})

import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Activity, type ReactNode, useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { rowOf, setup, thingResource } from './testFixture'

/** A keep-alive tab as the shell hosts it: the screen inside <Activity>, hidden and shown again. */
function Tab({ children }: { children: ReactNode }) {
  const [visible, setVisible] = useState(true)
  return (
    <>
      <button type="button" data-testid="toggle" onClick={() => setVisible((v) => !v)}>
        toggle
      </button>
      <Activity mode={visible ? 'visible' : 'hidden'}>{children}</Activity>
    </>
  )
}

const activePage = () => document.querySelector('.ant-pagination-item-active')?.getAttribute('title')

describe('CrudPage in a keep-alive tab', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => changeLanguage('zh-CN'))
  })

  it('keeps page, filters, selection and an open dialog when the tab is hidden and shown again', async () => {
    const { pageCalls } = setup(thingResource(), { wrap: (ui) => <Tab>{ui}</Tab> })
    await screen.findByText('name-1')
    await userEvent.type(screen.getByTestId('crud-search-name'), 'name')
    await userEvent.click(screen.getByTestId('crud-search-submit'))
    await waitFor(() => expect(pageCalls().at(-1)!.url.searchParams.get('name')).toBe('name'))
    await userEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(activePage()).toBe('2'))
    await userEvent.click(within(rowOf('name-4')).getByRole('checkbox'))
    await userEvent.click(screen.getByTestId('crud-add'))
    await userEvent.type(screen.getByTestId('crud-form-name'), 'half typed')
    const callsBefore = pageCalls().length

    await userEvent.click(screen.getByTestId('toggle')) // hide
    await userEvent.click(screen.getByTestId('toggle')) // show again
    await screen.findByText('name-4')

    expect(activePage()).toBe('2')
    expect((screen.getByTestId('crud-search-name') as HTMLInputElement).value).toBe('name')
    expect((within(rowOf('name-4')).getByRole('checkbox') as HTMLInputElement).checked).toBe(true)
    expect((screen.getByTestId('crud-form-name') as HTMLInputElement).value).toBe('half typed')
    // a refetch on show may happen, but of the same page and filters
    for (const call of pageCalls().slice(callsBefore)) {
      expect(call.url.searchParams.get('current')).toBe('2')
      expect(call.url.searchParams.get('name')).toBe('name')
    }
  })
})

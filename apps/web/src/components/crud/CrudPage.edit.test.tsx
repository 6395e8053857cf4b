import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { ok } from '@/test/render'
import { setup, thingResource } from './testFixture'

const submits = (calls: { url: URL; init?: RequestInit }[]) =>
  calls.filter((c) => c.url.pathname.endsWith('/submit')).map((c) => JSON.parse(String(c.init!.body)))
const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '')

describe('CrudPage editing, dialog and column settings', { timeout: 30_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => changeLanguage('zh-CN'))
  })

  it('cell edit: cancel drops an unsaved new row', async () => {
    const { api } = setup(thingResource({ cellEdit: true }))
    await screen.findByText('name-1')
    const before = document.querySelectorAll('.ant-table-row').length
    await userEvent.click(screen.getByTestId('crud-add-row'))
    expect(await screen.findByTestId('crud-cell-name-__new_1')).toBeTruthy()
    expect(document.querySelectorAll('.ant-table-row').length).toBe(before + 1)
    await userEvent.type(screen.getByTestId('crud-cell-name-__new_1'), 'draft')
    await userEvent.click(screen.getByTestId('crud-row-cancel-__new_1'))
    await waitFor(() => expect(screen.queryByTestId('crud-cell-name-__new_1')).toBeNull())
    expect(document.querySelectorAll('.ant-table-row').length).toBe(before)
    expect(submits(api.calls)).toEqual([])
  })

  it('cell edit: cancel restores the original values', async () => {
    setup(thingResource({ cellEdit: true }))
    await screen.findByText('name-2')
    await userEvent.click(screen.getByTestId('crud-row-edit-2'))
    const input = await screen.findByTestId('crud-cell-name-2')
    expect((input as HTMLInputElement).value).toBe('name-2')
    await userEvent.clear(input)
    await userEvent.type(input, 'changed')
    await userEvent.click(screen.getByTestId('crud-row-cancel-2'))
    expect(await screen.findByText('name-2')).toBeTruthy()
    expect(screen.queryByText('changed')).toBeNull()
    // editing again starts from the original, not the dropped draft
    await userEvent.click(screen.getByTestId('crud-row-edit-2'))
    expect(((await screen.findByTestId('crud-cell-name-2')) as HTMLInputElement).value).toBe('name-2')
  })

  it('cell edit: invalid cells (rules and schema) block the save; a valid row saves with its id', async () => {
    const { api } = setup(thingResource({ cellEdit: true }))
    await screen.findByText('name-2')
    await userEvent.click(screen.getByTestId('crud-row-edit-2'))
    await userEvent.clear(await screen.findByTestId('crud-cell-name-2'))
    await userEvent.clear(screen.getByTestId('crud-cell-code-2'))
    await userEvent.type(screen.getByTestId('crud-cell-code-2'), 'BAD')
    await userEvent.click(screen.getByTestId('crud-row-save-2'))
    expect(await screen.findByText('name required')).toBeTruthy()
    expect(await screen.findByText('code: lower-case only')).toBeTruthy()
    expect(submits(api.calls)).toEqual([])

    await userEvent.type(screen.getByTestId('crud-cell-name-2'), 'renamed')
    await userEvent.clear(screen.getByTestId('crud-cell-code-2'))
    await userEvent.type(screen.getByTestId('crud-cell-code-2'), 'good')
    await userEvent.click(screen.getByTestId('crud-row-save-2'))
    expect(await screen.findByText('更新成功')).toBeTruthy()
    expect(submits(api.calls)).toEqual([{ id: '2', name: 'renamed', code: 'good' }])
  })

  it('a failed save re-enables the form and keeps the dialog open with its values', async () => {
    const { api } = setup(thingResource(), {
      answer: (url) =>
        url.pathname.endsWith('/submit')
          ? { code: 400, success: false, data: null, msg: '参数校验失败: code: taken' }
          : undefined,
    })
    await userEvent.click(await screen.findByTestId('crud-add'))
    await userEvent.type(screen.getByTestId('crud-form-name'), 'n')
    await userEvent.type(screen.getByTestId('crud-form-code'), 'c')
    await userEvent.click(screen.getByTestId('crud-form-submit'))
    await waitFor(() => expect(submits(api.calls)).toHaveLength(1))
    const button = screen.getByTestId('crud-form-submit')
    await waitFor(() => expect(button.className).not.toMatch(/ant-btn-loading/))
    expect(button.hasAttribute('disabled')).toBe(false)
    expect((screen.getByTestId('crud-form-name') as HTMLInputElement).value).toBe('n')
    expect(screen.queryByText('新增成功')).toBeNull()
    // and it can be sent again
    await userEvent.click(button)
    await waitFor(() => expect(submits(api.calls)).toHaveLength(2))
  })

  it('copy opens the add dialog prefilled without the id and reports 新增成功', async () => {
    const { api } = setup(thingResource(), {
      answer: (url) =>
        url.pathname.endsWith('/detail') ? ok({ id: '3', name: 'name-3', code: 'code3' }) : undefined,
    })
    await userEvent.click(await screen.findByTestId('crud-row-copy-3'))
    await waitFor(() =>
      expect((screen.getByTestId('crud-form-name') as HTMLInputElement).value).toBe('name-3'),
    )
    expect(within(screen.getByRole('dialog')).getByText('复制Thing')).toBeTruthy()
    await userEvent.click(screen.getByTestId('crud-form-submit'))
    expect(await screen.findByText('新增成功')).toBeTruthy()
    expect(submits(api.calls)).toEqual([{ name: 'name-3', code: 'code3' }])
  })

  it('column show/hide and order are kept per user across remounts', async () => {
    const { view } = setup()
    await screen.findByText('name-1')
    expect(headers().slice(1, 4)).toEqual(['Name', 'Code', 'Created'])
    await userEvent.click(screen.getByTestId('crud-columns'))
    await userEvent.click(await screen.findByTestId('crud-columns-show-code'))
    await userEvent.click(screen.getByTestId('crud-columns-up-createTime'))
    await waitFor(() => expect(headers().slice(1, 3)).toEqual(['Name', 'Created']))
    view.unmount()

    setup()
    await screen.findByText('name-1')
    expect(headers().slice(1, 3)).toEqual(['Name', 'Created'])
    expect(headers()).not.toContain('Code')
    expect(Object.keys(localStorage).some((k) => k.includes('crud-columns:u1:demo/thing'))).toBe(true)
  })
})

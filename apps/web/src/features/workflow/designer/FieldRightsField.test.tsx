import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { workflowFormContract } from '@xpark/contract/modules/workflow-design'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { useSession } from '@/stores/session'
import { ok, renderScreen, stubFetch } from '@/test/render'
import { FieldRightsField } from './FieldRightsField'
import { parseFieldRights, withFieldRight } from './field-rights'

/** The properties panel's field rights: the process form's fields, nested ones by their data path. */
const FORM = JSON.stringify({
  components: [
    { key: 'days', label: '请假天数', type: 'number' },
    {
      type: 'group',
      label: '申请人',
      path: 'applicant',
      components: [
        { key: 'name', label: '姓名', type: 'textfield' },
        { key: 'salary', label: '工资', type: 'number' },
      ],
    },
    { type: 'dynamiclist', label: '物品', path: 'items', components: [{ key: 'what', type: 'textfield' }] },
  ],
})

function setup(value: string, content = FORM) {
  useSession.setState({ token: 't' })
  const api = stubFetch((url) => {
    const path = url.pathname.replace(/^.*?blade-/, 'blade-')
    if (path === `${workflowFormContract.path}/list`)
      return ok({
        records: [
          { id: '1', formKey: 'park_leave_v2', content: '{}' },
          { id: '2', formKey: 'park_leave', content },
        ],
        total: 2,
        size: 20,
        current: 1,
        pages: 1,
      })
    return ok(true)
  })
  vi.stubGlobal('fetch', api.fn)
  const onChange = vi.fn()
  renderScreen(
    <FieldRightsField
      processKey="park_leave"
      value={value}
      onChange={onChange}
      typed={<input data-testid="typed" />}
    />,
  )
  return { api, onChange }
}

describe('field rights in the properties panel', () => {
  beforeEach(() => changeLanguage('zh-CN'))
  afterEach(() => vi.unstubAllGlobals())

  it('lists the form’s fields, inside groups too, with their rights at the node', async () => {
    const { api, onChange } = setup('applicant.salary:hidden,old:read')
    const list = await screen.findByTestId('wfd-field-rights')
    expect(api.calls.some((c) => c.url.searchParams.get('formKey') === 'park_leave')).toBe(true)
    const rows = within(list)
      .getAllByTestId(/^wfd-field-/)
      .map((r) => r.dataset.testid)
    expect(rows).toEqual([
      'wfd-field-days',
      'wfd-field-applicant.name',
      'wfd-field-applicant.salary',
      'wfd-field-items',
      'wfd-field-old',
    ])
    expect(screen.getByTestId('wfd-field-applicant.name').textContent).toContain('申请人 / 姓名')
    expect(screen.getByTestId('wfd-field-applicant.salary').textContent).toContain('隐藏')
    expect(screen.getByTestId('wfd-field-old').textContent).toContain('表单中已没有')
    // set the nested field's right: written by its data path, the others kept
    await userEvent.click(within(screen.getByTestId('wfd-field-applicant.name')).getByRole('combobox'))
    await userEvent.click(await screen.findByTitle('可写'))
    expect(onChange).toHaveBeenCalledWith('applicant.salary:hidden,old:read,applicant.name:write')
  })

  it('without a form with fields, the rights are typed', async () => {
    setup('days:read', '')
    await waitFor(() => expect(screen.getByTestId('typed')).toBeTruthy())
    expect(screen.queryByTestId('wfd-field-rights')).toBeNull()
  })

  it('reads and writes xpark:fields by path', () => {
    expect(parseFieldRights('a.b:write, c:bad, d:read')).toEqual([
      ['a.b', 'write'],
      ['d', 'read'],
    ])
    expect(withFieldRight('a:read,b:write', 'a', undefined)).toBe('b:write')
    expect(withFieldRight('a:read', 'g.x', 'hidden')).toBe('a:read,g.x:hidden')
  })
})

import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { validateFormData } from '@xpark/contract/modules/workflow-forms'
import { createRef } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import { changeLanguage } from '@/i18n'
import { type FormData, FormView, type FormViewHandle } from './FormView'

const LEAVE = {
  type: 'default',
  components: [
    { key: 'days', label: '请假天数', type: 'number', validate: { required: true, min: 0.5, max: 30 } },
    {
      key: 'reason',
      label: '请假事由',
      type: 'textarea',
      validate: { required: true, minLength: 2, maxLength: 20 },
    },
    { key: 'code', label: '工号', type: 'textfield', validate: { pattern: '^P\\d{3}$' } },
    {
      key: 'kind',
      label: '类型',
      type: 'select',
      values: [
        { label: '事假', value: 'personal' },
        { label: '病假', value: 'sick' },
      ],
    },
  ],
}
const schema = JSON.stringify(LEAVE)

async function shown(props: Partial<Parameters<typeof FormView>[0]> = {}) {
  const ref = createRef<FormViewHandle>()
  const view = render(<FormView schema={schema} ref={ref} {...props} />)
  await waitFor(() => expect(screen.queryByTestId('form-view-loading')).toBeNull(), { timeout: 15_000 })
  return { ref, view }
}

describe('FormView (form-js viewer in jsdom)', { timeout: 40_000 }, () => {
  beforeEach(() => changeLanguage('zh-CN'))

  it('shows the fields and gives back what was typed', async () => {
    const { ref } = await shown({ data: { days: 2 } })
    expect(screen.getByLabelText(/请假事由/)).toBeTruthy()
    await userEvent.type(screen.getByLabelText(/请假事由/), '回家探亲')
    const result = ref.current?.submit()
    expect(result?.errors).toEqual({})
    expect(result?.data).toMatchObject({ days: 2, reason: '回家探亲' })
  })

  it('its errors are the contract’s, case by case (the server checks the same at start)', async () => {
    const cases: FormData[] = [
      {},
      { days: 0.2, reason: '长'.repeat(21), code: 'X1' },
      { days: 31, reason: '好', code: 'P001', kind: 'sick' },
      { days: 3, reason: '回家探亲', code: 'P12' },
      { days: 3, reason: '回家探亲', code: 'P123', kind: 'personal' },
    ]
    const ref = createRef<FormViewHandle>()
    const view = render(<FormView schema={schema} ref={ref} data={cases[0]} />)
    await waitFor(() => expect(screen.queryByTestId('form-view-loading')).toBeNull(), { timeout: 15_000 })
    for (const data of cases.slice(0, 4)) {
      view.rerender(<FormView schema={schema} ref={ref} data={data} />)
      await waitFor(() => expect(ref.current?.submit()?.data).toMatchObject(data))
      const errors = ref.current?.submit()?.errors ?? {}
      const server = validateFormData(schema, data)
      expect(Object.keys(errors)).toEqual(server.map((p) => p.key))
      expect(Object.values(errors).map((m) => m[0])).toEqual(server.map((p) => p.message))
    }
    // and they show under the fields
    expect(await screen.findByText('工号格式不正确')).toBeTruthy()
    view.rerender(<FormView schema={schema} ref={ref} data={cases[4]} />)
    await waitFor(() => expect(ref.current?.submit()?.errors).toEqual({}))
    expect(validateFormData(schema, cases[4] ?? {})).toEqual([])
  })

  it('node rights: a hidden field is left out, a read one is read-only and not submitted', async () => {
    const { ref } = await shown({
      data: { days: 2, reason: '', code: 'P001' },
      rights: { reason: 'read', code: 'hidden', days: 'write' },
    })
    expect(screen.queryByLabelText(/工号/)).toBeNull()
    expect(screen.getByLabelText(/请假事由/).hasAttribute('readonly')).toBe(true)
    // the read field's rule (required) cannot block the task; `kind`, not named, is not the task's
    expect(ref.current?.submit()).toEqual({ data: { days: 2 }, errors: {} })
  })

  it('node rights reach fields inside a group, by their data path', async () => {
    const grouped = JSON.stringify({
      type: 'default',
      components: [
        {
          type: 'group',
          label: '申请人',
          path: 'applicant',
          components: [
            { key: 'name', label: '姓名', type: 'textfield', validate: { required: true } },
            { key: 'dept', label: '部门', type: 'textfield', validate: { required: true } },
            { key: 'salary', label: '工资', type: 'number' },
          ],
        },
        { key: 'note', label: '备注', type: 'textfield' },
      ],
    })
    const { ref } = await shown({
      schema: grouped,
      data: { applicant: { name: '张三', dept: '', salary: 9000 }, note: '无' },
      rights: { 'applicant.name': 'write', 'applicant.dept': 'read', 'applicant.salary': 'hidden' },
    })
    expect(screen.queryByLabelText(/工资/)).toBeNull()
    expect(screen.getByLabelText(/部门/).hasAttribute('readonly')).toBe(true)
    expect(screen.getByLabelText(/备注/).hasAttribute('readonly')).toBe(true)
    expect(screen.getByLabelText(/姓名/).hasAttribute('readonly')).toBe(false)
    await userEvent.clear(screen.getByLabelText(/姓名/))
    await userEvent.type(screen.getByLabelText(/姓名/), '李四')
    expect(ref.current?.submit()).toEqual({ data: { applicant: { name: '李四' } }, errors: {} })
  })

  it('read-only shows the values and answers them unchecked', async () => {
    const { ref } = await shown({ data: { days: 2, reason: '回家' }, readOnly: true })
    expect((screen.getByLabelText(/请假事由/) as HTMLTextAreaElement).value).toBe('回家')
    expect(screen.getByLabelText(/请假事由/).hasAttribute('readonly')).toBe(true)
    expect(ref.current?.submit()?.errors).toEqual({})
  })

  it('a schema that does not parse says so; no schema is an empty note', async () => {
    render(<FormView schema="{not json" />)
    expect(screen.getByTestId('form-view-bad').textContent).toContain('表单内容无法解析')
    render(<FormView schema="" emptyText="此流程没有表单, 可以直接发起" />)
    expect(screen.getByTestId('form-view-empty').textContent).toContain('此流程没有表单')
  })

  it('in Chinese: a required empty field’s message, and form-js’s own texts', async () => {
    const texts = JSON.stringify({
      type: 'default',
      components: [
        { key: 'days', label: '请假天数', type: 'number', validate: { required: true } },
        { key: 'kind', label: '类型', type: 'select', values: [{ label: '事假', value: 'personal' }] },
        { key: 'when', label: '日期', type: 'datetime', subtype: 'date' },
        {
          type: 'dynamiclist',
          label: '物品',
          path: 'items',
          isRepeating: true,
          allowAddRemove: true,
          defaultRepetitions: 1,
          components: [{ key: 'what', label: '名称', type: 'textfield' }],
        },
      ],
    })
    const { ref, view } = await shown({ schema: texts })
    expect(ref.current?.submit()?.errors.days).toEqual(['请假天数不能为空'])
    // the message shows under the field, in Chinese
    expect(await screen.findByText('请假天数不能为空')).toBeTruthy()
    const box = screen.getByTestId('form-view')
    await waitFor(() => expect(box.textContent).toContain('请选择'))
    expect(box.textContent).toContain('添加')
    expect(box.textContent).not.toMatch(/\bSelect\b|Add new/)
    expect(box.querySelector('[aria-label="删除第 1 行"]')).toBeTruthy()
    // the date picker's own texts: flatpickr's Chinese locale
    const { default: flatpickr } = await import('flatpickr')
    expect(flatpickr.l10ns.default.weekdays.shorthand[0]).toBe('周日')
    // the designer's labels stay as written
    expect(screen.getByLabelText(/类型/)).toBeTruthy()
    view.unmount()
    changeLanguage('en-US')
    await shown({ schema: texts })
    await waitFor(() => expect(screen.getByTestId('form-view').textContent).toContain('Select'))
    expect(flatpickr.l10ns.default.weekdays.shorthand[0]).toBe('Sun')
  })

  it('English messages in English', async () => {
    changeLanguage('en-US')
    const { ref } = await shown()
    expect(ref.current?.submit()?.errors.days).toEqual(['请假天数 is required'])
  })
})

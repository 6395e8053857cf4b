import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRef } from 'react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/i18n'
import { FormEditor, type FormEditorHandle } from './FormEditor'

const schema = JSON.stringify({
  type: 'default',
  components: [{ key: 'reason', label: '请假事由', type: 'textarea', validate: { required: true } }],
})

describe('FormEditor (form-js editor in jsdom)', { timeout: 40_000 }, () => {
  // the editor's palette watches its scrolling; jsdom has no IntersectionObserver
  beforeAll(() =>
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    ),
  )
  afterAll(() => vi.unstubAllGlobals())

  it('opens the schema and gives it back as the editor holds it', async () => {
    const ref = createRef<FormEditorHandle>()
    render(<FormEditor schema={schema} ref={ref} />)
    await waitFor(() => expect(screen.queryByTestId('form-editor-loading')).toBeNull(), { timeout: 15_000 })
    expect(screen.getByTestId('form-editor').textContent).toContain('请假事由')
    const saved = JSON.parse(ref.current?.schema() ?? '{}')
    expect(saved.components).toMatchObject([{ key: 'reason', label: '请假事由', type: 'textarea' }])
    expect(saved.type).toBe('default')
  })

  it('in Chinese: the palette and the properties panel', async () => {
    changeLanguage('zh-CN')
    const view = render(<FormEditor schema={schema} />)
    await waitFor(() => expect(screen.queryByTestId('form-editor-loading')).toBeNull(), { timeout: 15_000 })
    const box = screen.getByTestId('form-editor')
    await waitFor(() => expect(box.textContent).toContain('单行文本'))
    for (const zh of ['组件', '输入', '选择', '展示', '容器', '多行文本', '下拉选择', '动态列表'])
      expect(box.textContent).toContain(zh)
    // the properties panel (the form itself selected): its groups and entries
    for (const zh of ['表单', '常规', '版本标签']) expect(box.textContent).toContain(zh)
    // a field selected: its entries
    await userEvent.click(box.querySelector('.fjs-editor-container .fjs-form-field-textarea') as HTMLElement)
    await waitFor(() => expect(box.textContent).toContain('字段标签'))
    for (const zh of ['多行文本', '字段说明', '字段标识', '默认值', '校验', '必填', '最小长度', '隐藏条件'])
      expect(box.textContent).toContain(zh)
    expect(box.querySelector('input[placeholder="搜索组件"]')).toBeTruthy()
    expect(box.textContent).not.toMatch(/Text field|Presentation|Containers/)
    // the designer's own label stays as written
    expect(box.textContent).toContain('请假事由')
    view.unmount()
    changeLanguage('en-US')
    const english = render(<FormEditor schema={schema} />)
    await waitFor(() => expect(screen.getByTestId('form-editor').textContent).toContain('Text field'))
    english.unmount()
    changeLanguage('zh-CN')
  })

  it('a schema that does not parse opens blank, with a warning', async () => {
    const ref = createRef<FormEditorHandle>()
    render(<FormEditor schema="{oops" ref={ref} />)
    expect(screen.getByTestId('form-editor-bad').textContent).toContain('表单内容无法解析')
    await waitFor(() => expect(screen.queryByTestId('form-editor-loading')).toBeNull(), { timeout: 15_000 })
    expect(JSON.parse(ref.current?.schema() ?? '{}').components).toEqual([])
  })
})

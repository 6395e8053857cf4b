import { render, screen, waitFor } from '@testing-library/react'
import { createRef } from 'react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
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

  it('a schema that does not parse opens blank, with a warning', async () => {
    const ref = createRef<FormEditorHandle>()
    render(<FormEditor schema="{oops" ref={ref} />)
    expect(screen.getByTestId('form-editor-bad').textContent).toContain('表单内容无法解析')
    await waitFor(() => expect(screen.queryByTestId('form-editor-loading')).toBeNull(), { timeout: 15_000 })
    expect(JSON.parse(ref.current?.schema() ?? '{}').components).toEqual([])
  })
})

import { Alert, Spin } from 'antd'
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react'
import { useMessages } from '@/i18n'
import { useSettings } from '@/stores/settings'
import type { FormEditor as Editor } from './editorjs'
import type { formMessages } from './i18n'
import './i18n'
import { readSchema } from './schema'

export interface FormEditorHandle {
  /** the schema as the editor holds it now, JSON text */
  schema(): string
}

export interface FormEditorProps {
  /** the schema to start from, JSON text ('' for a blank form) */
  schema: string
  /** every change, as JSON text */
  onChange?: (schema: string) => void
  ref?: Ref<FormEditorHandle>
}

const BLANK = { type: 'default', components: [] }
const textOf = (editor: Editor) => JSON.stringify(editor.saveSchema(), null, 2)

/**
 * The form-js editor (palette, canvas, properties panel), loaded with the first one opened. The
 * schema is read once, when it opens: the editor is the truth while it is open (one that does not
 * parse opens blank, with a warning).
 */
export function FormEditor({ schema, onChange, ref }: FormEditorProps) {
  const t = useMessages<typeof formMessages>()
  const box = useRef<HTMLDivElement>(null)
  const editor = useRef<Editor | null>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | { failed: string }>('loading')
  const start = useRef({ schema, onChange })
  start.current.onChange = onChange
  const read = readSchema(start.current.schema)

  useEffect(() => {
    const initial = readSchema(start.current.schema)
    let cancelled = false
    let made: Editor | null = null
    let untranslate = () => {}
    import('./editorjs')
      .then(async ({ FormEditor: Made, translateFormJs }) => {
        if (cancelled || !box.current) return
        // form-js writes English only: its palette and properties panel in Chinese (formjs-zh.ts);
        // in the language of the moment it opens
        if (useSettings.getState().language === 'zh-CN') untranslate = translateFormJs(box.current)
        made = new Made({ container: box.current })
        await made.importSchema('schema' in initial ? initial.schema : BLANK)
        if (cancelled) return
        const current = made
        current.on('changed', () => start.current.onChange?.(textOf(current)))
        editor.current = current
        setStatus('ready')
      })
      .catch((e: unknown) => {
        if (!cancelled) setStatus({ failed: e instanceof Error ? e.message : String(e) })
      })
    return () => {
      cancelled = true
      editor.current = null
      untranslate()
      made?.destroy()
    }
  }, [])

  useImperativeHandle(ref, () => ({
    schema: () => (editor.current ? textOf(editor.current) : start.current.schema),
  }))

  return (
    <div className="xpark-form-editor" style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {/* a schema that does not parse: the editor starts blank, and saving replaces it */}
      {'bad' in read && (
        <Alert type="warning" showIcon title={t('workflow.formBad')} data-testid="form-editor-bad" />
      )}
      {status === 'loading' && (
        <Spin size="small" data-testid="form-editor-loading">
          <div style={{ padding: 24, textAlign: 'center' }}>{t('workflow.formLoading')}</div>
        </Spin>
      )}
      {typeof status === 'object' && (
        <Alert type="error" showIcon title={t('workflow.formFailed', { why: status.failed })} />
      )}
      <div ref={box} style={{ flex: 1, minHeight: 0 }} data-testid="form-editor" />
    </div>
  )
}

export default FormEditor

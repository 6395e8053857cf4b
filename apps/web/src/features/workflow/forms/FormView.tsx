import { Alert, Empty, Spin } from 'antd'
import { type ReactNode, type Ref, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react'
import { useMessages } from '@/i18n'
import { useSettings } from '@/stores/settings'
import type { Form } from './formjs'
import type { formMessages } from './i18n'
import './i18n'
import { applyRights, type FieldRights, mayWrite, readSchema, submittable } from './schema'

export type FormData = Record<string, unknown>

/** What a filled form gives back: the data a task may submit, and the broken rules by field key. */
export interface FormResult {
  data: FormData
  errors: Record<string, string[]>
}

export interface FormViewHandle {
  /**
   * Check every field (the errors show under them) and answer the data the task may write (with
   * rights: only their `write` fields, at any depth). Null while the form is loading or when its schema does not parse.
   */
  submit(): FormResult | null
  /** the values as they are, unchecked (a draft); null while loading or when the schema does not parse */
  values(): FormData | null
}

export interface FormViewProps {
  /** the form-js schema, JSON text; '' for no form */
  schema: string
  /** the values shown; a change from outside (not an echo of onChange) fills the form again */
  data?: FormData | undefined
  readOnly?: boolean
  /**
   * a node's field rights by data path (fields inside groups too): hidden fields are left out, read
   * ones and the ones the node does not name shown read-only; `submit` answers only the writable ones
   */
  rights?: FieldRights | undefined
  onChange?: (data: FormData) => void
  /** shown for '' (a process without a form) */
  emptyText?: ReactNode
  ref?: Ref<FormViewHandle>
}

type Status = { loading: true } | { ready: true } | { failed: string }

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e))

/** form-js errors by component id → by the field's data path (what the server's rules name). */
function errorsByKey(form: Form, errors: Record<string, unknown>, writable: (path: string) => boolean) {
  const fields = form.get<{ get(id: string): { key?: string } | undefined }>('formFieldRegistry')
  const paths = form.get<{ getValuePath(field: unknown): string[] | undefined }>('pathRegistry')
  const out: Record<string, string[]> = {}
  for (const [id, messages] of Object.entries(errors)) {
    const field = fields.get(id)
    const key = (field && paths.getValuePath(field)?.join('.')) || field?.key || id
    if (writable(key) && Array.isArray(messages)) out[key] = messages.filter((m) => typeof m === 'string')
  }
  return out
}

/**
 * A form-js form (the viewer, loaded with the first form shown) for a schema and its data: read-only,
 * or filled in with the contract's rules (the server's at start). `ref.submit()` validates and gives
 * back `{data, errors}`.
 */
export function FormView({
  schema,
  data,
  readOnly = false,
  rights,
  onChange,
  emptyText,
  ref,
}: FormViewProps) {
  const t = useMessages<typeof formMessages>()
  const chinese = useSettings((s) => s.language) === 'zh-CN'
  const box = useRef<HTMLDivElement>(null)
  const form = useRef<Form | null>(null)
  const [status, setStatus] = useState<Status>({ loading: true })
  const read = useMemo(() => readSchema(schema), [schema])
  const rightsKey = JSON.stringify(rights ?? {})
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rights by value, not by identity
  const shown = useMemo(() => ('schema' in read ? applyRights(read.schema, rights) : null), [read, rightsKey])
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rights by value, not by identity
  const writable = useMemo(() => (path: string) => mayWrite(rights, path), [rightsKey])

  const dataJson = JSON.stringify(data ?? {})
  // the data the form holds (imported or typed): an echo of it from the parent is no change
  const held = useRef('')
  const latest = useRef({ data, onChange })
  latest.current = { data, onChange }

  useEffect(() => {
    if (!shown) return
    let cancelled = false
    let made: Form | null = null
    let untranslate = () => {}
    setStatus({ loading: true })
    import('./formjs')
      .then(async ({ Form, contractValidation, localizeDatePicker, translateFormJs }) => {
        if (cancelled || !box.current) return
        // form-js writes English only: its texts in Chinese as they show (formjs-zh.ts)
        localizeDatePicker(chinese)
        if (chinese) untranslate = translateFormJs(box.current)
        // every keystroke at once (`debounce`, read by form-js's config but not in its types): a
        // submit right after typing sees it; form-js waits 300 ms by default
        const options = { debounce: false }
        made = new Form({
          container: box.current,
          additionalModules: [contractValidation],
          properties: { readOnly },
          ...options,
        })
        made.on('changed', (event: { data: FormData }) => {
          held.current = JSON.stringify(event.data)
          latest.current.onChange?.(event.data)
        })
        const initial = latest.current.data ?? {}
        held.current = JSON.stringify(initial)
        await made.importSchema(shown, initial)
        if (cancelled) return
        form.current = made
        setStatus({ ready: true })
      })
      .catch((e: unknown) => {
        if (!cancelled) setStatus({ failed: messageOf(e) })
      })
    return () => {
      cancelled = true
      form.current = null
      untranslate()
      made?.destroy()
    }
  }, [shown, readOnly, chinese])

  // data from outside (a draft loaded, another version) fills the form again
  useEffect(() => {
    const current = form.current
    if (!current || !shown || dataJson === held.current) return
    held.current = dataJson
    current
      .importSchema(shown, JSON.parse(dataJson))
      .catch((e: unknown) => setStatus({ failed: messageOf(e) }))
  }, [dataJson, shown])

  useImperativeHandle(
    ref,
    () => ({
      submit() {
        if ('empty' in read) return { data: { ...(latest.current.data ?? {}) }, errors: {} }
        const current = form.current
        if (!current) return null
        if (readOnly) return { data: JSON.parse(held.current) as FormData, errors: {} }
        const result = current.submit()
        return {
          data: submittable(rights, result.data),
          errors: errorsByKey(current, result.errors, writable),
        }
      },
      values() {
        if ('empty' in read) return { ...(latest.current.data ?? {}) }
        return form.current ? (JSON.parse(held.current) as FormData) : null
      },
    }),
    [read, readOnly, rights, writable],
  )

  if ('empty' in read)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={emptyText ?? t('workflow.formEmpty')}
        data-testid="form-view-empty"
      />
    )
  if ('bad' in read)
    return <Alert type="error" showIcon title={t('workflow.formBad')} data-testid="form-view-bad" />
  return (
    <div className="xpark-form-view">
      {'loading' in status && (
        <Spin size="small" data-testid="form-view-loading">
          <div style={{ padding: 24, textAlign: 'center' }}>{t('workflow.formLoading')}</div>
        </Spin>
      )}
      {'failed' in status && (
        <Alert
          type="error"
          showIcon
          title={t('workflow.formFailed', { why: status.failed })}
          data-testid="form-view-failed"
        />
      )}
      <div ref={box} data-testid="form-view" />
    </div>
  )
}

export default FormView

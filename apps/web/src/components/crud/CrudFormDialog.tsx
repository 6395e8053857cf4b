import { App, Col, Form, Modal, Row, Spin } from 'antd'
import { useCallback, useMemo, useRef, useState } from 'react'
import { fieldInput, fieldItemProps, fieldRules } from './fields'
import { type Tr, useTr } from './i18n'
import { crudApi } from './query'
import type { CrudResource, FormMode } from './types'

/** The dialog's title in a mode (`新增{{title}}`, or the declared one). */
export function dialogTitle<T extends object>(resource: CrudResource<T>, mode: FormMode, tr: Tr): string {
  const modeTitle = { add: 'common.add', edit: 'common.edit', copy: 'crud.copy', view: 'crud.view' }[mode]
  const declared = resource.dialogTitle?.[mode]
  if (declared) return tr(declared)
  return resource.title
    ? tr('crud.dialogTitle', { action: tr(modeTitle), title: tr(resource.title) })
    : tr(modeTitle)
}

interface DialogState<T> {
  open: boolean
  mode: FormMode
  row?: T
}

/**
 * The add / edit / copy / view dialog of a resource. Opening it is an imperative call (not an effect
 * on props), so a keep-alive tab that becomes visible again never resets a half-filled form.
 */
export function useCrudDialog<T extends object>(resource: CrudResource<T>, onSaved: () => void) {
  const [form] = Form.useForm<Record<string, unknown>>()
  const [state, setState] = useState<DialogState<T>>({ open: false, mode: 'add' })
  const [loading, setLoading] = useState(false)
  const ticket = useRef(0)
  const rowKey = resource.rowKey ?? ('id' as keyof T)

  const open = useCallback(
    (mode: FormMode, row?: T, defaults?: Record<string, unknown>) => {
      const mine = ++ticket.current
      form.resetFields()
      setState({ open: true, mode, row })
      if (defaults) form.setFieldsValue(defaults)
      if (!row) return
      const id = String(row[rowKey])
      // prefill from the row at once, then from the detail call (it may carry more fields)
      const fill = (values: object) => {
        if (ticket.current !== mine) return
        const { [rowKey]: _id, ...rest } = values as Record<string, unknown>
        form.setFieldsValue(mode === 'copy' ? rest : (values as Record<string, unknown>))
      }
      fill(row)
      setLoading(true)
      crudApi
        .detail<T>(resource, id)
        .then((detail) => detail && fill(detail))
        .catch(() => undefined) // the HTTP client reported it; the row's own values stay
        .finally(() => ticket.current === mine && setLoading(false))
    },
    [form, resource, rowKey],
  )
  const close = useCallback(() => {
    ticket.current++
    setLoading(false)
    setState((s) => ({ ...s, open: false }))
  }, [])

  // one object while nothing in it changes: the page re-renders on every list fetch, the closed dialog need not
  return useMemo(
    () => ({ form, state, loading, open, close, onSaved, resource }),
    [form, state, loading, open, close, onSaved, resource],
  )
}

/** The dialog's fields on a grid: shared by the plain dialog and the bill dialog. */
export function FormFields<T extends object>({
  resource,
  fields,
  mode,
  current,
}: {
  resource: CrudResource<T>
  fields: CrudResource<T>['columns']
  mode: FormMode
  current: Record<string, unknown> | undefined
}) {
  const tr = useTr()
  const view = mode === 'view'
  return (
    <Row gutter={16}>
      {fields.map((c) => {
        const def = c.form || {}
        const testId = c.testId?.form ?? `crud-form-${c.prop}`
        const shown = def.type !== 'hidden' && (!def.visible || def.visible(current ?? {}))
        return (
          <Col key={c.prop} span={def.span ?? 24} hidden={!shown}>
            <Form.Item
              name={c.prop}
              label={tr(c.label)}
              rules={view || !shown ? [] : fieldRules(c, tr, resource.formSchema)}
              // a field's own rules first, the form schema's check after them: one message, not the same twice
              validateFirst
              {...fieldItemProps(c)}
              {...def.itemProps}
              extra={
                typeof def.itemProps?.extra === 'string' ? tr(def.itemProps.extra) : def.itemProps?.extra
              }
            >
              {fieldInput(c, tr, { testId, disabled: mode === 'edit' && def.disabledOnEdit, mode })}
            </Form.Item>
          </Col>
        )
      })}
    </Row>
  )
}

/** The fields a dialog shows in a mode. */
export function dialogFields<T extends object>(resource: CrudResource<T>, mode: FormMode) {
  return resource.columns.filter((c) => c.form !== false && (!c.form?.modes || c.form.modes.includes(mode)))
}

export function CrudFormDialog<T extends object>({
  dialog,
}: {
  dialog: ReturnType<typeof useCrudDialog<T>>
}) {
  const tr = useTr()
  const { message } = App.useApp()
  const { form, state, loading, close, onSaved, resource } = dialog
  const [saving, setSaving] = useState(false)
  const { mode, row } = state
  const view = mode === 'view'
  const rowKey = resource.rowKey ?? ('id' as keyof T)
  const fields = dialogFields(resource, mode)
  // fields with a `visible` rule follow the values as they are typed
  const current = Form.useWatch((all: Record<string, unknown>) => all, { form, preserve: true })

  async function submit() {
    // invalid: the messages show under the fields
    const validated = await form.validateFields().catch(() => null)
    if (!validated) return
    // a field hidden by its `visible` rule is not part of what is saved (a button has no path)
    const values = Object.fromEntries(
      Object.entries(validated).filter(([prop]) => {
        const def = fields.find((c) => c.prop === prop)?.form || undefined
        return !def?.visible || def.visible(validated)
      }),
    )
    setSaving(true)
    try {
      const own = resource.beforeSubmit ? resource.beforeSubmit(values, mode) : values
      const body = mode === 'edit' && row ? { ...own, [rowKey]: row[rowKey] } : own
      await crudApi.submit(resource, body)
      void message.success(tr(mode === 'edit' ? 'common.updateSuccess' : 'common.addSuccess'))
      close()
      onSaved()
    } catch {
      // a failed save re-enables the form and keeps the dialog open with its values (spec 01 §8)
    } finally {
      setSaving(false)
    }
  }

  const title = dialogTitle(resource, mode, tr)

  return (
    <Modal
      open={state.open}
      title={title}
      onOk={submit}
      onCancel={close}
      confirmLoading={saving}
      okText={tr('common.ok')}
      cancelText={tr('common.cancel')}
      okButtonProps={{
        'data-testid': resource.testIds?.formSubmit ?? 'crud-form-submit',
        style: view ? { display: 'none' } : undefined,
      }}
      forceRender
      width={resource.dialogWidth ?? 640}
      // a long form scrolls inside the dialog: OK and Cancel stay on screen at 800 px
      styles={{ body: { maxHeight: 'calc(100vh - 240px)', overflowY: 'auto', overflowX: 'hidden' } }}
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" validateTrigger="onBlur" disabled={view} data-testid="crud-form">
          <FormFields resource={resource} fields={fields} mode={mode} current={current} />
        </Form>
      </Spin>
    </Modal>
  )
}

import { App, Form } from 'antd'
import { useCallback, useMemo, useRef, useState } from 'react'
import { useTr } from './i18n'
import { crudApi } from './query'
import type { CrudResource } from './types'

export const NEW_ROW_PREFIX = '__new_'

function toggle(set: ReadonlySet<string>, key: string, on: boolean): ReadonlySet<string> {
  const next = new Set(set)
  if (on) next.add(key)
  else next.delete(key)
  return next
}

/**
 * Cell editing: a row switches to inputs (edit), then save or cancel. Cancel drops an unsaved new row
 * or restores the original (the drafts live in a form; the table rows are never touched). Invalid
 * cells (rules or schema) block the save.
 */
export function useCellEdit<T extends object>(resource: CrudResource<T>, onSaved: () => void) {
  const tr = useTr()
  const { message } = App.useApp()
  const [form] = Form.useForm<Record<string, Record<string, unknown>>>()
  const [editing, setEditing] = useState<ReadonlySet<string>>(() => new Set())
  const [newRows, setNewRows] = useState<T[]>([])
  const [saving, setSaving] = useState<ReadonlySet<string>>(() => new Set())
  const counter = useRef(0)
  const rowKey = (resource.rowKey ?? 'id') as keyof T
  const props = useMemo(
    () => resource.columns.filter((c) => c.editable).map((c) => c.prop as string),
    [resource.columns],
  )
  const formProps = useMemo(
    () => resource.columns.filter((c) => c.form !== false).map((c) => c.prop as string),
    [resource.columns],
  )

  const start = useCallback(
    (row: T) => {
      const key = String(row[rowKey])
      form.setFieldValue([key], { ...row })
      setEditing((s) => toggle(s, key, true))
    },
    [form, rowKey],
  )

  const addRow = useCallback(() => {
    const key = `${NEW_ROW_PREFIX}${++counter.current}`
    setNewRows((rows) => [{ [rowKey]: key } as T, ...rows])
    form.setFieldValue([key], {})
    setEditing((s) => toggle(s, key, true))
  }, [form, rowKey])

  const finish = useCallback(
    (key: string) => {
      form.setFieldValue([key], undefined)
      setEditing((s) => toggle(s, key, false))
      if (key.startsWith(NEW_ROW_PREFIX)) setNewRows((rows) => rows.filter((r) => String(r[rowKey]) !== key))
    },
    [form, rowKey],
  )

  const save = useCallback(
    async (row: T) => {
      const key = String(row[rowKey])
      const ok = await form
        .validateFields(props.map((p) => [key, p]))
        .then(() => true)
        .catch(() => false)
      if (!ok) return
      const isNew = key.startsWith(NEW_ROW_PREFIX)
      const draft = (form.getFieldValue([key]) ?? {}) as Record<string, unknown>
      const body: Record<string, unknown> = {}
      // the row's form fields with the edited cells over them; a new row has no id
      for (const p of formProps) if (!isNew && p in row) body[p] = row[p as keyof T]
      for (const p of props) body[p] = draft[p]
      if (!isNew) body[rowKey as string] = row[rowKey]
      setSaving((s) => toggle(s, key, true))
      try {
        await crudApi.submit(resource, body)
        void message.success(tr(isNew ? 'common.addSuccess' : 'common.updateSuccess'))
        finish(key)
        onSaved()
      } catch {
        // stays in edit mode with the typed values (the HTTP client said why)
      } finally {
        setSaving((s) => toggle(s, key, false))
      }
    },
    [form, props, formProps, rowKey, resource, message, tr, finish, onSaved],
  )

  return useMemo(
    () => ({ form, editing, saving, newRows, start, addRow, cancel: finish, save }),
    [form, editing, saving, newRows, start, addRow, finish, save],
  )
}

export type CellEdit<T extends object> = ReturnType<typeof useCellEdit<T>>

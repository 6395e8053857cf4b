import { App, type FormInstance } from 'antd'
import { useState } from 'react'

/**
 * The save button of a small dialog: validate the form (its messages show under the fields), send,
 * toast `successText`, then `onSaved` (close, refresh). A failed send keeps the dialog open with what
 * was typed: the HTTP client has already shown the server's message (spec 01 §8).
 */
export function useDialogSubmit<V>(
  form: FormInstance<V>,
  send: (values: V) => Promise<unknown>,
  successText: string,
  onSaved: () => void,
): { saving: boolean; submit: () => Promise<void> } {
  const { message } = App.useApp()
  const [saving, setSaving] = useState(false)
  async function submit() {
    const values = await form.validateFields().catch(() => null)
    if (!values) return
    setSaving(true)
    try {
      await send(values)
      void message.success(successText)
      onSaved()
    } catch {
      // reported by the HTTP client
    } finally {
      setSaving(false)
    }
  }
  return { saving, submit }
}

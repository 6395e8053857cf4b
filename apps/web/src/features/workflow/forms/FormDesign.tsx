import { useQueryClient } from '@tanstack/react-query'
import { workflowFormContract } from '@xpark/contract/modules/workflow-design'
import type { FormField } from '@xpark/contract/modules/workflow-forms'
import { formFields } from '@xpark/contract/modules/workflow-forms'
import { App, Button, type ButtonProps, Modal, Space, Typography } from 'antd'
import { useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import type { z } from 'zod'
import { rowOfResource, submitToResource } from '@/api/calls'
import { invalidateResource, RowButton } from '@/components/crud'
import { useMessages } from '@/i18n'
import { useSession } from '@/stores/session'
import { FormEditor, type FormEditorHandle } from './FormEditor'
import type { formMessages } from './i18n'
import './i18n'

type FormRow = z.output<(typeof workflowFormContract)['row']>
const C = workflowFormContract

/**
 * The form-js editor full-screen: the schema it opens with, and 保存 hands back the one it holds.
 * Escape or 取消 closes without saving.
 */
export function EditorModal({
  open,
  title,
  schema,
  busy,
  okText,
  onCancel,
  onSave,
}: {
  open: boolean
  title: string
  schema: string
  busy?: boolean
  okText?: string
  onCancel: () => void
  onSave: (schema: string) => void
}) {
  const editor = useRef<FormEditorHandle>(null)
  return (
    <Modal
      open={open}
      title={title}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 120px)', overflow: 'hidden' } }}
      destroyOnHidden
      confirmLoading={busy}
      okText={okText}
      okButtonProps={{ 'data-testid': 'form-design-save' } as ButtonProps}
      onCancel={onCancel}
      onOk={() => onSave(editor.current?.schema() ?? schema)}
    >
      {open && <FormEditor schema={schema} ref={editor} />}
    </Modal>
  )
}

const summaryOf = (fields: FormField[]) => fields.map((f) => f.label).join(', ')

/** The add/edit dialog's `content`: the fields it has, and 设计 opening the editor. */
export function SchemaInput({
  value,
  onChange,
  disabled,
  testId,
}: {
  value?: string
  onChange?: (schema: string) => void
  disabled?: boolean
  testId?: string
}) {
  const t = useMessages<typeof formMessages>()
  const [open, setOpen] = useState(false)
  const fields = formFields(value ?? '')
  return (
    <Space wrap>
      <Button disabled={disabled} onClick={() => setOpen(true)} data-testid={testId ?? 'form-design-open'}>
        {t('workflow.design')}
      </Button>
      <Typography.Text type="secondary" ellipsis style={{ maxWidth: 520 }}>
        {fields.length > 0 ? summaryOf(fields) : t('workflow.formEmpty')}
      </Typography.Text>
      <EditorModal
        open={open}
        title={t('workflow.designNew')}
        schema={value ?? ''}
        onCancel={() => setOpen(false)}
        onSave={(schema) => {
          onChange?.(schema)
          setOpen(false)
        }}
      />
    </Space>
  )
}

/** 设计 as a row action: the row's form in the editor; 保存为新版本 submits it (each save a version). */
export function DesignButton({ row, refresh }: { row: FormRow; refresh: () => void }) {
  const t = useMessages<typeof formMessages>()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const may = useSession((s) => s.permission[C.permissions.edit] === true)
  const [schema, setSchema] = useState<string>()
  const [busy, setBusy] = useState(false)
  if (!may) return null
  return (
    <>
      <RowButton
        label={t('workflow.design')}
        testId={`form-design-${row.id}`}
        onClick={async () => setSchema((await rowOfResource(C, row.id)).content)}
      />
      <EditorModal
        open={schema !== undefined}
        title={t('workflow.designTitle', { name: row.name })}
        schema={schema ?? ''}
        busy={busy}
        okText={t('workflow.saveVersion')}
        onCancel={() => setSchema(undefined)}
        onSave={async (content) => {
          setBusy(true)
          try {
            await submitToResource(C, {
              id: row.id,
              formKey: row.formKey,
              name: row.name,
              content,
              remark: row.remark,
              ...(row.categoryId ? { categoryId: row.categoryId } : {}),
            })
            void message.success(t('workflow.saved', { version: row.version + 1 }))
            setSchema(undefined)
            await invalidateResource(queryClient, C.code)
            refresh()
          } finally {
            setBusy(false)
          }
        }}
      />
    </>
  )
}

/** 历史 as a row action: the form's versions (表单历史, a tab of its own). */
export function HistoryButton({ row }: { row: FormRow }) {
  const t = useMessages<typeof formMessages>()
  const navigate = useNavigate()
  return (
    <RowButton
      label={t('workflow.history')}
      testId={`form-history-${row.id}`}
      onClick={() =>
        navigate(
          `/workflow/design/form/history/${encodeURIComponent(row.id)}?name=${encodeURIComponent(
            `${t('workflow.formHistory')}: ${row.name}`,
          )}`,
        )
      }
    />
  )
}

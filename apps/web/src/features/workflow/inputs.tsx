import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  formListTypeCall,
  type modelCategoryCall,
  workflowCategoryContract,
} from '@xpark/contract/modules/workflow-design'
import { App, type ButtonProps, Form, Modal, Select } from 'antd'
import { useState } from 'react'
import { callApi } from '@/api/calls'
import { invalidateResource, RowButton, TreeSourceSelect, treeSource } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { PersonInput } from '@/components/PersonInput'
import { useSession } from '@/stores/session'

/** The category tree as a pick (a model's, a form's, a deployment's). */
export const CATEGORY_TREE = treeSource(workflowCategoryContract)

/** A form picked by id from the designer's list (formListType: no schemas). */
export function FormSelect({
  value,
  onChange,
  testId,
  disabled,
}: {
  value?: string
  onChange?: (id: string | undefined) => void
  testId?: string
  disabled?: boolean
}) {
  const { data, isLoading } = useQuery({
    queryKey: ['workflow_form', 'pick'],
    queryFn: () => callApi(formListTypeCall, {}),
    staleTime: 30_000,
  })
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      loading={isLoading}
      disabled={disabled}
      value={value || undefined}
      onChange={(v: string | undefined) => onChange?.(v)}
      options={(data ?? []).map((f) => ({ value: f.id, label: `${f.name} (${f.formKey} v${f.version})` }))}
      data-testid={testId}
    />
  )
}

/** The `changeCategory` calls of models, forms and deployments: one declaration shape. */
type CategoryCall = typeof modelCategoryCall

/**
 * 分类 as a row action: pick a category, the row moves there (`ids`, `categoryId`); shown to
 * holders of the call's button only.
 */
export function CategoryButton({
  call,
  permission,
  id,
  code,
  refresh,
}: {
  call: CategoryCall
  permission: string
  id: string
  /** the resource code whose lists refresh */
  code: string
  refresh: () => void
}) {
  const tr = useTr()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const may = useSession((s) => s.permission[permission] === true)
  const [open, setOpen] = useState(false)
  const [categoryId, setCategoryId] = useState<string>()
  const [busy, setBusy] = useState(false)
  if (!may) return null
  return (
    <>
      <RowButton
        label={tr('workflow.changeCategory')}
        testId={`workflow-category-${id}`}
        onClick={() => setOpen(true)}
      />
      <Modal
        open={open}
        title={tr('workflow.pickCategory')}
        confirmLoading={busy}
        okButtonProps={{ disabled: !categoryId, 'data-testid': 'workflow-category-ok' } as ButtonProps}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          setBusy(true)
          try {
            await callApi(call, { ids: id, categoryId: categoryId ?? '' })
            void message.success(tr('workflow.changeCategory'))
            setOpen(false)
            await invalidateResource(queryClient, code)
            refresh()
          } finally {
            setBusy(false)
          }
        }}
      >
        <Form layout="vertical">
          <Form.Item label={tr('workflow.categoryOf')}>
            <TreeSourceSelect source={CATEGORY_TREE} value={categoryId} onChange={setCategoryId} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}

/** A person by id (the tenant's users, searched by name or picked in the dialog). */
export function PersonField(props: {
  value?: string
  onChange?: (id: string) => void
  testId?: string
  disabled?: boolean
}) {
  const tr = useTr()
  return <PersonInput {...props} placeholder={tr('workflow.pickUser')} pickLabel={tr('workflow.pickUser')} />
}

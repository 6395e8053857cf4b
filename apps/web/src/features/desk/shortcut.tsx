import type { MenuNode } from '@xpark/contract'
import { type ShortcutRow, shortcutContract } from '@xpark/contract/schemas'
import { Form, TreeSelect } from 'antd'
import { useMemo } from 'react'
import { fromContract } from '@/components/crud'
import { useSession } from '@/stores/session'
import './i18n'

interface MenuOption {
  title: string
  value: string
  path: string
  source: string
  selectable: boolean
  children?: MenuOption[]
}

/** The signed-in user's menus as picker options: only screens (menus with a path) are selectable. */
export function menuOptions(nodes: readonly MenuNode[]): MenuOption[] {
  return nodes
    .filter((n) => n.category !== 2 && !n.hidden)
    .map((n) => {
      const children = n.children?.length ? menuOptions(n.children) : undefined
      return {
        title: n.name,
        value: n.id,
        path: n.path ?? '',
        source: n.source ?? '',
        selectable: Boolean(n.path) && !children?.length,
        ...(children?.length ? { children } : {}),
      }
    })
}

function findOption(options: readonly MenuOption[], id: string): MenuOption | undefined {
  for (const o of options) {
    if (o.value === id) return o
    const below = o.children && findOption(o.children, id)
    if (below) return below
  }
  return undefined
}

/** Picking a menu fills the path, the icon and (when empty) the name of the shortcut. */
function MenuPicker({
  value,
  onChange,
  testId,
  disabled,
}: {
  value?: string | null
  onChange?: (v: string | null) => void
  testId?: string
  disabled?: boolean
}) {
  const form = Form.useFormInstance()
  const menu = useSession((s) => s.menu)
  const options = useMemo(() => menuOptions(menu), [menu])
  return (
    <TreeSelect
      allowClear
      treeDefaultExpandAll
      treeData={options}
      value={value ?? undefined}
      disabled={disabled}
      data-testid={testId}
      onChange={(id: string | undefined) => {
        onChange?.(id ?? null)
        const picked = id ? findOption(options, id) : undefined
        if (!picked) return
        form.setFieldsValue({
          path: picked.path,
          source: picked.source,
          ...(form.getFieldValue('name') ? {} : { name: picked.title }),
        })
      }}
    />
  )
}

/**
 * 快捷方式: the signed-in user's desk shortcuts (the caller's own only), shown as quick links on the
 * welcome page.
 */
export const shortcutResource = fromContract<ShortcutRow>(shortcutContract, {
  title: 'shortcut.title',
  // the row's view, edit, copy and delete as buttons, as before the contract
  compactActions: false,
  testIds: {
    page: 'shortcut-page',
    table: 'shortcut-table',
    add: 'shortcut-add',
    formSubmit: 'shortcut-form-submit',
  },
  columns: [
    {
      prop: 'menuId',
      label: 'shortcut.menu',
      hideInTable: true,
      filterable: false,
      form: {
        span: 24,
        render: ({ testId, disabled }) => <MenuPicker testId={testId} disabled={disabled} />,
      },
      testId: { form: 'shortcut-menu' },
    },
    {
      prop: 'name',
      label: 'shortcut.name',
      search: 'input',
      form: { span: 12, props: { maxLength: 64 }, itemProps: { required: true } },
      testId: { form: 'shortcut-name' },
    },
    {
      prop: 'path',
      label: 'shortcut.path',
      ellipsis: true,
      form: {
        span: 12,
        props: { maxLength: 255 },
        itemProps: { required: true, extra: 'shortcut.pathHint' },
      },
      testId: { form: 'shortcut-path' },
    },
    {
      prop: 'source',
      label: 'shortcut.source',
      width: 160,
      form: { span: 12, props: { maxLength: 255 } },
      testId: { form: 'shortcut-source' },
    },
    {
      prop: 'sort',
      label: 'shortcut.sort',
      width: 80,
      sortable: true,
      form: { span: 12, type: 'number', props: { precision: 0, min: 0 } },
    },
  ],
})

import { useQuery } from '@tanstack/react-query'
import { roleContract } from '@xpark/contract/schemas'
import type { FormRule } from 'antd'
import { fromContract } from '@/components/crud'
import { NodeTreeSelect, type NodeTreeSelectProps } from './deptTree'
import { tSystem } from './i18n'
import { aliasIsFree, roleTreeQuery } from './roleApi'

/** `blade_role` row of `role/list` (a forest). */
export interface Role {
  id: string
  parentId: string
  roleName: string
  roleAlias: string
  sort?: number
  parentName?: string
  hasChildren?: boolean
  children?: Role[]
}

/** The role picker of the forms (one role, or several with `multiple`). */
export function RoleTreeSelect(props: Omit<NodeTreeSelectProps, 'nodes' | 'loading'>) {
  const { data, isLoading } = useQuery(roleTreeQuery())
  return <NodeTreeSelect nodes={data} loading={isLoading} {...props} />
}

const ALIAS = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/

/** On blur: `role/soleAlias` must say the alias is free (the role being edited excluded). */
export const aliasUnique: FormRule = (form) => ({
  validator: async (_rule, value: unknown) => {
    if (typeof value !== 'string' || !ALIAS.test(value.trim())) return // the schema reports those
    const id = form.getFieldValue('id') as string | undefined
    let free = true
    try {
      free = await aliasIsFree(value.trim(), id || undefined)
    } catch {
      return // the HTTP client reported it; the server checks again on save
    }
    if (!free) throw new Error(tSystem('role.aliasTaken'))
  },
})

/** 角色管理: the tenant's role forest; 权限设置 and 新增子项 are added by the page. */
export const roleResource = fromContract<Role>(roleContract, {
  title: 'role.title',
  // the role list is the whole forest (not paged)
  tree: { listPath: 'list' },
  actions: { copy: false },
  compactActions: false,
  testIds: { page: 'role-page', table: 'role-table', add: 'role-add', formSubmit: 'role-form-submit' },
  columns: [
    { prop: 'roleName', label: 'role.name', search: 'input', form: { span: 12, props: { maxLength: 255 } } },
    {
      prop: 'roleAlias',
      label: 'role.alias',
      search: 'input',
      form: { span: 12, rules: [aliasUnique], props: { maxLength: 64 } },
    },
    {
      prop: 'parentId',
      label: 'role.parent',
      hideInTable: true,
      form: {
        span: 12,
        render: ({ testId, disabled }) => (
          <RoleTreeSelect root="0" data-testid={testId} disabled={disabled} />
        ),
      },
    },
    { prop: 'sort', label: 'role.sort', width: 90, form: { span: 12, type: 'number' } },
  ],
})

import { queryOptions, useQuery } from '@tanstack/react-query'
import { postContract, postSelectCall, userContract } from '@xpark/contract/schemas'
import { Select } from 'antd'
import { useMemo } from 'react'
import { callApi } from '@/api/calls'
import { type CrudColumn, type CrudResource, defineLookup, fromContract } from '@/components/crud'
import { csvNames, DeptTreeSelect, deptTreeQuery, namesOf } from './deptTree'
import { RoleTreeSelect } from './role'
import { roleTreeQuery } from './roleApi'
import { StaffTypeSelect, staffTypeOptionsQuery } from './staffType'
import { userFormSchema } from './userForm'
import './i18n'

/** `blade_user` row of the user page (never a password). */
export interface User {
  id: string
  account: string
  realName: string
  phone?: string
  email?: string
  deptId?: string
  roleId?: string
  postId?: string
  /** 1 正常, 0 停用 (sign-in refuses the account) */
  status?: number
  staffTypeId?: string | null
  tenantId?: string
  /** add dialog only: the password itself, checked and hashed by the server */
  passwordPlain?: string
  /** add dialog only: the confirmation (the server ignores it) */
  password2?: string
}

export const USER_PATH = userContract.path

/** Under the post resource's code: a write on the post screen refreshes the select. */
const postSelectQuery = () =>
  queryOptions({
    queryKey: [postContract.code, 'select'],
    queryFn: () => callApi(postSelectCall),
    staleTime: 60_000,
  })

/** Several posts, as BladeX's comma-joined ids. */
function PostSelect({
  value,
  onChange,
  ...rest
}: {
  value?: string
  onChange?: (v: string) => void
  disabled?: boolean
  'data-testid'?: string
}) {
  const { data, isLoading } = useQuery(postSelectQuery())
  const options = useMemo(() => (data ?? []).map((p) => ({ label: p.postName, value: p.id })), [data])
  return (
    <Select
      {...rest}
      mode="multiple"
      allowClear
      loading={isLoading}
      options={options}
      optionFilterProp="label"
      value={value ? value.split(',').filter(Boolean) : []}
      onChange={(next: string[]) => onChange?.(next.join(','))}
    />
  )
}

// the names in the list's cells: one query for the whole table (a component per cell held one per row)
const deptNames = defineLookup(deptTreeQuery, (tree, ids) => csvNames(ids, namesOf(tree)))
const roleNames = defineLookup(roleTreeQuery, (tree, ids) => csvNames(ids, namesOf(tree)))
const staffTypeName = defineLookup(staffTypeOptionsQuery, (types, id) =>
  typeof id === 'string' ? (types?.find((s) => s.id === id)?.name ?? id) : '',
)

const required = (message: string) => [{ required: true, whitespace: true, message }]

const columns: CrudColumn<User>[] = [
  {
    prop: 'account',
    label: 'user.account',
    search: 'input',
    sortable: true,
    form: { span: 12, rules: required('please enter account'), props: { maxLength: 45 } },
  },
  {
    prop: 'realName',
    label: 'user.realName',
    search: 'input',
    form: { span: 12, rules: required('please enter real name'), props: { maxLength: 20 } },
  },
  {
    prop: 'passwordPlain',
    label: 'user.password',
    hideInTable: true,
    filterable: false,
    form: { span: 12, type: 'password', modes: ['add'], props: { autoComplete: 'new-password' } },
  },
  {
    prop: 'password2',
    label: 'user.passwordConfirm',
    hideInTable: true,
    filterable: false,
    form: { span: 12, type: 'password', modes: ['add'], props: { autoComplete: 'new-password' } },
  },
  { prop: 'phone', label: 'user.phone', search: 'input', form: { span: 12, props: { maxLength: 11 } } },
  { prop: 'email', label: 'user.email', ellipsis: true, form: { span: 12, props: { maxLength: 45 } } },
  {
    prop: 'deptId',
    label: 'user.dept',
    filterable: false,
    lookup: deptNames,
    form: {
      span: 12,
      rules: [{ required: true, message: 'please select dept' }],
      render: ({ testId, disabled }) => <DeptTreeSelect multiple data-testid={testId} disabled={disabled} />,
    },
  },
  {
    prop: 'roleId',
    label: 'user.roles',
    filterable: false,
    lookup: roleNames,
    form: {
      span: 12,
      rules: [{ required: true, message: 'please select role' }],
      render: ({ testId, disabled }) => <RoleTreeSelect multiple data-testid={testId} disabled={disabled} />,
    },
  },
  {
    prop: 'postId',
    label: 'user.posts',
    hidden: true,
    filterable: false,
    form: {
      span: 12,
      render: ({ testId, disabled }) => <PostSelect data-testid={testId} disabled={disabled} />,
    },
  },
  {
    prop: 'staffTypeId',
    label: 'user.staffType',
    hidden: true,
    filterable: false,
    lookup: staffTypeName,
    form: {
      span: 12,
      // a cleared select sends '' (clears the type) rather than nothing (keeps it)
      itemProps: {
        getValueProps: (v: unknown) => ({ value: v || undefined }),
        normalize: (v: unknown) => v ?? '',
      },
      render: ({ testId, disabled }) => <StaffTypeSelect data-testid={testId} disabled={disabled} />,
    },
  },
  {
    prop: 'status',
    label: 'user.status',
    width: 90,
    form: { span: 12, type: 'select', props: { allowClear: false } },
    options: [
      { label: 'user.statusNormal', value: 1 },
      { label: 'user.statusDisabled', value: 0 },
    ],
  },
]

/**
 * 用户管理: the users of the tenant within the caller's data scope; 导出 (user_export) / 导入
 * (user_import) through the contract's Excel routes. The dialog checks its own fields (`userForm.ts`:
 * the password pair only while adding), not the contract's form.
 */
export const userResource: CrudResource<User> = {
  ...fromContract<User>(userContract, {
    title: 'user.title',
    actions: { copy: false },
    compactActions: false,
    dialogWidth: 760,
    columns,
  }),
  formSchema: userFormSchema,
}

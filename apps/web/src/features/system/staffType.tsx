import { queryOptions, useQuery } from '@tanstack/react-query'
import { type StaffTypeRow, staffTypeContract, staffTypeSelectCall } from '@xpark/contract/schemas'
import { Select, type SelectProps } from 'antd'
import { callApi } from '@/api/calls'
import { fromContract } from '@/components/crud'
import { useSystemT } from './i18n'

/** The row of the contract (packages/contract). */
export type StaffType = StaffTypeRow

/** `staff/type/select`, under the resource's code: a write on the screen refreshes every picker. */
export const staffTypeOptionsQuery = () =>
  queryOptions({
    queryKey: [staffTypeContract.code, 'select'],
    queryFn: () => callApi(staffTypeSelectCall),
    staleTime: 60_000,
  })

/** The staff-type options of a select: label name, value the type's id (or its code with `byCode`). */
export function staffTypeOptions(rows: readonly Pick<StaffType, 'id' | 'name' | 'code'>[], byCode = false) {
  return rows.map((r) => ({ label: r.name, value: byCode ? r.code : r.id }))
}

/** A select of the tenant's staff types (like DictSelect), for the user screen and others. */
export function StaffTypeSelect({
  byCode = false,
  ...rest
}: Omit<SelectProps, 'options' | 'loading'> & { byCode?: boolean }) {
  const t = useSystemT()
  const { data, isLoading } = useQuery(staffTypeOptionsQuery())
  return (
    <Select
      allowClear
      placeholder={t('staffType.placeholder')}
      options={staffTypeOptions(data ?? [], byCode)}
      loading={isLoading}
      {...rest}
    />
  )
}

/** 员工类型: a tenant's staff types (name, code unique per tenant, sort, remark). */
export const staffTypeResource = fromContract<StaffType>(staffTypeContract, {
  title: 'staffType.title',
  compactActions: false,
  testIds: {
    page: 'stafftype-page',
    table: 'stafftype-table',
    add: 'stafftype-add',
    formSubmit: 'stafftype-form-submit',
  },
  columns: [
    {
      prop: 'name',
      label: 'staffType.name',
      search: 'input',
      sortable: true,
      form: { span: 12, props: { maxLength: 64 }, itemProps: { required: true } },
      testId: { form: 'stafftype-name' },
    },
    {
      prop: 'code',
      label: 'staffType.code',
      search: 'input',
      sortable: true,
      form: { span: 12, props: { maxLength: 64 }, itemProps: { required: true } },
      testId: { form: 'stafftype-code' },
    },
    {
      prop: 'sort',
      label: 'staffType.sort',
      width: 90,
      sortable: true,
      form: { span: 12, type: 'number', props: { precision: 0, min: 0 } },
      testId: { form: 'stafftype-sort' },
    },
    {
      prop: 'remark',
      label: 'staffType.remark',
      ellipsis: true,
      form: { type: 'textarea', props: { maxLength: 255 } },
    },
  ],
})

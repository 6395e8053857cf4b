import { queryOptions, useQuery } from '@tanstack/react-query'
import {
  datasourceContract,
  datasourceSelectCall,
  productionContract,
  productionSelectCall,
  proxyTenantContract,
  proxyTenantSelectCall,
} from '@xpark/contract/schemas'
import { Select } from 'antd'
import { useMemo } from 'react'
import { callApi } from '@/api/calls'

/** `id, name` of the platform's products, agents and datasources (their `select` calls), cached a minute. */
interface Named {
  id: string
  name: string
}

/**
 * A select call's options, under its resource's query code: a write on the resource's screen refreshes
 * them (components/crud/query.ts `invalidateResource`).
 */
const selectQuery = (
  code: string,
  call: typeof productionSelectCall | typeof proxyTenantSelectCall | typeof datasourceSelectCall,
) =>
  queryOptions({
    queryKey: [code, 'select'],
    queryFn: (): Promise<Named[]> => callApi(call),
    staleTime: 60_000,
  })

export const productSelectQuery = () => selectQuery(productionContract.code, productionSelectCall)
export const proxySelectQuery = () => selectQuery(proxyTenantContract.code, proxyTenantSelectCall)
export const datasourceSelectQuery = () => selectQuery(datasourceContract.code, datasourceSelectCall)

function useOptions(query: ReturnType<typeof selectQuery>) {
  const { data, isLoading } = useQuery(query)
  const options = useMemo(() => (data ?? []).map((r) => ({ label: r.name, value: r.id })), [data])
  return { options, isLoading }
}

interface SelectProps<V> {
  value?: V
  onChange?: (value: V) => void
  disabled?: boolean
  'data-testid'?: string
}

/** The products of a tenant, as the comma-joined ids tenant submit takes (`proIds`). */
export function ProductSelect({ value, onChange, ...rest }: SelectProps<string>) {
  const { options, isLoading } = useOptions(productSelectQuery())
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

/** One agent or none; clearing sends '' (no agent), as the server reads an absent field as "unchanged". */
export function ProxySelect({ value, onChange, ...rest }: SelectProps<string>) {
  const { options, isLoading } = useOptions(proxySelectQuery())
  return (
    <Select
      {...rest}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isLoading}
      options={options}
      value={value || undefined}
      onChange={(next?: string) => onChange?.(next ?? '')}
    />
  )
}

/** One datasource or none (''). */
export function DatasourceSelect({ value, onChange, ...rest }: SelectProps<string>) {
  const { options, isLoading } = useOptions(datasourceSelectQuery())
  return (
    <Select
      {...rest}
      allowClear
      loading={isLoading}
      options={options}
      value={value || undefined}
      onChange={(next?: string) => onChange?.(next ?? '')}
      style={{ width: '100%' }}
    />
  )
}

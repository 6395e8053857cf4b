import { queryOptions, useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { useMemo } from 'react'
import { getData } from '@/api/http'

/** `id, name` of the platform's products, agents and datasources (their `select` routes), cached a minute. */
interface Named {
  id: string
  name: string
}

const selectQuery = (path: string) =>
  queryOptions({
    queryKey: [path, 'select'],
    queryFn: () => getData<Named[]>(`${path}/select`),
    staleTime: 60_000,
  })

export const PRODUCTION_PATH = 'blade-system/production'
export const PROXY_PATH = 'blade-system/proxyTenant'
export const DATASOURCE_PATH = 'blade-system/datasource'

export const productSelectQuery = () => selectQuery(PRODUCTION_PATH)
export const proxySelectQuery = () => selectQuery(PROXY_PATH)
export const datasourceSelectQuery = () => selectQuery(DATASOURCE_PATH)

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

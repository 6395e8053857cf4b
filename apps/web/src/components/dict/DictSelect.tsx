import { useQuery } from '@tanstack/react-query'
import { Select, type SelectProps } from 'antd'
import { useMemo } from 'react'
import { dictionaryQuery } from './api'

export type DictValue = string | number

export interface DictSelectProps
  extends Omit<SelectProps, 'options' | 'value' | 'onChange' | 'mode' | 'loading'> {
  /** dictionary code, e.g. `plate_color` */
  code: string
  /** read the tenant's business dictionary (`dict-biz`) instead of the system one */
  biz?: boolean
  value?: DictValue | DictValue[] | null
  onChange?: (value: DictValue | DictValue[] | undefined) => void
  multiple?: boolean
  /** emit keys as numbers (for fields stored as numbers, such as plate colour 0-4) */
  numeric?: boolean
}

const keyOf = (v: DictValue) => String(v)

/** An antd Select whose options are the entries of one dictionary code (label dictValue, value dictKey). */
export function DictSelect({
  code,
  biz = false,
  value,
  onChange,
  multiple,
  numeric,
  ...rest
}: DictSelectProps) {
  const { data, isLoading } = useQuery(dictionaryQuery(code, biz))
  const options = useMemo(
    () => (data ?? []).map((item) => ({ label: item.dictValue, value: item.dictKey })),
    [data],
  )
  const emit = (key: string) => (numeric ? Number(key) : key)
  const current =
    value === undefined || value === null ? undefined : Array.isArray(value) ? value.map(keyOf) : keyOf(value)
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      loading={isLoading}
      options={options}
      value={current}
      onChange={(next: string | string[] | undefined) =>
        onChange?.(next === undefined ? undefined : Array.isArray(next) ? next.map(emit) : emit(next))
      }
    />
  )
}

import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { getData } from '@/api/http'
import { crudKeys } from './query'
import type { LineOption, LineOptions } from './types'

type Row = Record<string, unknown>

/** The options of a dependent cell for one value of the cell it follows (cached per value). */
function useLineOptions(source: LineOptions, on: string | undefined) {
  const params = on ? source.params(on) : {}
  return useQuery({
    queryKey: crudKeys.of(source.code, 'line-options', source.url, params),
    queryFn: async () => {
      const data = await getData<Row[] | { records?: Row[] }>(source.url, params)
      return Array.isArray(data) ? data : (data?.records ?? [])
    },
    enabled: Boolean(on),
    staleTime: 30_000,
  })
}

/**
 * A bill line's select whose options depend on another cell of the same line (a goods' units after
 * its goods): `first` (the base unit) then the fetched rows. An empty cell shows `first`.
 */
export function LineOptionsSelect({
  source,
  line,
  value,
  onChange,
  onPick,
  testId,
  placeholder,
  disabled,
  currentLabel,
}: {
  source: LineOptions
  /** the line as typed: `on` and what `first` reads */
  line: Row
  value?: string | null
  onChange?: (value: string) => void
  /** the option picked, with its row */
  onPick?: (option: LineOption | undefined) => void
  testId?: string
  placeholder?: string
  disabled?: boolean
  /** the label the line already carries for its value (a saved line's unit name), shown until the options load */
  currentLabel?: string
}) {
  const on = line[source.on] === undefined || line[source.on] === null ? '' : String(line[source.on])
  const { data, isLoading } = useLineOptions(source, on || undefined)
  const first = on ? source.first?.(line) : undefined
  const options: LineOption[] = [
    ...(first ? [first] : []),
    ...(data ?? []).map((row) => ({
      value: String(row[source.value]),
      label: String(row[source.label] ?? ''),
      row,
    })),
  ]
  const shown = value === undefined || value === null || value === '' ? first?.value : value
  if (shown && currentLabel && !options.some((o) => o.value === shown))
    options.push({ value: shown, label: currentLabel, row: {} })
  return (
    <Select
      value={on ? shown : undefined}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      loading={isLoading && Boolean(on)}
      disabled={disabled || !on}
      placeholder={placeholder}
      onChange={(v: string) => {
        onChange?.(v)
        onPick?.(options.find((o) => o.value === v))
      }}
      data-testid={testId}
      style={{ width: '100%' }}
    />
  )
}

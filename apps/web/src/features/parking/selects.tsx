import { useQuery } from '@tanstack/react-query'
import { cardContract } from '@xpark/contract/modules/finance'
import { parkingLotContract } from '@xpark/contract/modules/parking'
import { Select } from 'antd'
import { pageOfRows } from '@/api/calls'
import { useTr } from '@/components/crud/i18n'
import './i18n'

/** The parking forms' pickers: car parks, stored value cards (finance), gate machines of car parks. */

interface InputProps {
  value?: string
  onChange?: (value: string) => void
  testId?: string
  disabled?: boolean
}

function RowSelect(
  props: InputProps & { rows: { value: string; label: string }[]; loading: boolean; placeholder: string },
) {
  const { value, onChange, testId, disabled, rows, loading, placeholder } = props
  return (
    <Select
      showSearch
      allowClear
      optionFilterProp="label"
      value={value || undefined}
      onChange={(id: string | undefined) => onChange?.(id ?? '')}
      loading={loading}
      disabled={disabled}
      placeholder={placeholder}
      options={rows}
      data-testid={testId}
    />
  )
}

export function LotSelect(props: InputProps) {
  const tr = useTr()
  const { data, isLoading } = useQuery({
    queryKey: [parkingLotContract.code, 'select'],
    queryFn: () => pageOfRows(parkingLotContract, { current: 1, size: 200 }),
  })
  const rows = (data?.records ?? []).map((l) => ({ value: l.id, label: l.name }))
  return <RowSelect {...props} rows={rows} loading={isLoading} placeholder={tr('parking.lot')} />
}

export function FinanceCardSelect(props: InputProps) {
  const tr = useTr()
  const { data, isLoading } = useQuery({
    queryKey: [cardContract.code, 'select'],
    queryFn: () => pageOfRows(cardContract, { current: 1, size: 500 }),
  })
  const rows = (data?.records ?? []).map((c) => ({ value: c.id, label: `${c.cardNo} ${c.holderName}` }))
  return <RowSelect {...props} rows={rows} loading={isLoading} placeholder={tr('parking.financeCard')} />
}

/** The gates of every car park (their machines), for opening one from the console. */
export function GateSelect(props: InputProps & { gates: { value: string; label: string }[] }) {
  const tr = useTr()
  return <RowSelect {...props} rows={props.gates} loading={false} placeholder={tr('parking.gate')} />
}

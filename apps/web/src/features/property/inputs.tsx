import { useQuery } from '@tanstack/react-query'
import { communitiesCall } from '@xpark/contract/modules/property'
import { Input, Rate, Select } from 'antd'
import { callApi } from '@/api/calls'
import { type ActionInputField, type CrudColumn, defineLookup } from '@/components/crud'
import { useTr } from '@/components/crud/i18n'
import { DictSelect, dictionaryQuery } from '@/components/dict'
import { PersonInput } from '@/components/PersonInput'
import './i18n'

/** Inputs the property screens share: communities, the property dictionaries, the order moves' fields. */

export const communitiesQuery = () => ({
  queryKey: [communitiesCall.path],
  queryFn: () => callApi(communitiesCall),
  staleTime: 60_000,
})

/** A community (a department of category 社区) of the caller's tenant. */
export function CommunitySelect({
  value,
  onChange,
  testId,
  disabled,
  allowClear,
}: {
  value?: string
  onChange?: (value?: string) => void
  testId?: string
  disabled?: boolean
  allowClear?: boolean
}) {
  const t = useTr()
  const { data, isLoading } = useQuery(communitiesQuery())
  return (
    <Select
      style={{ width: '100%' }}
      value={value}
      allowClear={allowClear}
      disabled={disabled}
      loading={isLoading}
      placeholder={t('property.pickCommunity')}
      options={(data ?? []).map((c) => ({ value: c.id, label: c.deptName }))}
      onChange={(v?: string) => onChange?.(v || undefined)}
      data-testid={testId}
    />
  )
}

/** The community column: its name in the cell, the select in the form. */
export function communityColumn<T>(required = true): CrudColumn<T> {
  return {
    prop: 'communityId' as Extract<keyof T, string>,
    label: 'property.community',
    width: 110,
    lookup: defineLookup(
      communitiesQuery as never,
      (data, value) =>
        ((data as { id: string; deptName: string }[] | undefined) ?? []).find((c) => c.id === value)
          ?.deptName,
    ),
    form: {
      render: ({ testId, disabled }) => (
        <CommunitySelect testId={testId} disabled={disabled} allowClear={!required} />
      ),
    },
  }
}

/** A column of a property dictionary (the tenant's business dictionary): its label, its select. */
export function bizDictColumn<T>(prop: Extract<keyof T, string>, label: string, code: string): CrudColumn<T> {
  return {
    prop,
    label,
    width: 100,
    lookup: defineLookup(
      () => dictionaryQuery(code, true) as never,
      (data, value) =>
        ((data as { dictKey: string; dictValue: string }[] | undefined) ?? []).find(
          (e) => e.dictKey === value,
        )?.dictValue ?? (value as string),
    ),
    form: {
      render: ({ testId, disabled }) => (
        <DictSelect code={code} biz allowClear data-testid={testId} disabled={disabled} />
      ),
    },
  }
}

/** The fields each move of an order asks for in its confirmation (`<action>:<state it moves to>`). */
export function orderMoveInputs(action: string): Record<string, ActionInputField | ActionInputField[]> {
  return {
    [`${action}:2`]: {
      name: 'workerId',
      label: 'property.worker',
      render: ({ value, onChange }) => <WorkerInput value={value} onChange={onChange} />,
    },
    [`${action}:4`]: [
      {
        name: 'result',
        label: 'property.result',
        render: ({ value, onChange }) => (
          <Input.TextArea
            rows={3}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            data-testid="order-result"
          />
        ),
      },
      {
        name: 'resultPhotos',
        label: 'property.resultPhotos',
        render: ({ value, onChange }) => (
          <Input value={value} onChange={(e) => onChange(e.target.value)} data-testid="order-result-photos" />
        ),
      },
    ],
    [`${action}:5`]: [
      {
        name: 'score',
        label: 'property.score',
        render: ({ value, onChange }) => (
          <Rate
            value={value ? Number(value) : 0}
            onChange={(n) => onChange(n ? String(n) : undefined)}
            data-testid="order-score"
          />
        ),
      },
      {
        name: 'appraise',
        label: 'property.appraiseContent',
        render: ({ value, onChange }) => (
          <Input.TextArea
            rows={2}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            data-testid="order-appraise"
          />
        ),
      },
    ],
    [`${action}:6`]: {
      name: 'reason',
      label: 'property.reason',
      render: ({ value, onChange }) => (
        <Input value={value} onChange={(e) => onChange(e.target.value)} data-testid="order-reason" />
      ),
    },
  }
}

function WorkerInput({ value, onChange }: { value?: string; onChange: (value?: string) => void }) {
  const t = useTr()
  return (
    <PersonInput
      value={value}
      onChange={(id) => onChange(id || undefined)}
      testId="order-worker"
      pickTestId="order-worker-pick"
      placeholder={t('property.worker')}
      pickLabel={t('property.pickWorker')}
    />
  )
}

import { DictSelect, type DictValue } from '@/components/dict/DictSelect'
import { DictTag } from '@/components/dict/DictTag'
import './i18n'

/** A car park's auto release (dict `auto_release`) kept as the comma list the server stores (`1,3`). */

export const autoReleaseKeys = (value: string | undefined): string[] =>
  (value ?? '').split(',').filter((k) => k !== '')

export function AutoReleaseInput({
  value,
  onChange,
  testId,
  disabled,
}: {
  value?: string
  onChange?: (value: string) => void
  testId?: string
  disabled?: boolean
}) {
  return (
    <DictSelect
      code="auto_release"
      multiple
      value={autoReleaseKeys(value)}
      onChange={(keys: DictValue | DictValue[] | undefined) =>
        onChange?.(
          (Array.isArray(keys) ? keys : keys === undefined ? [] : [keys]).map(String).sort().join(','),
        )
      }
      disabled={disabled}
      data-testid={testId}
    />
  )
}

export function AutoReleaseTags({ value }: { value?: string }) {
  return (
    <>
      {autoReleaseKeys(value).map((k) => (
        <DictTag key={k} code="auto_release" value={k} />
      ))}
    </>
  )
}

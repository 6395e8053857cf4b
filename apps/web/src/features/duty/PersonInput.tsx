import { useTr } from '@/components/crud/i18n'
import { PersonInput as SharedPersonInput } from '@/components/PersonInput'
import './i18n'

/** A duty person: the shared person field with the duty screens' texts. */
export function PersonInput(props: {
  value?: string
  onChange?: (id: string) => void
  testId?: string
  disabled?: boolean
}) {
  const t = useTr()
  return (
    <SharedPersonInput
      {...props}
      placeholder={t('duty.person')}
      pickLabel={t('duty.pick')}
      pickTestId="duty-person-pick"
    />
  )
}

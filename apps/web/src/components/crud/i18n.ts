import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { MessageKey } from '@/i18n'

export type Tr = (textOrKey: string, values?: Record<string, unknown>) => string

/** Labels in declarations are i18n keys or plain texts: a missing key reads as itself. */
export function useTr(): Tr {
  const { t } = useTranslation()
  return useCallback(
    (textOrKey: string, values?: Record<string, unknown>) =>
      String(values ? t(textOrKey as MessageKey, values as never) : t(textOrKey as MessageKey)),
    [t],
  )
}

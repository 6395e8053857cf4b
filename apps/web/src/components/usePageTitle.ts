import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

/** Browser title `<label>-<smart-park title>`, or the title alone. */
export function usePageTitle(label?: string): void {
  const { t } = useTranslation()
  const title = t('title')
  useEffect(() => {
    document.title = label ? `${label}-${title}` : title
  }, [label, title])
}

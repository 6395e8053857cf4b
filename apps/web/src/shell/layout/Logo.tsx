import { useTranslation } from 'react-i18next'

/** Tenant logo when the tenant has one, else the default mark. */
export function Logo({ collapsed, src }: { collapsed: boolean; src?: string }) {
  const { t } = useTranslation()
  return (
    <div className="shell-logo" data-testid="logo">
      {src ? <img src={src} alt={t('title')} /> : <span className="shell-logo-mark">园</span>}
      {!collapsed && <span className="shell-logo-text">{t('title')}</span>}
    </div>
  )
}

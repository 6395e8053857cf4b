import { useTranslation } from 'react-i18next'
import { type SocialProvider, socialAuthorizeUrl } from '../../api/social'

/**
 * The third-party sign-in buttons (spec 01 §2): their own chunk, drawn after the account form (the
 * password field paints without it). A click sends the browser to the provider through the server.
 */
export default function SocialButtons({
  providers,
  disabled,
  tenant,
}: {
  providers: SocialProvider[]
  disabled: boolean
  /** the tenant to sign in to, or null when it is still to be entered (the page shows why) */
  tenant: () => string | null
}) {
  const { t } = useTranslation()
  return (
    <div className="login-social" data-testid="login-social">
      <span className="login-social-title">{t('login.other')}</span>
      {providers.map((p) => (
        <button
          key={p.code}
          type="button"
          className="login-social-button"
          disabled={disabled}
          onClick={() => {
            const tenantId = tenant()
            if (tenantId !== null) window.location.assign(socialAuthorizeUrl(p.code, tenantId))
          }}
          data-testid={`login-social-${p.code}`}
        >
          {p.name}
        </button>
      ))}
    </div>
  )
}

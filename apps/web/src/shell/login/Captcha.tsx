import type { CaptchaReply } from '@xpark/contract'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fetchCaptcha } from '../../api/auth'

/** Loads a captcha; `refresh` is called on click and after a failed login. */
export function useCaptcha(enabled: boolean) {
  const [captcha, setCaptcha] = useState<CaptchaReply | null>(null)
  const refresh = useCallback(() => {
    if (!enabled) return
    fetchCaptcha()
      .then(setCaptcha)
      .catch(() => setCaptcha(null))
  }, [enabled])
  useEffect(refresh, [refresh])
  return { captcha, refresh }
}

export function CaptchaImage({ image, onRefresh }: { image: string | undefined; onRefresh: () => void }) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      className="login-captcha-image"
      onClick={onRefresh}
      title={t('login.refreshCaptcha')}
      aria-label={t('login.refreshCaptcha')}
      data-testid="login-captcha-image"
    >
      {image ? <img src={image} alt={t('login.captcha')} /> : null}
    </button>
  )
}

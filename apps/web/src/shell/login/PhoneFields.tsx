import { phoneProblem } from '@xpark/contract/validation'
import { useTranslation } from 'react-i18next'
import type { MessageKey } from '../../i18n'
import { Field } from './Field'

/**
 * The phone-code way to sign in (spec 01 §2): its own chunk, loaded when the user picks the phone tab
 * (the sign-in page paints the account form without it). The page keeps the values, the countdown
 * and the submit; this draws the fields and checks them.
 */

type Bind = { value: string; onChange: (e: { target: { value: string } }) => void }

/** The phone's problem (the spec's texts), or null. */
export function phoneError(phone: string): MessageKey | null {
  return phoneProblem(phone.trim()) as MessageKey | null
}

/** The phone form's problems: the phone, then a missing code. */
export function phoneErrors(
  phone: string,
  phoneCode: string,
): { phone?: MessageKey; phoneCode?: MessageKey } {
  const e: { phone?: MessageKey; phoneCode?: MessageKey } = {}
  const problem = phoneError(phone)
  if (problem) e.phone = problem
  if (!phoneCode.trim()) e.phoneCode = 'login.phoneCodeRequired'
  return e
}

export default function PhoneFields({
  phone,
  phoneCode,
  phoneError: phoneMessage,
  phoneCodeError,
  wait,
  notice,
  onSendCode,
}: {
  phone: Bind
  phoneCode: Bind
  phoneError?: string
  phoneCodeError?: string
  /** seconds before another code may be asked for */
  wait: number
  notice: string
  onSendCode: () => void
}) {
  const { t } = useTranslation()
  return (
    <>
      <Field
        id="phone"
        label={t('login.phone')}
        error={phoneMessage}
        autoComplete="tel"
        inputMode="numeric"
        maxLength={11}
        data-testid="login-phone"
        {...phone}
      />
      <div className="login-captcha">
        <Field
          id="phoneCode"
          label={t('login.phoneCode')}
          error={phoneCodeError}
          autoComplete="one-time-code"
          maxLength={12}
          data-testid="login-phone-code"
          {...phoneCode}
        />
        <button
          type="button"
          className="login-send-code"
          disabled={wait > 0}
          onClick={onSendCode}
          data-testid="login-send-code"
        >
          {wait > 0 ? t('login.resend', { seconds: wait }) : t('login.sendCode')}
        </button>
      </div>
      {notice && (
        <p className="login-notice" data-testid="login-notice">
          {notice}
        </p>
      )}
    </>
  )
}

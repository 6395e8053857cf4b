import type { TokenReply } from '@xpark/contract'
import type { TenantInfo } from '@xpark/contract/schemas'
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { fetchTenantInfo, loginByPassword, loginByPhone, sendLoginCode } from '../../api/auth'
import { HttpError } from '../../api/httpCore'
import { setNotifier } from '../../api/notify'
import { fetchSocialProviders, isGuest, loginBySocial, type SocialProvider } from '../../api/social'
import { useConsoleBoot } from '../../app/consoleSettings'
import { LanguageMenu } from '../../components/LanguageMenu'
import { usePageTitle } from '../../components/usePageTitle'
import { website } from '../../config'
import type { MessageKey } from '../../i18n'
import { useLock } from '../../stores/lock'
import { useSession } from '../../stores/session'
import { useSettings } from '../../stores/settings'
import { useTabs } from '../../stores/tabs'
import { backgroundStyle, safeUrl } from './background'
import { CaptchaImage, useCaptcha } from './Captcha'
import { Field } from './Field'
import './login.css'

// The other ways to sign in are chunks of their own, fetched when chosen (or, for the provider
// buttons, drawn after the form): the password field paints after the entry and this page only.
// antd comes with the dialog, only when a guest arrives
const RegisterDialog = lazy(() => import('./RegisterDialog'))
const importPhone = () => import('./PhoneFields')
const PhoneFields = lazy(importPhone)
const SocialButtons = lazy(() => import('./SocialButtons'))

/** What shows while a chosen way's chunk arrives. */
function ModeLoading() {
  return (
    <div className="login-mode-loading" role="status" aria-label="loading" data-testid="login-mode-loading" />
  )
}

type Values = {
  tenantId: string
  username: string
  password: string
  captchaCode: string
  phone: string
  phoneCode: string
}
/** seconds before another sign-in code may be asked for (the server has its own budget) */
const RESEND_SECONDS = 60
type Errors = Partial<Record<keyof Values, MessageKey>>

/**
 * Sign in (spec 01 §2, §4). Plain HTML on purpose: the login route loads no antd, so the password
 * field shows after little JS. No credentials are prefilled. On a park's own domain (the server writes
 * it into index.html; else `tenant/info?domain=`) the tenant is that park's: its field is hidden and
 * its name, logo and background show; without one (or on any failure) the page stays as it is. When
 * the API cannot be reached the form still shows, with a warning.
 */
export default function LoginPage() {
  const { t } = useTranslation()
  usePageTitle(t('login'))
  const navigate = useNavigate()
  const settings = useSettings((s) => s.console)
  // a console pinned to one tenant needs no lookup
  const pinned = Boolean(settings.tenantId)
  const bootTenant = useConsoleBoot((s) => s.domainTenant)
  const apiUnreachable = useConsoleBoot((s) => s.apiUnreachable)
  const [lookedUp, setLookedUp] = useState<TenantInfo | null>(null)
  const domainTenant = pinned ? null : bootTenant === undefined ? lookedUp : bootTenant
  const showTenant = settings.tenantMode && !settings.tenantId && !domainTenant
  // the server may ask for the captcha even when it is off (wrong passwords from here: issue 7)
  const [captchaAsked, setCaptchaAsked] = useState(false)
  const captchaOn = settings.captchaMode || captchaAsked
  const { captcha, refresh } = useCaptcha(captchaOn)
  const [values, setValues] = useState<Values>({
    tenantId: domainTenant?.tenantId ?? website.defaultTenantId,
    username: '',
    password: '',
    captchaCode: '',
    phone: '',
    phoneCode: '',
  })
  // spec 01 §2: the login screen also signs in by phone code
  const [mode, setMode] = useState<'account' | 'phone'>('account')
  const [wait, setWait] = useState(0)
  const [notice, setNotice] = useState('')
  useEffect(() => {
    if (wait <= 0) return
    const timer = setTimeout(() => setWait((w) => w - 1), 1000)
    return () => clearTimeout(timer)
  }, [wait])
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState('')
  const [loading, setLoading] = useState(false)

  // the buttons come with the page (boot data); only a page without them asks
  const bootProviders = useConsoleBoot((s) => s.providers)
  const [fetchedProviders, setProviders] = useState<SocialProvider[]>([])
  const providers = bootProviders ?? fetchedProviders
  const [guest, setGuest] = useState<TokenReply | null>(null)
  // once a guest came, the dialog's chunk stays mounted (its last message outlives the dialog)
  const [registerLoaded, setRegisterLoaded] = useState(false)
  const [search] = useSearchParams()

  // the HTTP client's error toasts (error_description of a failed login) show in the form's alert
  // (the register dialog takes them while it is open)
  useEffect(() => (guest ? undefined : setNotifier({ error: setFailure })), [guest])

  useEffect(() => {
    if (bootProviders) return
    let live = true
    void fetchSocialProviders().then((list) => live && setProviders(list))
    return () => {
      live = false
    }
  }, [bootProviders])

  /** A signed-in reply: a guest gets the register dialog, anyone else the console. */
  function signedIn(reply: TokenReply) {
    if (isGuest(reply)) {
      setGuest(reply)
      setRegisterLoaded(true)
      setLoading(false)
      return
    }
    // a new session starts with no tabs and no lock
    useTabs.getState().reset()
    useLock.getState().clear()
    useSession.getState().startSession(reply)
    navigate('/', { replace: true })
  }

  // back from a provider: `social_ticket` (spent once, whatever StrictMode does) or `social_error`
  const ticketSpent = useRef('')
  const ticket = search.get('social_ticket') ?? ''
  const socialError = search.get('social_error') ?? ''
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per ticket (signedIn and navigate are fresh enough)
  useEffect(() => {
    if (socialError) setFailure(socialError)
    if (!ticket || ticketSpent.current === ticket) return
    ticketSpent.current = ticket
    const tenantId = search.get('tenantId') || settings.tenantId || website.defaultTenantId
    setLoading(true)
    // the ticket leaves the address bar at once: it is worth nothing after this call anyway
    navigate('/login', { replace: true })
    loginBySocial(ticket, tenantId).then(signedIn, () => setLoading(false))
  }, [ticket, socialError])

  function chosenTenant(): string {
    return (
      settings.tenantId ||
      domainTenant?.tenantId ||
      (settings.tenantMode ? values.tenantId.trim() : website.defaultTenantId)
    )
  }

  /** The tenant a provider button signs in to; null (and the field's message) while it is missing. */
  function socialTenant(): string | null {
    if (showTenant && !values.tenantId.trim()) {
      setErrors({ tenantId: 'login.tenantRequired' })
      return null
    }
    return chosenTenant()
  }

  // asked only when the server did not say (a static host without our server)
  const known = pinned || bootTenant !== undefined
  useEffect(() => {
    if (known) return
    let live = true
    void fetchTenantInfo(window.location.hostname).then((info) => {
      if (!live || !info) return
      setLookedUp(info)
      setValues((v) => ({ ...v, tenantId: info.tenantId }))
    })
    return () => {
      live = false
    }
  }, [known])

  const bind = (key: keyof Values) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
  })

  async function validate(): Promise<Errors> {
    const e: Errors = {}
    if (showTenant && !values.tenantId.trim()) e.tenantId = 'login.tenantRequired'
    if (mode === 'phone') {
      const { phoneErrors } = await importPhone()
      return { ...e, ...phoneErrors(values.phone, values.phoneCode) }
    }
    if (!values.username.trim()) e.username = 'login.usernameRequired'
    if (!values.password) e.password = 'login.passwordRequired'
    if (captchaOn && !values.captchaCode.trim()) e.captchaCode = 'login.captchaRequired'
    return e
  }

  async function sendCode() {
    const e: Errors = {}
    if (showTenant && !values.tenantId.trim()) e.tenantId = 'login.tenantRequired'
    const problem = (await importPhone()).phoneError(values.phone)
    if (problem) e.phone = problem
    setErrors(e)
    if (Object.keys(e).length > 0) return
    setFailure('')
    try {
      await sendLoginCode(values.phone.trim(), chosenTenant())
      setNotice(t('login.codeSent'))
      setWait(RESEND_SECONDS)
    } catch {
      // the server's message is in the alert
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found = await validate()
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setFailure('')
    setLoading(true)
    try {
      const tenantId = chosenTenant()
      const reply =
        mode === 'phone'
          ? await loginByPhone(values.phone.trim(), values.phoneCode.trim(), tenantId)
          : await loginByPassword(
              { ...values, tenantId, username: values.username.trim(), captchaKey: captcha?.key },
              captchaOn,
            )
      signedIn(reply)
    } catch (error) {
      // error_description is already shown; a used captcha is void
      if (error instanceof HttpError && (error.body as { error?: unknown })?.error === 'captcha_required')
        setCaptchaAsked(true)
      setValues((v) => ({ ...v, captchaCode: '' }))
      refresh()
      setLoading(false)
    }
  }

  const err = (key: keyof Values) => (errors[key] ? t(errors[key]) : undefined)

  return (
    <div className="login-page" style={backgroundStyle(domainTenant?.backgroundUrl)}>
      <div className="login-language">
        <LanguageMenu />
      </div>
      <form className="login-card" onSubmit={submit} noValidate data-testid="login-form">
        {safeUrl(domainTenant?.logo) && (
          <img
            className="login-tenant-logo"
            src={domainTenant?.logo}
            alt=""
            data-testid="login-tenant-logo"
          />
        )}
        <h1 className="login-title">{t('title')}</h1>
        <p className="login-subtitle">{t('login.welcome')}</p>
        {domainTenant && (
          <p className="login-tenant-name" data-testid="login-tenant-name">
            {domainTenant.tenantName}
          </p>
        )}
        {apiUnreachable && (
          <div className="login-warning" role="alert" data-testid="login-api-warning">
            {t('login.apiUnreachable')}
          </div>
        )}
        {failure && (
          <div className="login-alert" role="alert" data-testid="login-error">
            {failure}
          </div>
        )}
        <div className="login-modes" role="tablist">
          {(['account', 'phone'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              className={`login-mode${mode === m ? ' active' : ''}`}
              onClick={() => {
                setMode(m)
                setErrors({})
                setNotice('')
              }}
              data-testid={`login-mode-${m}`}
            >
              {t(m === 'account' ? 'login.byAccount' : 'login.byPhone')}
            </button>
          ))}
        </div>
        {showTenant && (
          <Field
            id="tenantId"
            label={t('login.tenantId')}
            error={err('tenantId')}
            data-testid="login-tenant"
            {...bind('tenantId')}
          />
        )}
        {mode === 'account' ? (
          <>
            <Field
              id="username"
              label={t('login.username')}
              error={err('username')}
              autoComplete="username"
              data-testid="login-username"
              {...bind('username')}
            />
            <Field
              id="password"
              type="password"
              label={t('login.password')}
              error={err('password')}
              autoComplete="current-password"
              data-testid="login-password"
              {...bind('password')}
            />
            {captchaOn && (
              <div className="login-captcha">
                <Field
                  id="captchaCode"
                  label={t('login.captcha')}
                  error={err('captchaCode')}
                  autoComplete="off"
                  data-testid="login-captcha"
                  {...bind('captchaCode')}
                />
                <CaptchaImage image={captcha?.image} onRefresh={refresh} />
              </div>
            )}
          </>
        ) : (
          <Suspense fallback={<ModeLoading />}>
            <PhoneFields
              phone={bind('phone')}
              phoneCode={bind('phoneCode')}
              phoneError={err('phone')}
              phoneCodeError={err('phoneCode')}
              wait={wait}
              notice={notice}
              onSendCode={() => void sendCode()}
            />
          </Suspense>
        )}
        <button type="submit" className="login-submit" disabled={loading} data-testid="login-submit">
          {loading ? '…' : t('login.submit')}
        </button>
        {providers.length > 0 && (
          <Suspense fallback={null}>
            <SocialButtons providers={providers} disabled={loading} tenant={socialTenant} />
          </Suspense>
        )}
      </form>
      {registerLoaded && (
        <Suspense fallback={<ModeLoading />}>
          <RegisterDialog
            guest={guest}
            tenantAsked={showTenant}
            onClosed={() => {
              setGuest(null)
              navigate('/login', { replace: true })
            }}
          />
        </Suspense>
      )}
    </div>
  )
}

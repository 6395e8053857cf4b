import type { CaptchaReply, ConsoleSettings, R, TokenReply } from '@xpark/contract'
import type { TenantInfo } from '@xpark/contract/schemas'
import { website } from '../config'
import { http } from './http'
import { buildUrl } from './httpCore'
import { md5Hex } from './md5'

/** The settings when `value` has their shape, else null (whatever a proxy or an old server sent). */
export function asConsoleSettings(value: unknown): ConsoleSettings | null {
  if (value === null || typeof value !== 'object') return null
  const v = value as Record<keyof ConsoleSettings, unknown>
  return typeof v.tenantMode === 'boolean' &&
    typeof v.captchaMode === 'boolean' &&
    typeof v.tokenTime === 'number' &&
    typeof v.tenantId === 'string' &&
    typeof v.clientId === 'string'
    ? {
        tenantMode: v.tenantMode,
        captchaMode: v.captchaMode,
        tokenTime: v.tokenTime,
        tenantId: v.tenantId,
        clientId: v.clientId,
        // request encryption is on when the server hands out its public key
        ...(typeof v.cryptoPublicKey === 'string' && v.cryptoPublicKey
          ? { cryptoPublicKey: v.cryptoPublicKey }
          : {}),
      }
    : null
}

/**
 * `GET console/settings` (public). Quiet on purpose (plain fetch, not the client): when it fails the
 * sign-in page says the API is not reachable, which is what a person can act on. Throws on anything
 * but the settings envelope (a network error, a proxy answering index.html for unknown paths).
 */
export async function fetchConsoleSettings(): Promise<ConsoleSettings> {
  const res = await fetch(buildUrl(website.apiBase, 'console/settings'), {
    credentials: 'same-origin',
    signal: AbortSignal.timeout(website.requestTimeoutMs),
  })
  const body = (await res.json().catch(() => null)) as Partial<R<unknown>> | null
  const settings = body?.code === 200 ? asConsoleSettings(body.data) : null
  if (!settings) throw new Error(`console/settings: not the xpark API (HTTP ${res.status})`)
  return settings
}

/** The tenant face when `value` has its shape (a tenant id at least), else null. */
export function asTenantInfo(value: unknown): TenantInfo | null {
  if (value === null || typeof value !== 'object') return null
  const v = value as Record<keyof TenantInfo, unknown>
  if (typeof v.tenantId !== 'string' || !v.tenantId) return null
  const text = (x: unknown) => (typeof x === 'string' ? x : '')
  return {
    tenantId: v.tenantId,
    tenantName: text(v.tenantName),
    logo: text(v.logo),
    backgroundUrl: text(v.backgroundUrl),
  }
}

/** `GET blade-auth/oauth/captcha` (public, bare reply). */
export function fetchCaptcha(): Promise<CaptchaReply> {
  return http.get<CaptchaReply>('blade-auth/oauth/captcha', undefined, { auth: false })
}

export interface LoginForm {
  tenantId: string
  username: string
  /** as typed: hashed here, never sent in clear */
  password: string
  captchaKey?: string
  captchaCode?: string
}

/** Password (or captcha) login: everything in the query, body empty, bare TokenReply back. */
export async function loginByPassword(form: LoginForm, captchaMode: boolean): Promise<TokenReply> {
  const headers: Record<string, string> = { 'Tenant-Id': form.tenantId }
  if (captchaMode) {
    headers['Captcha-Key'] = form.captchaKey ?? ''
    headers['Captcha-Code'] = form.captchaCode ?? ''
  }
  return http.post<TokenReply>(
    'blade-auth/oauth/token',
    {
      tenantId: form.tenantId,
      username: form.username,
      password: await md5Hex(form.password),
      grant_type: captchaMode ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    },
    undefined,
    { headers, auth: false },
  )
}

/**
 * `GET blade-auth/oauth/sms/captcha?phone=` (public): a sign-in code to the phone, through the tenant's
 * SMS configuration; the same answer whether an account has the phone or not.
 */
export function sendLoginCode(phone: string, tenantId: string): Promise<R<unknown>> {
  return http.get<R<unknown>>(
    'blade-auth/oauth/sms/captcha',
    { phone, tenantId },
    { headers: { 'Tenant-Id': tenantId }, auth: false },
  )
}

/** Phone sign-in (spec 01 §3, §7): `account` is the phone, `phoneCode` the code sent to it. */
export function loginByPhone(phone: string, phoneCode: string, tenantId: string): Promise<TokenReply> {
  return http.post<TokenReply>(
    'blade-auth/oauth/token',
    { tenantId, account: phone, phoneCode, grant_type: 'sms_code', scope: 'all', type: 'phone' },
    undefined,
    { headers: { 'Tenant-Id': tenantId }, auth: false },
  )
}

/** Refresh grant; refresh tokens rotate, so the caller must store the new pair. */
export function refreshToken(refresh: string, tenantId: string): Promise<TokenReply> {
  return http.post<TokenReply>(
    'blade-auth/oauth/token',
    { grant_type: 'refresh_token', refresh_token: refresh, tenantId, scope: 'all' },
    undefined,
    { headers: { 'Tenant-Id': tenantId }, auth: false },
  )
}

export function logout(): Promise<{ success: string; msg: string }> {
  return http.get('blade-auth/oauth/logout')
}

export function clearCache(): Promise<unknown> {
  return http.get('blade-auth/oauth/clear-cache')
}

/**
 * `GET blade-system/tenant/info?domain=` (public): the tenant whose domain this is, for its own login
 * page; null when there is none or on any failure. Quiet on purpose (plain fetch, not the client): a
 * host without a tenant is the normal case and must not show an error or fill the error log.
 */
export async function fetchTenantInfo(domain: string): Promise<TenantInfo | null> {
  try {
    const res = await fetch(buildUrl(website.apiBase, 'blade-system/tenant/info', { domain }), {
      credentials: 'same-origin',
    })
    if (!res.ok) return null
    const body = (await res.json()) as Partial<R<unknown>>
    return body.code === 200 ? asTenantInfo(body.data) : null
  } catch {
    return null
  }
}

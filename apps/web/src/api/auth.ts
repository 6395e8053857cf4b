import type { CaptchaReply, ConsoleSettings, R, TokenReply } from '@xpark/contract'
import type { TenantInfo } from '@xpark/contract/schemas'
import { website } from '../config'
import { http } from './http'
import { buildUrl } from './httpCore'
import { md5Hex } from './md5'

/** `GET console/settings` (public). */
export async function fetchConsoleSettings(): Promise<ConsoleSettings> {
  return (await http.get<R<ConsoleSettings>>('console/settings', undefined, { auth: false })).data
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
    const body = (await res.json()) as Partial<R<TenantInfo>>
    return body.code === 200 && body.data?.tenantId ? body.data : null
  } catch {
    return null
  }
}

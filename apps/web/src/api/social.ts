import type { R, TokenReply } from '@xpark/contract'
import { website } from '../config'
import { http } from './http'
import { buildUrl } from './httpCore'
import { md5Hex } from './md5'

/**
 * Third-party sign-in (spec 01 §2, §4): the providers' buttons, the round trip's start, the
 * `social` grant with the callback's one-time ticket, and the guest's registration. See
 * docs/modules/sign-in.md. No value import from @xpark/contract: this file is in the sign-in chunk.
 */

export interface SocialProvider {
  code: string
  name: string
}

/** `GET blade-auth/oauth/social/providers` (public); quiet: no providers on any failure. */
export async function fetchSocialProviders(): Promise<SocialProvider[]> {
  try {
    const res = await fetch(buildUrl(website.apiBase, 'blade-auth/oauth/social/providers'), {
      credentials: 'same-origin',
    })
    const body = (await res.json()) as Partial<R<unknown>>
    if (body.code !== 200 || !Array.isArray(body.data)) return []
    return body.data.filter(
      (p): p is SocialProvider =>
        typeof p === 'object' && p !== null && typeof p.code === 'string' && typeof p.name === 'string',
    )
  } catch {
    return []
  }
}

/** Where the browser goes to sign in with a provider (the server redirects it on). */
export function socialAuthorizeUrl(code: string, tenantId: string): string {
  return buildUrl(website.apiBase, `blade-auth/oauth/social/authorize/${encodeURIComponent(code)}`, {
    tenantId,
  })
}

/** `grant_type=social` with the ticket the callback put in the sign-in page's URL. */
export function loginBySocial(ticket: string, tenantId: string): Promise<TokenReply> {
  return http.post<TokenReply>(
    'blade-auth/oauth/token',
    { grant_type: 'social', ticket, scope: 'all', tenantId },
    undefined,
    { headers: { 'Tenant-Id': tenantId }, auth: false },
  )
}

/** A third-party sign-in without an account here (spec 01 §2: no id, or a negative one). */
export function isGuest(reply: Pick<TokenReply, 'user_id'>): boolean {
  return !reply.user_id || Number(reply.user_id) < 0
}

export interface RegisterForm {
  tenantId: string
  name: string
  account: string
  password: string
  password2: string
}

const guestAuth = (token: string) => ({ 'Blade-Auth': `bearer ${token}` })

/** `POST blade-user/register-guest` with the guest's own token (it is never the session's). */
export async function registerGuest(form: RegisterForm, guest: TokenReply): Promise<R<unknown>> {
  return http.post<R<unknown>>(
    'blade-user/register-guest',
    undefined,
    {
      tenantId: form.tenantId,
      name: form.name,
      account: form.account.trim(),
      password: await md5Hex(form.password),
      password2: await md5Hex(form.password2),
      oauthId: guest.oauth_id,
    },
    { headers: guestAuth(guest.access_token), auth: false },
  )
}

/** End the guest token (quietly: it dies on its own soon anyway). */
export async function logoutGuest(guest: TokenReply): Promise<void> {
  try {
    await http.post('blade-auth/oauth/logout', undefined, undefined, {
      headers: guestAuth(guest.access_token),
      auth: false,
    })
  } catch {
    // nothing to do: the token expires
  }
}

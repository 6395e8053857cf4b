import type { TenantInfo } from './schemas/tenant.js'

/** Reply of `POST blade-auth/oauth/token` on success (bare, not wrapped in R). */
export interface TokenReply {
  access_token: string
  token_type: 'bearer'
  refresh_token: string
  expires_in: number
  scope: 'all'
  tenant_id: string
  user_id: string
  dept_id: string
  post_id: string
  role_id: string
  oauth_id: string
  account: string
  user_name: string
  nick_name: string
  real_name: string
  role_name: string
  avatar: string
  client_id: string
  license: string
  detail: Record<string, unknown>
  jti: string
}

/** Reply of `POST blade-auth/oauth/token` on failure (bare). */
export interface TokenError {
  error_code: number
  error: string
  error_description: string
}

/** `GET blade-auth/oauth/captcha`. */
export interface CaptchaReply {
  key: string
  image: string
}

/** `GET console/settings`: what the console needs to know before sign-in (public). */
export interface ConsoleSettings {
  /** show the tenant id field on the login page */
  tenantMode: boolean
  captchaMode: boolean
  /** the age (ms) at which the console refreshes its access token */
  tokenTime: number
  /** the tenant preset for this console (empty when the user types it) */
  tenantId: string
  /** the public OAuth client the console signs in with (no secret: it is a public client) */
  clientId: string
  /**
   * request encryption (spec 01 §7): present when the server has it on, the RSA-OAEP (SHA-256)
   * public key as base64 SPKI; the console then seals every call
   */
  cryptoPublicKey?: string
}

/**
 * What the server writes into the console's index.html (a `<script type="application/json"
 * id="xpark-boot">` element) so the sign-in page needs no request before it shows: the console
 * settings, and the park whose own domain the page was asked for (null: none).
 */
export interface ConsoleBoot {
  settings: ConsoleSettings
  tenant: TenantInfo | null
  /** the third-party sign-in buttons (modules/social); absent when not known */
  providers?: { code: string; name: string }[]
  /** English names of menus the modules declare with their screens, by menu code */
  menuNames?: Record<string, string>
}

/** `GET blade-user/info`: the signed-in user, for the top bar. */
export interface UserInfo {
  id: string
  tenantId: string
  tenantName: string
  /** the tenant's logo image address; empty → the console's default mark */
  tenantLogo: string
  account: string
  name: string
  realName: string
  avatar: string
  email: string
  phone: string
  roleName: string
  roleAliases: string[]
  deptName: string
  /** true while the account still has the demo or an initial password: the console shows a warning */
  defaultPassword: boolean
  /**
   * an initial password someone else set (import, reset, a new tenant's admin): the server refuses
   * every call but changing it (403, `data.passwordChangeRequired`) until the person chooses their own
   */
  passwordChangeRequired?: boolean
}

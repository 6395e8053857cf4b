import { z } from 'zod'
import { defineCall, SIGNED_IN } from '../calls.js'
import { optionalChoice, optionalText, requiredText, sort, wire } from '../fields.js'
import { defineContract } from '../kit.js'
import { doneReply } from '../replies.js'
import { md5Hex } from '../schemas/common.js'

/**
 * Other ways in (spec 01 §2, §4, §5): OpenID Connect providers an administrator configures, the
 * people who signed in through one for the first time (guests) waiting for approval, and the
 * register dialog's form. See docs/modules/sign-in.md.
 */

/** The user id of a guest token (a third-party sign-in with no account yet): refused off `guest` routes. */
export const GUEST_USER_ID = '-1'

/** Guest request states (`status`). */
export const GUEST_STATUS = { pending: 0, approved: 1, rejected: 2 } as const

const issuer = z
  .string({ error: 'please enter issuer' })
  .trim()
  .min(1, 'please enter issuer')
  .max(255, 'issuer: at most 255 characters')
  .regex(/^https?:\/\/[^\s]+$/, 'issuer: must start with http:// or https://')

/** `blade-system/oauth-provider`: platform-wide, the platform administrator's (secret write-only). */
export const oauthProviderContract = defineContract({
  path: 'blade-system/oauth-provider',
  code: 'oauth_provider',
  form: z.object({
    name: requiredText('please enter provider name', 64),
    code: z
      .string({ error: 'please enter provider code' })
      .trim()
      .regex(/^[a-z][a-z0-9_-]{1,31}$/, 'provider code: 2-32 lower-case letters, digits, - or _'),
    issuer,
    clientId: requiredText('please enter client id', 255),
    /** write-only: sealed on the server, never read back; empty on an edit keeps the stored one */
    clientSecret: optionalText('client secret', 500),
    scope: optionalText('scope', 255),
    sort,
    status: optionalChoice('status: 0 or 1', 0, 1),
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    code: wire.text,
    issuer: wire.text,
    clientId: wire.text,
    scope: wire.text,
    sort: wire.number,
    status: wire.number,
    remark: wire.text,
    createTime: wire.date,
  }),
  filters: { name: 'like', code: 'eq', status: 'eq' },
  sorts: ['sort', 'createTime'],
})

/** A provider as the sign-in page lists it (public). */
export const SocialProviderItem = z.object({ code: z.string(), name: z.string() })
export type SocialProviderItem = z.infer<typeof SocialProviderItem>

// —— the browser's round trip (public): the sign-in page's buttons, `authorize/<code>` → the
// provider → `callback` → the console's sign-in page with a one-time ticket (redirects, no envelope) ——

export const socialProvidersCall = defineCall({
  path: 'blade-auth/oauth/social/providers',
  method: 'GET',
  public: true,
  reply: z.array(SocialProviderItem),
  summary: 'enabled third-party sign-in providers',
  tag: 'auth',
})

export const socialAuthorizeCall = defineCall({
  path: 'blade-auth/oauth/social/authorize/:code',
  method: 'GET',
  public: true,
  params: z.object({ code: z.string().max(32), tenantId: z.string().max(12).optional() }),
  summary: 'start a third-party sign-in: redirects to the provider (tenant from Tenant-Id or tenantId)',
  tag: 'auth',
})

export const socialCallbackCall = defineCall({
  path: 'blade-auth/oauth/social/callback',
  method: 'GET',
  public: true,
  params: z.record(z.string(), z.string().max(4096)),
  summary: "the provider's return: on to the console's sign-in page with a one-time ticket",
  tag: 'auth',
})

/** Approving a guest: the role the new account gets (default: the tenant's role aliased `guest`). */
export const GuestApproveInput = z.object({
  roleId: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
})

/** `blade-user/guest`: people who registered after a first third-party sign-in, for approval. */
export const guestContract = defineContract({
  path: 'blade-user/guest',
  code: 'user_guest',
  label: 'account',
  form: z.object({ remark: optionalText('remark', 255) }),
  row: z.object({
    id: wire.id,
    providerName: wire.optionalText,
    subject: wire.text,
    email: wire.text,
    account: wire.text,
    name: wire.text,
    userId: wire.optionalId,
    status: wire.number,
    createTime: wire.date,
  }),
  filters: { account: 'like', name: 'like', status: 'eq' },
  sorts: ['createTime'],
  routes: { submit: false, save: false, update: false },
  actions: {
    approve: {
      name: '通过',
      state: 'status',
      input: GuestApproveInput,
      transitions: [{ label: 'social.approve', from: [GUEST_STATUS.pending], to: GUEST_STATUS.approved }],
    },
    reject: {
      name: '拒绝',
      state: 'status',
      transitions: [
        { label: 'social.reject', from: [GUEST_STATUS.pending], to: GUEST_STATUS.rejected, danger: true },
      ],
    },
  },
})

/**
 * The register dialog '账号注册' (spec 01 §3 "Register form"): the checks in the spec's order (§5),
 * tenant id only when the console has no preset tenant. The password arrives as MD5 hex (never clear).
 */
export const REGISTER_CHECKS = {
  tenant: '请先输入租户编号',
  account: '请先输入账号名称',
  password: '请先输入密码',
  mismatch: '两次密码输入不一致',
} as const

export const RegisterGuestBody = z.object({
  tenantId: z.string().max(12).optional(),
  name: z.string().max(20).optional(),
  account: z.string().max(45).optional(),
  password: z.union([md5Hex, z.literal('')]).optional(),
  password2: z.union([md5Hex, z.literal('')]).optional(),
  /** the guest token's `oauth_id` (checked against the token) */
  oauthId: z.string().max(300).optional(),
})
export type RegisterGuestBody = z.infer<typeof RegisterGuestBody>

/** `POST blade-user/register-guest` (spec 01 §7 "Guest registration"): the guest token's own call. */
export const registerGuestCall = defineCall({
  path: 'blade-user/register-guest',
  method: 'POST',
  permission: SIGNED_IN,
  params: RegisterGuestBody,
  reply: doneReply,
  summary:
    'a guest (user id -1) files a registration: tenantId (when the console has no preset tenant), name, account, password and password2 (MD5 hex), oauthId',
  tag: 'user',
})

/** What the register dialog's fields need, in the spec's order: the first missing one's message, or null. */
export function registerProblem(
  form: { tenantId?: string; account?: string; password?: string; password2?: string },
  tenantAsked: boolean,
): string | null {
  if (tenantAsked && !form.tenantId?.trim()) return REGISTER_CHECKS.tenant
  if (!form.account?.trim()) return REGISTER_CHECKS.account
  if (!form.password || !form.password2) return REGISTER_CHECKS.password
  if (form.password !== form.password2) return REGISTER_CHECKS.mismatch
  return null
}

export const REGISTER_SUBMITTED = '注册申请已提交,请耐心等待管理员通过!'

import { z } from 'zod'
import type { CaptchaReply, TokenReply } from '../auth.js'
import { defineCall, SIGNED_IN } from '../calls.js'
import { doneReply } from '../replies.js'
import { md5Hex } from './common.js'

/**
 * blade-auth (BladeX AuthController, Spring Security OAuth): the token endpoint, captchas, logout,
 * clear-cache and the phone sign-in code. The OAuth endpoints answer bare (no envelope), their
 * failures in OAuth form. The console's sign-in page calls them by path (`api/auth.ts`: its chunk
 * carries no zod); these declarations are the server's and the API document's.
 */

const tag = 'auth'

/** `POST blade-auth/oauth/token` on success. */
export const TokenReplySchema: z.ZodType<TokenReply> = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  refresh_token: z.string(),
  expires_in: z.number(),
  scope: z.literal('all'),
  tenant_id: z.string(),
  user_id: z.string(),
  dept_id: z.string(),
  post_id: z.string(),
  role_id: z.string(),
  oauth_id: z.string(),
  account: z.string(),
  user_name: z.string(),
  nick_name: z.string(),
  real_name: z.string(),
  role_name: z.string(),
  avatar: z.string(),
  client_id: z.string(),
  license: z.string(),
  detail: z.record(z.string(), z.unknown()),
  jti: z.string(),
})

/**
 * Sign-in, refresh and tenant switch by `grant_type` (password, captcha, refresh_token, sms_code,
 * and the social module's social, applet). Its parameters come in the query (Saber sends them as
 * axios `params`) and are checked by the endpoint itself: a bad one is OAuth's `invalid_request`
 * (`{error_code, error, error_description}`), not the envelope's 400.
 */
export const tokenCall = defineCall({
  path: 'blade-auth/oauth/token',
  method: 'POST',
  in: 'query',
  public: true,
  reply: TokenReplySchema,
  bare: true,
  summary:
    'OAuth token: grant_type password | captcha | refresh_token | sms_code | social | applet (parameters in the query; client in Authorization: Basic)',
  tag,
})

export const CaptchaReplySchema: z.ZodType<CaptchaReply> = z.object({ key: z.string(), image: z.string() })

export const captchaCall = defineCall({
  path: 'blade-auth/oauth/captcha',
  method: 'GET',
  public: true,
  reply: CaptchaReplySchema,
  bare: true,
  summary: 'a captcha: its key and the picture as a data: URL (rate limited per address)',
  tag,
})

/** The picture itself (SVG), its key in the `Captcha-Key` header; `key` renews that captcha. */
export const captcha2Call = defineCall({
  path: 'blade-auth/oauth/captcha2',
  method: 'GET',
  public: true,
  params: z.object({ key: z.string().uuid().optional() }),
  summary: 'a captcha as an SVG picture, its key in the Captcha-Key header (rate limited per address)',
  tag,
})

/** What logout and clear-cache answer (bare, as BladeX). */
export const OAuthDoneReply = z.object({ success: z.string(), msg: z.string() })

/** Idempotent: an absent or dead token gets the same answer. */
export const logoutCall = defineCall({
  path: 'blade-auth/oauth/logout',
  method: 'POST',
  methods: ['GET', 'POST'],
  in: 'query',
  public: true,
  reply: OAuthDoneReply,
  bare: true,
  summary: 'end the session of the bearer token (if any)',
  tag,
})

/** The platform administrator clears every cache, anyone else their own tenant's (a few a minute). */
export const clearCacheCall = defineCall({
  path: 'blade-auth/oauth/clear-cache',
  method: 'GET',
  permission: SIGNED_IN,
  reply: OAuthDoneReply,
  bare: true,
  summary: "clear the caches: every one (platform administrator) or the caller's tenant's",
  tag,
})

/** A code went out by SMS (msg `验证码已发送`): the phone masked, how long the code lives. */
export const SmsCodeSentReply = z.object({ phone: z.string(), expireSeconds: z.number() })

/**
 * A phone sign-in code by SMS (then `grant_type=sms_code`). The answer is the same whether an
 * account has the phone or not; budgets per phone and per address.
 */
export const smsCaptchaCall = defineCall({
  path: 'blade-auth/oauth/sms/captcha',
  method: 'GET',
  public: true,
  params: z.object({ phone: z.string().max(20).optional(), tenantId: z.string().max(12).optional() }),
  reply: SmsCodeSentReply,
  summary: 'a phone sign-in code by SMS (phone; tenant from Tenant-Id or tenantId); then grant_type=sms_code',
  tag,
})

/**
 * spec 01 §7 `smsForUpdate-password (phone)`: the signed-in person changes their password with a
 * code sent to their own phone instead of the old password. First call: `phone` alone sends the
 * code; second: `phone`, `phoneCode`, `newPassword`, `newPassword1` (the MD5 hex the console sends)
 * change it. Parameters in the query, as the console sends them.
 */
export const smsPasswordCall = defineCall({
  path: 'blade-user/smsForUpdate-password',
  method: 'POST',
  in: 'query',
  permission: SIGNED_IN,
  params: z.object({
    phone: z.string().max(20).optional(),
    phoneCode: z.string().max(12).optional(),
    newPassword: md5Hex.optional(),
    newPassword1: md5Hex.optional(),
  }),
  reply: z.union([SmsCodeSentReply, doneReply]),
  summary:
    'own password by SMS code: phone alone sends the code; with phoneCode, newPassword, newPassword1 (MD5 hex) it changes the password',
  tag: 'user',
})

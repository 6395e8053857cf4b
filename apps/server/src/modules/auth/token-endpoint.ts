import { phoneProblem, type TokenError, type TokenReply } from '@xpark/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { verifyPassword } from '../../core/auth/passwords.js'
import type { ModuleContext } from '../../core/module.js'
import { type Account, findAccount, findAccountById, switchTarget, tenantState } from '../user/index.js'
import { checkCaptcha } from './captcha.js'
import { authenticateClient, type OAuthClient } from './clients.js'
import type { LoginLimits } from './limits.js'
import { PHONE_CODE_WRONG, type PhoneCodes } from './phone-codes.js'
import { accountsWithPhone } from './phone-login.js'
import { FamilyRevokedError, type Sessions } from './sessions.js'

/** Parameters arrive in the query string (Saber sends them as axios `params`), the body is empty. */
const TokenQuery = z.object({
  grant_type: z.enum(['password', 'captcha', 'refresh_token', 'sms_code', 'social', 'applet']),
  tenantId: z.string().max(12).optional(),
  tenant_id: z.string().max(12).optional(),
  username: z.string().max(45).optional(),
  password: z.string().max(255).optional(),
  refresh_token: z.string().max(255).optional(),
  captchaKey: z.string().max(64).optional(),
  captchaCode: z.string().max(16).optional(),
  /** phone sign-in (spec 01 §3, §7): the phone number and the code `oauth/sms/captcha` sent to it */
  account: z.string().max(20).optional(),
  phoneCode: z.string().max(12).optional(),
  /** social sign-in (modules/social): the one-time ticket of the provider's callback */
  ticket: z.string().max(100).optional(),
  /** the applet grant (modules/social): provider code, its authorization code and PKCE verifier */
  source: z.string().max(32).optional(),
  code: z.string().max(2048).optional(),
  code_verifier: z.string().max(128).optional(),
  redirect_uri: z.string().max(1000).optional(),
  state: z.string().max(255).optional(),
  nonce: z.string().max(255).optional(),
  scope: z.string().optional(),
  type: z.string().optional(),
})
export type TokenParams = z.infer<typeof TokenQuery>

/**
 * What a grant another module brings (modules/social: `social`, `applet`) may do: find the tenant,
 * check it, sign an account in (every check a sign-in makes), or hand out a guest token.
 */
export interface GrantTools {
  tenantOf: (request: FastifyRequest, q: TokenParams) => string
  checkTenant: (tenantId: string) => Promise<void>
  signIn: (account: Account | null, c: OAuthClient) => Promise<TokenReply>
  guest: (
    g: { tenantId: string; oauthId: string; account: string; name: string },
    c: OAuthClient,
  ) => Promise<TokenReply>
}
export type TokenGrant = (
  request: FastifyRequest,
  q: TokenParams,
  c: OAuthClient,
  tools: GrantTools,
) => Promise<TokenReply>

declare module 'fastify' {
  interface FastifyInstance {
    /** grants other modules add to the token endpoint, by grant_type */
    tokenGrants: Map<string, TokenGrant>
  }
}

class GrantError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message)
  }
}

/** The sign-in needs a captcha here (settings, or LoginLimits.needsCaptcha): the console then shows one. */
export const CAPTCHA_REQUIRED = 'captcha_required'
const captchaRefused = (message: string) => new GrantError(400, CAPTCHA_REQUIRED, message)

/** A disabled (停用) account, told only to someone who gave its password. */
export const ACCOUNT_DISABLED = '账号已停用,请联系管理员'

const denied = (message: string) => new GrantError(400, 'invalid_grant', message)

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return (Array.isArray(value) ? value[0] : value) || undefined
}

/** The tenant a sign-in (or a sign-in code) is for: preset, else the Tenant-Id header, else `tenantId`. */
export function tenantOfRequest(config: ModuleContext['config']) {
  return (request: FastifyRequest, q: { tenantId?: string; tenant_id?: string }): string => {
    if (!config.tenantMode) return config.presetTenantId || '000000'
    const tenantId = header(request, 'tenant-id') ?? q.tenantId ?? q.tenant_id ?? config.presetTenantId
    if (!tenantId) throw denied('租户ID未找到')
    return tenantId
  }
}

/** Thrown by tenantOfRequest without a tenant; the token endpoint answers it in OAuth form. */
export { GrantError }

export function tokenEndpoint(
  ctx: ModuleContext,
  sessions: Sessions,
  limits: LoginLimits,
  codes: PhoneCodes,
  grants: ReadonlyMap<string, TokenGrant>,
) {
  const db = ctx.database.db

  const tenantOf = tenantOfRequest(ctx.config)

  async function checkTenant(tenantId: string): Promise<void> {
    const state = await tenantState(db, tenantId)
    if (state === 'missing') throw denied('未获得用户的租户信息')
    if (state === 'expired') throw denied('租户授权已过期,请联系管理员')
  }

  /** Called only after the password (or refresh token) proved who is asking: the reason may be told. */
  function usable(account: Account | null): Account {
    if (!account) throw denied('用户名或密码错误')
    // status 1 normal; anything else is 停用 on the user screen
    if (account.status !== 1) throw denied(ACCOUNT_DISABLED)
    if (!account.roleAliases.length) throw denied('未获得用户的角色信息')
    return account
  }

  async function passwordGrant(request: FastifyRequest, q: z.infer<typeof TokenQuery>, c: OAuthClient) {
    const tenantId = tenantOf(request, q)
    const username = q.username ?? ''
    if (!username || !q.password) throw denied('用户名或密码错误')
    if (!(await limits.allowAttempt(request.ip, tenantId, username))) {
      throw new GrantError(429, 'too_many_requests', '请求过于频繁,请稍后再试')
    }
    // The captcha is enforced whatever grant the client names: BladeX checked it only for
    // grant_type=captcha, so choosing `password` bypassed it. Guessing from an address, or at one
    // account from many, needs it too even when it is off.
    const ip = request.ip
    if (ctx.config.captcha || (await limits.needsCaptcha(ip, tenantId, username))) {
      const key = header(request, 'captcha-key') ?? q.captchaKey ?? ''
      const code = header(request, 'captcha-code') ?? q.captchaCode ?? ''
      if (!key || !code) throw captchaRefused('请输入验证码')
      if (!(await checkCaptcha(ctx.cache, key, code))) throw captchaRefused('验证码不正确')
    }
    // locked for this address only: the account's owner elsewhere signs in as ever
    if (await limits.isLocked(ip, tenantId, username)) throw denied('登录错误次数过多,请稍后再试')
    await checkTenant(tenantId)
    const account = await findAccount(db, tenantId, username)
    if (!account || !(await verifyPassword(account.passwordHash, q.password))) {
      await limits.recordFailure(ip, tenantId, username)
      throw denied('用户名或密码错误')
    }
    await limits.clearFailures(ip, tenantId, username)
    return sessions.issue(usable(account), c)
  }

  /** grant_type=sms_code: `account` is the phone, `phoneCode` the code sent to it (single-use). */
  async function phoneGrant(request: FastifyRequest, q: z.infer<typeof TokenQuery>, c: OAuthClient) {
    const tenantId = tenantOf(request, q)
    const phone = (q.account ?? '').trim()
    const problem = phoneProblem(phone)
    if (problem) throw denied(problem)
    if (!q.phoneCode) throw denied('请输入验证码')
    const ip = request.ip
    if (!(await limits.allowAttempt(ip, tenantId, phone))) {
      throw new GrantError(429, 'too_many_requests', '请求过于频繁,请稍后再试')
    }
    await checkTenant(tenantId)
    if (!(await codes.consume(tenantId, 'login', phone, q.phoneCode.trim()))) {
      await limits.recordFailure(ip, tenantId, phone)
      throw denied(PHONE_CODE_WRONG)
    }
    const accounts = await accountsWithPhone(db, tenantId, phone)
    if (accounts.length > 1) throw denied('该手机号绑定了多个账号,请使用账号密码登录')
    const account = accounts[0] ? await findAccountById(db, accounts[0].id) : null
    return sessions.issue(usable(account), c)
  }

  const tools: GrantTools = {
    tenantOf,
    checkTenant,
    signIn: (account, c) => sessions.issue(usable(account), c),
    guest: (g, c) => sessions.issueGuest(g, c),
  }

  async function refreshGrant(request: FastifyRequest, q: z.infer<typeof TokenQuery>, c: OAuthClient) {
    if (!q.refresh_token) throw denied('令牌已失效')
    const spent = await sessions.spend(q.refresh_token, c.clientId)
    if (!spent.ok) throw denied('令牌已失效')
    const wanted = tenantOf(request, q)
    let userId = spent.userId
    let sourceId = spent.sourceUserId
    if (wanted !== spent.tenantId) {
      // tenant switch: the person's own grants decide (a switched session switches as the account it
      // came from), into the account granted there; their own tenant takes them home
      const person = spent.sourceUserId ?? spent.userId
      const home = spent.sourceUserId ? await findAccountById(db, person) : null
      if (home && home.tenantId === wanted) {
        userId = person
        sourceId = null
      } else {
        const target = await switchTarget(db, person, wanted)
        if (!target) throw denied('未获得用户的租户信息')
        userId = target
        // the person's account decides the switched session's fate (disabled → it ends too)
        sourceId = person
      }
    } else if (sourceId && (await switchTarget(db, sourceId, wanted)) !== userId)
      // a switched session lives only while the account it came from may still switch here
      throw denied('未获得用户的租户信息')
    // a refresh re-checks everything a sign-in checks: the account (and the one a switch came from)
    // still exists and is enabled, and its tenant still exists and has not expired
    let source: { userId: string; tenantId: string } | null = null
    if (sourceId) {
      const person = usable(await findAccountById(db, sourceId))
      await checkTenant(person.tenantId)
      source = { userId: person.id, tenantId: person.tenantId }
    }
    const account = usable(await findAccountById(db, userId))
    await checkTenant(account.tenantId)
    // a switch starts a new family: the new tenant's session is revoked on its own
    return sessions.issue(account, c, wanted === spent.tenantId ? spent.familyId : undefined, source)
  }

  return async function handle(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<TokenReply | TokenError> {
    const fail = (status: number, error: string, description: string): TokenError => {
      reply.status(status)
      return { error_code: status, error, error_description: description }
    }
    const oauthClient = await authenticateClient(db, header(request, 'authorization'))
    if (!oauthClient) return fail(401, 'invalid_client', '客户端认证失败')
    const parsed = TokenQuery.safeParse(request.query)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return fail(400, 'invalid_request', `参数校验失败: ${issue?.path.join('.')}: ${issue?.message}`)
    }
    const q = parsed.data
    if (!oauthClient.grantTypes.has(q.grant_type)) {
      return fail(400, 'unsupported_grant_type', `客户端不支持该授权类型: ${q.grant_type}`)
    }
    try {
      const added = grants.get(q.grant_type)
      const issued = added
        ? await added(request, q, oauthClient, tools)
        : q.grant_type === 'refresh_token'
          ? await refreshGrant(request, q, oauthClient)
          : q.grant_type === 'sms_code'
            ? await phoneGrant(request, q, oauthClient)
            : await passwordGrant(request, q, oauthClient)
      // verified: the API log files this sign-in under the account it proved, not what was asked
      request.logOwner = { tenantId: issued.tenant_id, createBy: issued.account }
      return issued
    } catch (error) {
      if (error instanceof GrantError) return fail(error.status, error.error, error.message)
      if (error instanceof FamilyRevokedError) return fail(400, 'invalid_grant', '令牌已失效')
      throw error
    }
  }
}

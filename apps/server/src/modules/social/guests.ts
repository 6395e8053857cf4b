import {
  GUEST_STATUS,
  GUEST_USER_ID,
  guestContract,
  REGISTER_SUBMITTED,
  registerGuestCall,
  registerProblem,
} from '@xpark/contract/modules/social'
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { hashPassword } from '../../core/auth/passwords.js'
import { authOf } from '../../core/auth/plugin.js'
import { defineResource, lookup } from '../../core/crud/index.js'
import { badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { Answer, handle } from '../../core/http/calls.js'
import { nextId } from '../../core/ids.js'
import type { ModuleContext } from '../../core/module.js'
import type { Tx } from '../../db/client.js'
import { GrantError, type TokenGrant } from '../auth/index.js'
import { role } from '../authority/index.js'
import { user } from '../identity/index.js'
import { assertAccountQuota } from '../tenant/index.js'
import { findAccountById, handOutProblem, roleAuthority, tenantState } from '../user/index.js'
import { redeemTicket } from './flow.js'
import { findProvider, finishAuthorization, type Identity } from './oidc.js'
import { oauthProvider, socialUser } from './schema.js'

/**
 * Guests (spec 01 §2, §4, §6): a first third-party sign-in gets a guest token; the register dialog
 * files a request; an administrator of the tenant approves it (an account is made, with the role
 * chosen or the tenant's role aliased `guest`) or rejects it. Only an approved guest signs in.
 */

export const PENDING = '注册申请审核中,请耐心等待管理员通过'
export const REJECTED = '注册申请未通过,请联系管理员'
export const ALREADY_REGISTERED = '该第三方账号已注册,请直接登录'
export const TICKET_INVALID = '第三方登录凭证无效或已过期,请重新登录'
export const NOT_A_GUEST = '仅第三方登录的访客可以提交注册申请'
export const NO_GUEST_ROLE = '请选择角色(或先建立别名为 guest 的角色)'
/** the alias of the role an approved guest gets when the approver names none (seeded in the demo park) */
export const GUEST_ROLE_ALIAS = 'guest'

const denied = (message: string) => new GrantError(400, 'invalid_grant', message)
const oauthIdOf = (identity: Pick<Identity, 'providerId' | 'subject'>) =>
  `${identity.providerId}:${identity.subject}`
const guestKey = (tenantId: string, oauthId: string) => `social:guest:${tenantId}:${oauthId}`

/** The grants `social` (the callback's ticket) and `applet` (a mobile app's own code exchange). */
export function socialGrants(ctx: ModuleContext): Record<'social' | 'applet', TokenGrant> {
  const db = ctx.database.db

  const signInIdentity: (identity: Identity, ...rest: Parameters<TokenGrant>) => ReturnType<TokenGrant> =
    async (identity, _request, _q, c, tools) => {
      await tools.checkTenant(identity.tenantId)
      const [row] = await db
        .select({ status: socialUser.status, userId: socialUser.userId })
        .from(socialUser)
        .where(
          and(
            eq(socialUser.tenantId, identity.tenantId),
            eq(socialUser.providerId, identity.providerId),
            eq(socialUser.subject, identity.subject),
            eq(socialUser.isDeleted, 0),
          ),
        )
      if (!row) {
        const oauthId = oauthIdOf(identity)
        // what the register call files beside the form (the provider's e-mail)
        await ctx.cache.set(guestKey(identity.tenantId, oauthId), JSON.stringify(identity), 1800)
        return tools.guest(
          { tenantId: identity.tenantId, oauthId, account: identity.account, name: identity.name },
          c,
        )
      }
      if (row.status === GUEST_STATUS.pending) throw denied(PENDING)
      if (row.status !== GUEST_STATUS.approved || !row.userId) throw denied(REJECTED)
      return tools.signIn(await findAccountById(db, row.userId), c)
    }

  return {
    social: async (request, q, c, tools) => {
      const identity = q.ticket ? await redeemTicket(ctx, q.ticket) : null
      if (!identity) throw denied(TICKET_INVALID)
      return signInIdentity(identity, request, q, c, tools)
    },
    // the mobile companion runs the provider's sign-in itself (PKCE) and hands us the code
    applet: async (request, q, c, tools) => {
      if (q.scope !== 'all') throw new GrantError(400, 'invalid_scope', 'scope 必须为 all')
      if (!q.source || !q.code || !q.code_verifier || !q.redirect_uri)
        throw denied('参数缺失: source, code, code_verifier, redirect_uri')
      const tenantId = tools.tenantOf(request, q)
      let current: URL
      try {
        current = new URL(q.redirect_uri)
      } catch {
        throw denied('redirect_uri 无效')
      }
      current.searchParams.set('code', q.code)
      if (q.state) current.searchParams.set('state', q.state)
      const row = await findProvider(db, { code: q.source }).catch((error: Error) => {
        throw denied(error.message)
      })
      let identity: Identity
      try {
        identity = await finishAuthorization(
          ctx,
          row,
          current,
          { verifier: q.code_verifier, state: q.state, nonce: q.nonce, fillIssuer: true },
          tenantId,
        )
      } catch (error) {
        request.log.warn({ err: error }, 'applet sign-in: code exchange failed')
        throw denied('第三方登录失败')
      }
      return signInIdentity(identity, request, q, c, tools)
    },
  }
}

/** `POST blade-user/register-guest` (spec 01 §7 "Guest registration"): the guest token's own call. */
export function registerGuestRoute(api: Api, ctx: ModuleContext): void {
  const db = ctx.database.db
  handle(
    api,
    registerGuestCall,
    async (form, request) => {
      const auth = authOf(request)
      if (auth.userId !== GUEST_USER_ID || !auth.oauthId) throw badRequest(NOT_A_GUEST)
      const tenantAsked = ctx.config.tenantMode && !ctx.config.presetTenantId
      const problem = registerProblem(form, tenantAsked)
      if (problem) throw badRequest(problem)
      if (form.oauthId && form.oauthId !== auth.oauthId) throw badRequest('第三方账号与登录凭证不一致')
      const tenantId = tenantAsked ? (form.tenantId ?? '').trim() : auth.tenantId
      if ((await tenantState(db, tenantId)) !== 'ok') throw badRequest('未获得用户的租户信息')
      const colon = auth.oauthId.indexOf(':')
      const providerId = auth.oauthId.slice(0, colon)
      const subject = auth.oauthId.slice(colon + 1)
      await findProvider(db, { id: providerId })
      const account = (form.account ?? '').trim()
      const cached = await ctx.cache.get(guestKey(auth.tenantId, auth.oauthId))
      const email = cached ? (JSON.parse(cached) as Identity).email : ''
      const password = await hashPassword(form.password ?? '')
      await db.transaction(async (tx) => {
        // one writer per account name in a tenant (accounts and requests both hold names)
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`account:${tenantId}:${account}`}))`)
        const [mine] = await tx
          .select({ status: socialUser.status })
          .from(socialUser)
          .where(
            and(
              eq(socialUser.tenantId, tenantId),
              eq(socialUser.providerId, providerId),
              eq(socialUser.subject, subject),
              eq(socialUser.isDeleted, 0),
            ),
          )
          .for('update')
        if (mine)
          throw badRequest(
            mine.status === GUEST_STATUS.pending
              ? PENDING
              : mine.status === GUEST_STATUS.approved
                ? ALREADY_REGISTERED
                : REJECTED,
          )
        await assertAccountFree(tx, tenantId, account)
        await tx.insert(socialUser).values({
          id: nextId(),
          tenantId,
          providerId,
          subject,
          email,
          account,
          name: (form.name ?? '').trim() || account.slice(0, 20),
          password,
          status: GUEST_STATUS.pending,
        })
      })
      return new Answer({}, REGISTER_SUBMITTED)
    },
    { config: { guest: true } },
  )
}

/** No live account and no open request (pending or approved) of another person holds the name. */
async function assertAccountFree(tx: Tx, tenantId: string, account: string, exceptRequest?: string) {
  const taken = `当前用户 [${account}] 已存在!`
  const [existing] = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.account, account), eq(user.isDeleted, 0)))
    .limit(1)
  if (existing) throw badRequest(taken)
  const [requested] = await tx
    .select({ id: socialUser.id })
    .from(socialUser)
    .where(
      and(
        eq(socialUser.tenantId, tenantId),
        eq(socialUser.account, account),
        eq(socialUser.isDeleted, 0),
        inArray(socialUser.status, [GUEST_STATUS.pending, GUEST_STATUS.approved]),
        exceptRequest ? ne(socialUser.id, exceptRequest) : undefined,
      ),
    )
    .limit(1)
  if (requested) throw badRequest(taken)
}

/** `blade-user/guest`: the tenant's registrations; approve makes the account, reject closes the request. */
export const guests = defineResource({
  contract: guestContract,
  table: socialUser,
  omit: ['password'],
  expand: { providerName: lookup(oauthProvider, 'name', 'providerId') },
  actions: {
    approve: {
      run: async ({ tx, auth, rows, input }) => {
        const tenantId = auth.tenantId
        const wanted = typeof input.roleId === 'string' ? input.roleId : undefined
        const [chosen] = await tx
          .select({ id: role.id })
          .from(role)
          .where(
            and(
              eq(role.tenantId, tenantId),
              eq(role.isDeleted, 0),
              wanted ? eq(role.id, wanted) : eq(role.roleAlias, GUEST_ROLE_ALIAS),
            ),
          )
          .limit(1)
        if (!chosen) throw badRequest(NO_GUEST_ROLE)
        // the approver hands the role out: only one it may hand out (as on the user screen)
        const problem = handOutProblem(auth, await roleAuthority(tx, auth), [chosen.id])
        if (problem) throw badRequest(problem)
        // the new accounts count against the tenant's quota, as any account does
        await assertAccountQuota(tx, tenantId, rows.length)
        for (const row of rows) {
          const requestId = String(row.id)
          // the reads leave the password out: the locked row's own columns
          const [request] = await tx
            .select({
              account: socialUser.account,
              password: socialUser.password,
              name: socialUser.name,
              email: socialUser.email,
            })
            .from(socialUser)
            .where(eq(socialUser.id, requestId))
          if (!request) continue
          const account = request.account
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`account:${tenantId}:${account}`}))`)
          await assertAccountFree(tx, tenantId, account, requestId)
          const userId = nextId()
          await tx.insert(user).values({
            id: userId,
            tenantId,
            account,
            password: request.password,
            name: request.name,
            realName: request.name,
            email: request.email.slice(0, 45),
            roleId: chosen.id,
            createUser: auth.userId,
            updateUser: auth.userId,
          })
          await tx.update(socialUser).set({ userId }).where(eq(socialUser.id, requestId))
        }
      },
    },
    reject: {},
  },
})

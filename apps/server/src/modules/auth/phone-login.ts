import { phoneProblem } from '@xpark/contract'
import { smsCaptchaCall, smsPasswordCall } from '@xpark/contract/schemas'
import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { hashPassword } from '../../core/auth/passwords.js'
import { authOf } from '../../core/auth/plugin.js'
import { AppError, badRequest } from '../../core/errors.js'
import type { Api } from '../../core/http/api.js'
import { Answer, handle } from '../../core/http/calls.js'
import type { ModuleContext } from '../../core/module.js'
import { scoped } from '../../core/tenancy.js'
import type { Db } from '../../db/client.js'
import { user } from '../identity/index.js'
import { resourceService } from '../resource/index.js'
import {
  PHONE_CODE_TTL_SECONDS,
  PHONE_CODE_WRONG,
  type PhoneCodePurpose,
  type PhoneCodes,
} from './phone-codes.js'

/** Spec 01 §5 phone checks, answered as a 400 with their texts. */
export function checkPhone(phone: string | undefined): string {
  const value = (phone ?? '').trim()
  const problem = phoneProblem(value)
  if (problem) throw badRequest(problem)
  return value
}

/** The enabled accounts of a tenant with this phone number (a phone sign-in needs exactly one). */
export async function accountsWithPhone(
  db: Db,
  tenantId: string,
  phone: string,
): Promise<{ id: string; account: string }[]> {
  return db
    .select({ id: user.id, account: user.account })
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.phone, phone), eq(user.status, 1), eq(user.isDeleted, 0)))
    .limit(2)
}

/** What the code's SMS says, through the tenant's enabled SMS configuration (the log provider without one). */
async function sendCode(
  ctx: ModuleContext,
  request: FastifyRequest,
  codes: PhoneCodes,
  to: { tenantId: string; phone: string; account: string; purpose: PhoneCodePurpose },
): Promise<void> {
  const code = await codes.issue(to.tenantId, to.purpose, to.phone)
  const sent = await resourceService(ctx).sendSms(
    // filed in the tenant's usual log as the account it was sent for (the log provider's "message")
    { app: request.server, owner: { tenantId: to.tenantId, createBy: to.account } },
    to.tenantId,
    { phones: [to.phone], params: { code, minutes: String(PHONE_CODE_TTL_SECONDS / 60) } },
  )
  if (!sent.success) throw badRequest(`短信发送失败: ${sent.msg}`)
}

/** A code went out (or would have): the phone masked, how long the code lives. */
const sent = (phone: string) =>
  new Answer(
    { phone: `${phone.slice(0, 3)}****${phone.slice(7)}`, expireSeconds: PHONE_CODE_TTL_SECONDS },
    '验证码已发送',
  )

/**
 * `GET blade-auth/oauth/sms/captcha?phone=` (public): a sign-in code to the phone through the
 * tenant's SMS configuration. The answer is the same whether an account has the phone or not (no
 * way to learn who is a user); only then is a message sent. Budgets per phone and per address.
 */
export function phoneLoginRoutes(
  api: Api,
  ctx: ModuleContext,
  codes: PhoneCodes,
  tenantOf: (request: FastifyRequest, q: { tenantId?: string }) => string,
): void {
  const db = ctx.database.db
  handle(api, smsCaptchaCall, async (query, request) => {
    const phone = checkPhone(query.phone)
    const tenantId = tenantOf(request, query)
    await codes.allowSend(tenantId, phone, request.ip)
    const [first] = await accountsWithPhone(db, tenantId, phone)
    if (first)
      await sendCode(ctx, request, codes, { tenantId, phone, account: first.account, purpose: 'login' })
    return sent(phone)
  })

  // spec 01 §7 `smsForUpdate-password (phone)`: the signed-in person changes their password with a
  // code sent to their own phone instead of the old password (first call: phone → code; second:
  // phone, phoneCode, newPassword, newPassword1, the MD5 hex the console sends)
  handle(
    api,
    smsPasswordCall,
    async (q, request) => {
      const auth = authOf(request)
      const phone = checkPhone(q.phone)
      const [row] = await db
        .select({ phone: user.phone, account: user.account })
        .from(user)
        .where(scoped(user, auth, eq(user.id, auth.userId)))
      if (!row) throw new AppError(404, '用户不存在')
      if (row.phone !== phone) throw badRequest('手机号与账号绑定的手机号不一致')
      if (!q.phoneCode) {
        await codes.allowSend(auth.tenantId, phone, request.ip)
        await sendCode(ctx, request, codes, {
          tenantId: auth.tenantId,
          phone,
          account: row.account,
          purpose: 'password',
        })
        return sent(phone)
      }
      if (!q.newPassword || !q.newPassword1) throw badRequest('请输入新密码')
      if (q.newPassword !== q.newPassword1) throw badRequest('请输入正确的确认密码!')
      if (!(await codes.consume(auth.tenantId, 'password', phone, q.phoneCode)))
        throw badRequest(PHONE_CODE_WRONG)
      await db
        .update(user)
        .set({
          password: await hashPassword(q.newPassword),
          passwordDefault: false,
          mustChangePassword: false,
          updateTime: new Date(),
          updateUser: auth.userId,
        })
        .where(scoped(user, auth, eq(user.id, auth.userId)))
      // as update-password: other sessions of the account end, this one stays
      await request.server.sessionControl.endUsers([auth.userId], { keepFamily: auth.familyId })
      return {}
    },
    { config: { beforePasswordChange: true } },
  )
}

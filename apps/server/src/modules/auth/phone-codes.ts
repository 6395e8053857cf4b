import { randomInt } from 'node:crypto'
import type { Cache } from '../../core/cache/index.js'
import { AppError } from '../../core/errors.js'

/**
 * SMS verification codes (phone sign-in, password change by SMS): six digits, five minutes,
 * single-use, kept in the cache (Redis across nodes) per tenant, purpose and phone. Sending is
 * limited per phone (one a minute, ten a day) and per address (ten an hour); a code takes five wrong
 * guesses at most, then it is void.
 */
export const PHONE_CODE_TTL_SECONDS = 300
export const PHONE_CODE_LENGTH = 6
export const PHONE_CODE_LIMITS = {
  perPhoneMinute: 1,
  perPhoneDay: 10,
  perAddressHour: 10,
  wrongGuesses: 5,
} as const

export type PhoneCodePurpose = 'login' | 'password'

export const TOO_FREQUENT = '请求过于频繁,请稍后再试'
/** a code that is wrong, used, void or expired: one answer, so a guesser learns nothing more */
export const PHONE_CODE_WRONG = '验证码不正确或已失效'

const key = (tenantId: string, purpose: PhoneCodePurpose, phone: string) =>
  `phone-code:${purpose}:${tenantId}:${phone}`

export class PhoneCodes {
  constructor(private readonly cache: Cache) {}

  /** Counts the request against the phone's and the address's budgets; throws 429 past either. */
  async allowSend(tenantId: string, phone: string, ip: string): Promise<void> {
    const [minute, day, address] = await Promise.all([
      this.cache.incr(`phone-code:rate:m:${tenantId}:${phone}`, 60),
      this.cache.incr(`phone-code:rate:d:${tenantId}:${phone}`, 86_400),
      this.cache.incr(`phone-code:rate:ip:${ip}`, 3600),
    ])
    if (
      minute > PHONE_CODE_LIMITS.perPhoneMinute ||
      day > PHONE_CODE_LIMITS.perPhoneDay ||
      address > PHONE_CODE_LIMITS.perAddressHour
    )
      throw new AppError(429, TOO_FREQUENT)
  }

  /** A new code for the phone (replacing any earlier one). */
  async issue(tenantId: string, purpose: PhoneCodePurpose, phone: string): Promise<string> {
    const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0')
    await this.cache.set(key(tenantId, purpose, phone), code, PHONE_CODE_TTL_SECONDS)
    await this.cache.del(`${key(tenantId, purpose, phone)}:wrong`)
    return code
  }

  /** True once for the right code: it is consumed; a wrong guess counts, the fifth voids the code. */
  async consume(tenantId: string, purpose: PhoneCodePurpose, phone: string, code: string): Promise<boolean> {
    const k = key(tenantId, purpose, phone)
    if (!/^\d{6}$/.test(code)) return false
    const stored = await this.cache.get(k)
    if (stored === null) return false
    if (stored !== code) {
      if ((await this.cache.incr(`${k}:wrong`, PHONE_CODE_TTL_SECONDS)) >= PHONE_CODE_LIMITS.wrongGuesses)
        await this.cache.del(k)
      return false
    }
    // take: of two requests with the right code, one wins
    return (await this.cache.take(k)) === code
  }
}

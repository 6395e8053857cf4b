import type { Cache } from '../../core/cache/index.js'

export interface LoginLimitOptions {
  /** wrong passwords from one address for one account before that pair is locked */
  failLimit: number
  /** how long a lock (and the failure counts behind it) last, in seconds */
  lockSeconds: number
  /** sign-in attempts per minute from one address (more: 429) */
  perAddressPerMinute: number
  /** sign-in attempts per minute for one account, from anywhere, before its sign-ins need the captcha */
  perAccountPerMinute: number
  /** wrong passwords from one address (any account) before its sign-ins need the captcha */
  captchaAfter: number
}

/**
 * Sign-in throttling that nobody can turn against someone else (issue 7). The lock is per account
 * *and* address: five wrong passwords from one address lock that address out of that account, not
 * the account for everyone. Guessing costs more as it goes: after a few wrong passwords from an
 * address, or a burst of attempts on one account from anywhere (many addresses), sign-ins there need
 * the captcha even when the captcha is off — a person solves it, a script has to stop. Addresses
 * are limited per minute as before.
 */
export class LoginLimits {
  constructor(
    private readonly cache: Cache,
    private readonly o: LoginLimitOptions,
  ) {}

  private account(tenantId: string, account: string) {
    return `${tenantId}:${account.toLowerCase()}`
  }
  private pairKey(ip: string, tenantId: string, account: string) {
    return `login:fail:pair:${this.account(tenantId, account)}:${ip}`
  }
  private addressKey(ip: string) {
    return `login:fail:ip:${ip}`
  }
  private accountRateKey(tenantId: string, account: string) {
    return `login:rate:acct:${this.account(tenantId, account)}`
  }

  /** Count this attempt; false when the address is over its per-minute budget. */
  async allowAttempt(ip: string, tenantId: string, account: string): Promise<boolean> {
    const [byIp] = await Promise.all([
      this.cache.incr(`login:rate:ip:${ip}`, 60),
      this.cache.incr(this.accountRateKey(tenantId, account), 60),
    ])
    return byIp <= this.o.perAddressPerMinute
  }

  /** The captcha is needed here even when it is off: this address guessed, or this account is besieged. */
  async needsCaptcha(ip: string, tenantId: string, account: string): Promise<boolean> {
    const [fromAddress, onAccount] = await Promise.all([
      this.cache.get(this.addressKey(ip)),
      this.cache.get(this.accountRateKey(tenantId, account)),
    ])
    return (
      Number(fromAddress ?? 0) >= this.o.captchaAfter || Number(onAccount ?? 0) > this.o.perAccountPerMinute
    )
  }

  async isLocked(ip: string, tenantId: string, account: string): Promise<boolean> {
    return Number((await this.cache.get(this.pairKey(ip, tenantId, account))) ?? 0) >= this.o.failLimit
  }

  async recordFailure(ip: string, tenantId: string, account: string): Promise<void> {
    await Promise.all([
      this.cache.incr(this.pairKey(ip, tenantId, account), this.o.lockSeconds),
      this.cache.incr(this.addressKey(ip), this.o.lockSeconds),
    ])
  }

  /**
   * The right password from this address: its lock on this account is lifted. The address's own count
   * stays (a guesser with one account of their own must not reset it by signing in to it).
   */
  async clearFailures(ip: string, tenantId: string, account: string): Promise<void> {
    await this.cache.del(this.pairKey(ip, tenantId, account))
  }
}

import type { Cache } from '../../core/cache/index.js'

/** Sign-in throttling: a window per address and per account, and a lock after repeated wrong passwords. */
export class LoginLimits {
  constructor(
    private readonly cache: Cache,
    private readonly failLimit: number,
    private readonly lockSeconds: number,
    private readonly perAddressPerMinute: number,
    private readonly perAccountPerMinute: number,
  ) {}

  private failKey(tenantId: string, account: string) {
    return `login:fail:${tenantId}:${account.toLowerCase()}`
  }

  /** Count this attempt; false when the address or the account is over its per-minute budget. */
  async allowAttempt(ip: string, tenantId: string, account: string): Promise<boolean> {
    const [byIp, byAccount] = await Promise.all([
      this.cache.incr(`login:rate:ip:${ip}`, 60),
      this.cache.incr(`login:rate:acct:${tenantId}:${account.toLowerCase()}`, 60),
    ])
    return byIp <= this.perAddressPerMinute && byAccount <= this.perAccountPerMinute
  }

  async isLocked(tenantId: string, account: string): Promise<boolean> {
    return Number((await this.cache.get(this.failKey(tenantId, account))) ?? 0) >= this.failLimit
  }

  async recordFailure(tenantId: string, account: string): Promise<void> {
    await this.cache.incr(this.failKey(tenantId, account), this.lockSeconds)
  }

  async clearFailures(tenantId: string, account: string): Promise<void> {
    await this.cache.del(this.failKey(tenantId, account))
  }
}

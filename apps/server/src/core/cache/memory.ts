import type { Cache } from './cache.js'

interface Entry {
  value: string
  expiresAt: number
}

export class MemoryCache implements Cache {
  readonly kind = 'memory' as const
  private readonly entries = new Map<string, Entry>()
  private readonly sweeper: NodeJS.Timeout

  constructor(sweepMs = 60_000) {
    // Expired entries are dropped on read; the sweep bounds memory for keys never read again.
    this.sweeper = setInterval(() => this.sweep(), sweepMs)
    this.sweeper.unref()
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key)
    if (entry && entry.expiresAt <= Date.now()) {
      this.entries.delete(key)
      return undefined
    }
    return entry
  }

  private sweep(): void {
    const now = Date.now()
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key)
  }

  async get(key: string) {
    return this.live(key)?.value ?? null
  }

  async getMany(keys: readonly string[]) {
    return keys.map((key) => this.live(key)?.value ?? null)
  }

  async set(key: string, value: string, ttlSeconds: number) {
    this.entries.set(key, { value, expiresAt: Date.now() + ttlSeconds * 1000 })
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number) {
    if (this.live(key)) return false
    await this.set(key, value, ttlSeconds)
    return true
  }

  async take(key: string) {
    const value = this.live(key)?.value ?? null
    this.entries.delete(key)
    return value
  }

  async del(key: string) {
    this.entries.delete(key)
  }

  async incr(key: string, ttlSeconds: number) {
    const entry = this.live(key)
    const next = (entry ? Number(entry.value) : 0) + 1
    this.entries.set(key, {
      value: String(next),
      expiresAt: entry?.expiresAt ?? Date.now() + ttlSeconds * 1000,
    })
    return next
  }

  async clearPrefix(prefix: string) {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key)
  }

  async reachable() {
    return true
  }

  async close() {
    clearInterval(this.sweeper)
    this.entries.clear()
  }
}
